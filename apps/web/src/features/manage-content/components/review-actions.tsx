import {
  type ContentVideo,
  negativeFeedbackReasons,
  positiveFeedbackReasons,
  type ReviewDecision,
} from '@clipmarket/contracts/content-delivery';
import {
  Alert,
  Button,
  Chip,
  Group,
  Input,
  Modal,
  Rating,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconCheck, IconCircleX, IconPencil } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useReview } from '../api/manage-content';
import { type DraftNote, notesBody, RevisionNoteEditor } from './revision-note-editor';

const COMMENT_MAX = 2000;

/**
 * The advertiser's decision on a submitted video (spec §3): approve (reasons, a 1–5 rating,
 * a comment), ask for a revision (reasons and what to change; not past the revision cap) or
 * decline (reasons and why, confirmed first). Each opens its own dialog; closing it gives the
 * focus back to the button that opened it (Mantine's `returnFocus`). A revision may carry notes
 * placed on the reviewed version's timeline (issue 27 §3).
 */
export function ReviewActions({
  lineId,
  revisionsUsed,
  revisionCap,
  fundsSecured = false,
  video,
}: {
  lineId: number;
  revisionsUsed: number;
  revisionCap: number;
  /** The version under review: its preview takes the revision's notes. */
  video?: ContentVideo | undefined;
  /** The price is reserved (at sending, or at the application's approval): approving pays it. */
  fundsSecured?: boolean;
}) {
  const { t } = useTranslation('manage-content');
  const capHintId = useId();
  const [open, setOpen] = useState<ReviewDecision | null>(null);
  // The last decision opened stays while its dialog closes (its transition, then the focus
  // goes back to its button).
  const [decision, setDecision] = useState<ReviewDecision>('approve');
  const show = (next: ReviewDecision) => {
    setDecision(next);
    setOpen(next);
  };
  const capReached = revisionsUsed >= revisionCap;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button
          color="teal"
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={() => show('approve')}
        >
          {t('review.approve')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPencil size={18} aria-hidden />}
          disabled={capReached}
          aria-describedby={capHintId}
          onClick={() => show('debrief')}
        >
          {t('review.debrief')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconCircleX size={18} aria-hidden />}
          onClick={() => show('reject')}
        >
          {t('review.reject')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" id={capHintId}>
        {capReached
          ? t('review.capReached', { cap: revisionCap })
          : t('review.revisionsLeft', { used: revisionsUsed, cap: revisionCap })}
      </Text>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t(`review.${decision}Title`)}
        size={decision === 'debrief' && video ? 'xl' : 'lg'}
      >
        <ReviewForm
          lineId={lineId}
          decision={decision}
          fundsSecured={fundsSecured}
          video={video}
          onClose={() => setOpen(null)}
        />
      </Modal>
    </Stack>
  );
}

function ReviewForm({
  lineId,
  decision,
  fundsSecured,
  video,
  onClose,
}: {
  lineId: number;
  decision: ReviewDecision;
  fundsSecured: boolean;
  video: ContentVideo | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('manage-content');
  const errorMessage = useApiErrorMessage();
  const review = useReview(lineId);
  const reasonsLabelId = useId();
  const ratingLabelId = useId();
  const [reasons, setReasons] = useState<string[]>([]);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reasons?: string; rating?: string; comment?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [notes, setNotes] = useState<DraftNote[]>([]);
  const takesNotes = decision === 'debrief' && video?.status === 'ready';
  const approving = decision === 'approve';
  const choices = approving ? positiveFeedbackReasons : negativeFeedbackReasons;

  const send = () => {
    const trimmed = comment.trim();
    const found: typeof errors = {};
    if (approving && (rating < 1 || rating > 5)) found.rating = t('review.ratingRequired');
    if (!approving && reasons.length === 0) found.reasons = t('review.reasonsRequired');
    if (!approving && !trimmed) found.comment = t('review.commentRequired');
    if (trimmed.length > COMMENT_MAX) found.comment = t('review.commentTooLong');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (decision === 'reject' && !confirming) return setConfirming(true);
    const body = approving
      ? {
          decision: 'approve' as const,
          feedback_reasons: reasons as (typeof positiveFeedbackReasons)[number][],
          rating,
          ...(trimmed ? { comment: trimmed } : {}),
        }
      : decision === 'debrief'
        ? {
            decision,
            feedback_reasons: reasons as (typeof negativeFeedbackReasons)[number][],
            comment: trimmed,
            notes: takesNotes ? notesBody(notes) : [],
          }
        : {
            decision,
            feedback_reasons: reasons as (typeof negativeFeedbackReasons)[number][],
            comment: trimmed,
          };
    review.mutate(body, {
      onSuccess: () => {
        onClose();
        // Reserved, the price is paid with the approval: nothing is left to pay.
        const message =
          approving && fundsSecured ? t('review.approvedPaid') : t(`review.done.${decision}`);
        toasts.show({ color: 'green', message });
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {approving && fundsSecured
            ? t('review.approveReservedIntro')
            : t(`review.${decision}Intro`)}
        </Text>
        <div role="group" aria-labelledby={reasonsLabelId}>
          <Text id={reasonsLabelId} size="sm" fw={600} mb={6}>
            {approving ? t('review.positiveReasons') : t('review.negativeReasons')}
          </Text>
          <Chip.Group multiple value={reasons} onChange={setReasons}>
            <Group gap="xs">
              {choices.map((key) => (
                <Chip key={key} value={key} size="sm" variant="outline">
                  {t(`reasons.${key}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.reasons && <Input.Error mt={6}>{errors.reasons}</Input.Error>}
        </div>
        {approving && (
          <div>
            <Text id={ratingLabelId} size="sm" fw={600} mb={6}>
              {t('review.rating')}{' '}
              <Text span c="red">
                *
              </Text>
            </Text>
            <Rating
              value={rating}
              onChange={setRating}
              size="lg"
              aria-labelledby={ratingLabelId}
              getSymbolLabel={(value) => t('review.stars', { count: value })}
            />
            {errors.rating && <Input.Error mt={6}>{errors.rating}</Input.Error>}
          </div>
        )}
        <Textarea
          label={approving ? t('review.commentOptional') : t('review.comment')}
          required={!approving}
          autosize
          minRows={3}
          maxRows={8}
          value={comment}
          error={errors.comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setConfirming(false);
          }}
        />
        {takesNotes && video && (
          <RevisionNoteEditor video={video} notes={notes} onChange={setNotes} />
        )}
        {confirming && (
          <Alert color="red" role="alert" title={t('review.confirmRejectTitle')}>
            {t('review.confirmRejectText')}
          </Alert>
        )}
        {review.isError && (
          <Alert color="red" role="alert">
            {errorMessage(review.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={review.isPending}>
            {t('review.cancel')}
          </Button>
          <Button
            type="submit"
            color={decision === 'reject' ? 'red' : decision === 'approve' ? 'teal' : undefined}
            loading={review.isPending}
          >
            {confirming ? t('review.confirmReject') : t(`review.${decision}Submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

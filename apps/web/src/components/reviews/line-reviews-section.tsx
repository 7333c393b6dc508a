import {
  REVIEW_CONTEST_REASON_MAX,
  REVIEW_REPLY_MAX,
  reviewableLineStates,
  type LineReviews,
  type Review,
} from '@clipmarket/contracts/reviews';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '../load-error-alert';
import { IconInfoCircle } from '../icons';
import { useApiErrorMessage } from '../../lib/api-error-message';
import { useLineReviews, useReviewAction } from '../../lib/reviews';
import { formatDay } from '../../lib/tunis-time';
import { useTranslation } from '../../lib/use-translation';
import { ReviewCard } from './review-card';
import { ReviewForm } from './review-form';

/**
 * A line's reviews on its page (issue 27 §2), once the content fee is paid: the form, then
 * "hidden until …" for the caller's own, the other side's once visible, with reply and contest.
 */
export function LineReviewsSection({ lineId, status }: { lineId: number; status: string }) {
  const isReviewable = (reviewableLineStates as readonly string[]).includes(status);
  const { t } = useTranslation('reviews');
  const titleId = useId();
  const reviews = useLineReviews(lineId, isReviewable);
  if (!isReviewable) return null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {t('section.title')}
        </Title>
        {reviews.isError ? (
          <LoadErrorAlert
            error={reviews.error}
            message={t('section.loadError')}
            onRetry={() => void reviews.refetch()}
          />
        ) : reviews.data ? (
          <LineReviewsView data={reviews.data} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function LineReviewsView({ data }: { data: LineReviews }) {
  const { t, i18n } = useTranslation('reviews');
  const language = i18n.language;
  const lineId = data.content_request_influencer_id;
  const other = data.other_name;
  return (
    <Stack gap="md">
      {data.can_write && <ReviewForm lineId={lineId} side={data.my_role} otherName={other} />}
      {data.mine && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('mine.title')}
          </Title>
          <Alert
            color={
              data.mine.contest_state === 'removed' ? 'red' : data.mine.is_visible ? 'teal' : 'blue'
            }
            icon={<IconInfoCircle size={20} aria-hidden />}
            role="status"
          >
            {data.mine.contest_state === 'removed'
              ? t('mine.removed')
              : data.mine.is_visible
                ? t('mine.visible', { name: other })
                : t('mine.hidden', {
                    name: other,
                    date: formatDay(data.mine.visible_from, language),
                  })}
          </Alert>
          <ReviewCard review={data.mine} title={t('mine.title')} />
        </Stack>
      )}
      {data.theirs ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('theirs.title', { name: other })}
          </Title>
          <ReviewCard review={data.theirs}>
            <SubjectActions data={data} review={data.theirs} />
          </ReviewCard>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {data.theirs_written
            ? t('theirs.hidden', { name: other })
            : t('theirs.waiting', { name: other })}
        </Text>
      )}
    </Stack>
  );
}

/** The subject's reply (once) and contest (within 7 days, once) on a visible review. */
function SubjectActions({ data, review }: { data: LineReviews; review: Review }) {
  const { t, i18n } = useTranslation('reviews');
  const [open, setOpen] = useState<'reply' | 'contest' | null>(null);
  if (!data.can_reply && !data.can_contest) return null;
  return (
    <Stack gap="xs">
      {open === null && (
        <Group gap="xs">
          {data.can_reply && (
            <Button variant="light" size="xs" onClick={() => setOpen('reply')}>
              {t('reply.open')}
            </Button>
          )}
          {data.can_contest && (
            <Button variant="subtle" color="red" size="xs" onClick={() => setOpen('contest')}>
              {t('contest.open')}
            </Button>
          )}
        </Group>
      )}
      {open !== null && (
        <ActionForm
          lineId={data.content_request_influencer_id}
          reviewId={review.id}
          action={open}
          hint={
            open === 'contest' && data.contest_until
              ? t('contest.hint', { date: formatDay(data.contest_until, i18n.language) })
              : undefined
          }
          onDone={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

function ActionForm({
  lineId,
  reviewId,
  action,
  hint,
  onDone,
}: {
  lineId: number;
  reviewId: number;
  action: 'reply' | 'contest';
  hint?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('reviews');
  const errorMessage = useApiErrorMessage();
  const mutation = useReviewAction(lineId, action);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const max = action === 'reply' ? REVIEW_REPLY_MAX : REVIEW_CONTEST_REASON_MAX;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (value === '' || value.length > max) {
          setError(t(`${action}.error`));
          return;
        }
        setError(undefined);
        mutation.mutate(
          { reviewId, body: action === 'reply' ? { reply: value } : { reason: value } },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t(`${action}.label`)}
          description={hint}
          required
          autosize
          minRows={2}
          maxLength={max}
          value={text}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        {mutation.isError && (
          <Alert color="red" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={mutation.isPending}>
            {t(`${action}.submit`)}
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            {t(`${action}.cancel`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

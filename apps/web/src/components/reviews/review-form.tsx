import {
  REVIEW_COMMENT_MAX,
  REVIEW_LOW_RATING,
  REVIEW_MESSAGES,
  reviewInputSchemaOf,
  reviewRulesOf,
  type ReviewAuthorRole,
  type ReviewInput,
} from '@clipmarket/contracts/reviews';
import { Alert, Button, Chip, Group, Input, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useApiErrorMessage } from '../../lib/api-error-message';
import { useWriteReview } from '../../lib/reviews';
import { useTranslation } from '../../lib/use-translation';
import { StarRatingField } from './star-rating-field';

type Errors = Partial<Record<string, string>>;

/**
 * "Review this collaboration" (issue 27 §2): the overall stars, each criterion of the other
 * side with its level anchors, reasons and a comment required at 2 stars or below — the
 * contract's schema checks it here and on the server alike.
 */
export function ReviewForm({
  lineId,
  side,
  otherName,
}: {
  lineId: number;
  side: ReviewAuthorRole;
  otherName: string;
}) {
  const { t } = useTranslation('reviews');
  const errorMessage = useApiErrorMessage();
  const write = useWriteReview(lineId);
  const rules = reviewRulesOf(side);
  const titleId = useId();
  const reasonsId = useId();
  const [rating, setRating] = useState(0);
  const [criteria, setCriteria] = useState<Record<string, number>>({});
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const isLow = rating > 0 && rating <= REVIEW_LOW_RATING;

  function messageOf(path: string, message: string): string {
    if (path === 'rating') return t('form.errors.rating');
    if (path.startsWith('criteria')) return t('form.errors.criterion');
    if (path === 'reasons') return t('form.errors.reasons');
    if (path === 'comment') {
      return message === REVIEW_MESSAGES.commentMax
        ? t('form.errors.commentMax')
        : t('form.errors.comment');
    }
    return message;
  }

  function submit() {
    const values = {
      rating,
      // Every criterion of the side, unrated ones as 0 so each gets its message.
      criteria: Object.fromEntries(rules.criteria.map((key) => [key, criteria[key] ?? 0])),
      reasons,
      comment,
    };
    const result = reviewInputSchemaOf(side).safeParse(values);
    if (!result.success) {
      const found: Errors = {};
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.');
        if (!(path in found)) found[path] = messageOf(path, issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    write.mutate(result.data as ReviewInput);
  }

  return (
    <form
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={titleId}>
            {t('form.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('form.intro', { name: otherName })}
          </Text>
        </div>
        <StarRatingField
          label={t('form.rating')}
          value={rating}
          onChange={setRating}
          error={errors.rating}
          size="xl"
        />
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('form.criteria')}
          </Text>
          {rules.criteria.map((criterion) => (
            <StarRatingField
              key={criterion}
              label={t(`criteria.${criterion}`)}
              hint={t(`criteriaHints.${criterion}`)}
              value={criteria[criterion] ?? 0}
              onChange={(value) => setCriteria((current) => ({ ...current, [criterion]: value }))}
              error={errors[`criteria.${criterion}`]}
              size="md"
            />
          ))}
        </Stack>
        {isLow && (
          <div role="group" aria-labelledby={reasonsId}>
            <Text id={reasonsId} size="sm" fw={600} mb={6}>
              {t('form.reasons')}{' '}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </Text>
            <Chip.Group multiple value={reasons} onChange={setReasons}>
              <Group gap="xs">
                {rules.reasons.map((reason) => (
                  <Chip key={reason} value={reason} size="sm" variant="outline">
                    {t(`reasons.${reason}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.reasons && <Input.Error mt={6}>{errors.reasons}</Input.Error>}
          </div>
        )}
        <Textarea
          label={isLow ? t('form.commentRequired') : t('form.comment')}
          required={isLow}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          error={errors.comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {write.isError && (
          <Alert color="red" role="alert">
            {errorMessage(write.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={write.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

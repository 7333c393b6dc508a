import { contestStates, type AdminReview, type ContestState } from '@clipmarket/contracts/reviews';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ReviewCard } from '../../../components/reviews/review-card';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDay } from '../../../lib/tunis-time';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminReviews, useDecideContest } from '../api/admin-reviews';

/**
 * `/admin/reviews` (ADMIN, issue 27 §2): reviews their subject contested, newest first; the
 * team keeps or removes each (a removed review leaves every list and summary).
 */
export default function AdminReviewsPage() {
  const { t } = useTranslation('reviews');
  const [state, setState] = useState<ContestState>('open');
  const reviews = useAdminReviews(state);
  const items = reviews.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('admin.title')}</Title>
        <Text c="dimmed">{t('admin.intro')}</Text>
      </div>
      <SegmentedControl
        aria-label={t('admin.state')}
        value={state}
        onChange={(value) => setState(value as ContestState)}
        data={contestStates.map((value) => ({ value, label: t(`admin.states.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {reviews.isError ? (
        <LoadErrorAlert
          error={reviews.error}
          message={t('section.loadError')}
          onRetry={() => void reviews.refetch()}
        />
      ) : !reviews.data ? (
        <Loader size="sm" aria-label={t('admin.title')} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('admin.empty')}</Text>
      ) : (
        <Stack gap="md">
          {items.map((review) => (
            <ContestedReview key={review.id} review={review} />
          ))}
          {reviews.hasNextPage && (
            <Group>
              <Button
                variant="default"
                loading={reviews.isFetchingNextPage}
                onClick={() => void reviews.fetchNextPage()}
              >
                {t('admin.more')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function ContestedReview({ review }: { review: AdminReview }) {
  const { t, i18n } = useTranslation('reviews');
  const decide = useDecideContest();
  const errorMessage = useApiErrorMessage();
  return (
    <ReviewCard review={review}>
      <Stack gap={4}>
        <Text size="sm">
          {t('admin.line', { reference: review.line_reference })} ·{' '}
          {t('admin.about', { name: review.subject_name })}
        </Text>
        {review.contest_reason && (
          <Text size="sm" fw={600}>
            {t('admin.reason', { reason: review.contest_reason })}
          </Text>
        )}
        {review.contested_at && (
          <Text size="xs" c="dimmed">
            {formatDay(review.contested_at, i18n.language)}
          </Text>
        )}
      </Stack>
      {decide.isError && (
        <Alert color="red" role="alert">
          {errorMessage(decide.error)}
        </Alert>
      )}
      {review.contest_state === 'open' && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={decide.isPending && decide.variables?.body.decision === 'uphold'}
            onClick={() => decide.mutate({ reviewId: review.id, body: { decision: 'uphold' } })}
          >
            {t('admin.uphold')}
          </Button>
          <Button
            size="xs"
            color="red"
            loading={decide.isPending && decide.variables?.body.decision === 'remove'}
            onClick={() => decide.mutate({ reviewId: review.id, body: { decision: 'remove' } })}
          >
            {t('admin.remove')}
          </Button>
        </Group>
      )}
    </ReviewCard>
  );
}

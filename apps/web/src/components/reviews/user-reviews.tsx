import type { RatingSummary } from '@clipmarket/contracts/reviews';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { LoadErrorAlert } from '../load-error-alert';
import { formatNumber } from '../../lib/format';
import { useUserReviews, type ReviewsOf } from '../../lib/reviews';
import { useTranslation } from '../../lib/use-translation';
import { ReviewCard } from './review-card';
import { ReviewStars } from './review-stars';

/** "4.6 out of 5 from 12 reviews" with each criterion's average. */
export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  const { t, i18n } = useTranslation('reviews');
  const language = i18n.language;
  if (summary.count === 0 || summary.average === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <ReviewStars value={summary.average} size="lg" />
        <Text size="sm" fw={600}>
          {t('list.summary', {
            count: summary.count,
            average: formatNumber(summary.average, language),
          })}
        </Text>
      </Group>
      <Group gap="md" component="dl" m={0}>
        {Object.entries(summary.criteria).map(([criterion, value]) => (
          <Group key={criterion} gap={4} wrap="nowrap">
            <Text component="dt" size="xs" c="dimmed">
              {t(`criteria.${criterion}`, { defaultValue: criterion })}
            </Text>
            <Text component="dd" size="xs" m={0} fw={600}>
              {formatNumber(value, language)}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/** A creator's or advertiser's visible reviews, newest first, with their summary. */
export function UserReviews({ of }: { of: ReviewsOf }) {
  const { t } = useTranslation('reviews');
  const reviews = useUserReviews(of);
  if (reviews.isError) {
    return (
      <LoadErrorAlert
        error={reviews.error}
        message={t('section.loadError')}
        onRetry={() => void reviews.refetch()}
      />
    );
  }
  if (!reviews.data) return <Loader size="sm" aria-label={t('list.title')} />;
  const pages = reviews.data.pages;
  const summary = pages[0]!.summary;
  const items = pages.flatMap((page) => page.data);
  return (
    <Stack gap="sm">
      <RatingSummaryView summary={summary} />
      {items.map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
      {reviews.hasNextPage && (
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          >
            {t('list.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A profile's "Reviews" section: the summary and the list. */
export function ReviewsSection({ of }: { of: ReviewsOf }) {
  const { t } = useTranslation('reviews');
  return (
    <section aria-labelledby="profile-reviews-title">
      <Title order={2} size="h3" mb="sm" id="profile-reviews-title">
        {t('list.title')}
      </Title>
      <Card withBorder padding="lg">
        <UserReviews of={of} />
      </Card>
    </section>
  );
}

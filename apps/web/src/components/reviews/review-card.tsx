import type { Review } from '@clipmarket/contracts/reviews';
import { Badge, Blockquote, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay } from '../../lib/tunis-time';
import { useTranslation } from '../../lib/use-translation';
import { ReviewStars } from './review-stars';

/** One review: who, the stars, each criterion, the reasons, the comment, and the reply. */
export function ReviewCard({
  review,
  title,
  children,
}: {
  review: Review;
  /** The heading (defaults to "By <author>"). */
  title?: string;
  /** Actions under the review (reply, contest). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('reviews');
  const language = i18n.language;
  return (
    <Paper withBorder p="md" radius="md" component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{title ?? t('review.by', { name: review.author_name })}</Text>
          <Text size="xs" c="dimmed">
            {t('review.written', { date: formatDay(review.created_at, language) })}
          </Text>
        </Group>
        <ReviewStars value={review.rating} size="lg" />
        {Object.keys(review.criteria).length > 0 && (
          <Stack gap={2} component="dl" m={0}>
            {Object.entries(review.criteria).map(([criterion, value]) => (
              <Group key={criterion} gap="xs" wrap="nowrap">
                <Text component="dt" size="sm" miw={160}>
                  {t(`criteria.${criterion}`, { defaultValue: criterion })}
                </Text>
                <Text component="dd" m={0} size="sm">
                  <ReviewStars value={value} size="sm" />
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {review.reasons.length > 0 && (
          <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {review.reasons.map((reason) => (
              <Badge key={reason} component="li" variant="outline" color="gray" tt="none">
                {t(`reasons.${reason}`, { defaultValue: reason })}
              </Badge>
            ))}
          </Group>
        )}
        {review.comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {review.comment}
          </Text>
        )}
        {review.contest_state === 'open' && (
          <Text size="xs" c="dimmed">
            {t('review.contested')}
          </Text>
        )}
        {review.contest_state === 'upheld' && (
          <Text size="xs" c="dimmed">
            {t('review.upheld')}
          </Text>
        )}
        {review.reply && (
          <Blockquote p="sm" color="gray" cite={t('review.reply')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {review.reply}
            </Text>
          </Blockquote>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

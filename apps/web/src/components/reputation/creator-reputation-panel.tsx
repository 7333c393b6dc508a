import type { CreatorReputation } from '@clipmarket/contracts/reputation';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { formatNumber } from '../../lib/format';
import { useCreatorReputation } from '../../lib/reputation';
import { useTranslation } from '../../lib/use-translation';
import { durationText, hundredthsText, rateText } from './reputation-format';

/** The figures once loaded: each with its value or "not enough history yet". */
export function CreatorReputationView({
  figures,
  compact = false,
}: {
  figures: CreatorReputation;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('reputation');
  const language = i18n.language;
  const rated = figures.ratings.average_hundredths;
  const items: { key: string; value: string | null }[] = [
    {
      key: 'onTime',
      value: figures.on_time_rate === null ? null : rateText(figures.on_time_rate, language),
    },
    {
      key: 'answers',
      value:
        figures.median_hours_to_answer_request === null
          ? null
          : durationText(t, figures.median_hours_to_answer_request, language),
    },
    {
      key: 'revisions',
      value:
        figures.revisions_per_video_hundredths === null
          ? null
          : hundredthsText(figures.revisions_per_video_hundredths, language),
    },
    {
      key: 'approval',
      value: figures.approval_rate === null ? null : rateText(figures.approval_rate, language),
    },
    {
      key: 'rating',
      value:
        rated === null
          ? null
          : t('creator.ratingValue', {
              average: formatNumber(rated / 100, language),
              count: figures.ratings.count,
              ratings: formatNumber(figures.ratings.count, language),
            }),
    },
  ];
  if (figures.reviews && figures.reviews.count > 0 && figures.reviews.average !== null) {
    items.push({
      key: 'reviews',
      value: t('creator.ratingValue', {
        average: formatNumber(Math.round(figures.reviews.average * 10) / 10, language),
        count: figures.reviews.count,
        ratings: formatNumber(figures.reviews.count, language),
      }),
    });
  }
  const isNew = items.every((item) => item.value === null) && figures.completed === 0;
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'xs' : 'md'}
      component="section"
      aria-label={t('creator.title')}
      data-testid="creator-reputation"
    >
      <Text size="sm" fw={600}>
        {t('creator.title')}
      </Text>
      {isNew ? (
        <Text size="sm" c="dimmed">
          {t('newOnClipmarket')}
        </Text>
      ) : (
        <>
          <SimpleGrid
            cols={compact ? { base: 2, sm: 3 } : { base: 2, sm: 3, md: 5 }}
            spacing="xs"
            component="dl"
            m={0}
            mt={4}
          >
            {items.map((item) => (
              <Stack key={item.key} gap={0}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(`creator.${item.key}`)}
                </Text>
                <Text component="dd" size="sm" fw={item.value ? 700 : 400} m={0}>
                  {item.value ?? t('notEnoughHistory')}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={4}>
            {t('creator.completed', {
              count: figures.completed,
              value: formatNumber(figures.completed, language),
            })}
            {' · '}
            {t('window', { count: figures.window_months })}
          </Text>
        </>
      )}
    </Paper>
  );
}

function CreatorReputationLoader({
  influencerId,
  compact,
}: {
  influencerId: number;
  compact?: boolean;
}) {
  const { data } = useCreatorReputation(influencerId);
  if (!data) return null;
  return <CreatorReputationView figures={data} compact={compact} />;
}

/**
 * A creator's measured record (issue 27 §2), for advertisers on the public profile and the
 * application cards: on-time rate, answer time, revisions per video, approval rate, rating.
 */
export function CreatorReputationPanel(props: { influencerId: number; compact?: boolean }) {
  return (
    <Suspense fallback={null}>
      <CreatorReputationLoader {...props} />
    </Suspense>
  );
}

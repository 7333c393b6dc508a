import type { PerformanceFigure, PerformanceTotals } from '@clipmarket/contracts/performance';
import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { formatAge } from '../../../lib/figures-age';
import { formatFigure, type FigureKey } from './figures-format';

/** The cards after the headline's two, in this order. */
const otherFigures: readonly FigureKey[] = [
  'views',
  'engagement_rate',
  'cpm',
  'clicks',
  'cpc',
  'cost_per_view',
  'cost_per_engagement',
  'views_7d',
  'cost',
];

/** Where a figure comes from: what was paid, the tracked links, or the videos' figures. */
function originOf(
  key: FigureKey,
): 'paid' | 'links' | 'figures' | 'paidAndLinks' | 'paidAndFigures' {
  if (key === 'cost') return 'paid';
  if (key === 'clicks') return 'links';
  if (key === 'cpc') return 'paidAndLinks';
  if (key === 'cpm' || key === 'cost_per_view' || key === 'cost_per_engagement')
    return 'paidAndFigures';
  return 'figures';
}

/**
 * Where the totals' figures come from and when they were read: "Instagram API, TikTok API ·
 * read 3 h ago to 2 d ago", and how many videos have figures not checked yet.
 */
export function FiguresSources({ totals }: { totals: PerformanceTotals }) {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  if (totals.sources.length === 0 || !totals.newest_read_at) return null;
  const sources = totals.sources.map((source) => t(`sources.${source}`)).join(', ');
  const newest = formatAge(totals.newest_read_at, language);
  const oldest = totals.oldest_read_at ? formatAge(totals.oldest_read_at, language) : newest;
  return (
    <Text size="sm" c="dimmed">
      {oldest === newest
        ? t('sourcesRead', { sources, age: newest })
        : t('sourcesReadBetween', { sources, newest, oldest })}
      {totals.unchecked > 0 && ` · ${t('uncheckedVideos', { count: totals.unchecked })}`}
    </Text>
  );
}

/** The headline's two figures first (the campaign's goal picks them), then the others. */
export function HeadlineCards({
  headline,
  totals,
}: {
  headline: readonly [PerformanceFigure, PerformanceFigure];
  totals: PerformanceTotals;
}) {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const keys: FigureKey[] = [
    ...headline,
    ...otherFigures.filter((key) => !headline.includes(key as PerformanceFigure)),
  ];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="list">
        {keys.map((key, index) => {
          const value = formatFigure(key, totals, language);
          const isHeadline = index < 2;
          return (
            <Card
              key={key}
              withBorder
              padding="md"
              role="listitem"
              bg={isHeadline ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Stack gap={4}>
                <Text size="sm" c="dimmed" component="h3" m={0} fw={500}>
                  {t(`figures.${key}`)}
                  {isHeadline && (
                    <Badge size="xs" variant="light" ms="xs">
                      {t('headline')}
                    </Badge>
                  )}
                </Text>
                <Text size={isHeadline ? '1.6rem' : 'xl'} fw={700}>
                  {value ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {value === null
                    ? t(key === 'cpc' ? 'noClickYet' : 'notReadYet')
                    : t(`origin.${originOf(key)}`)}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <FiguresSources totals={totals} />
    </Stack>
  );
}

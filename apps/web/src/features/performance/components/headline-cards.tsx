import type { PerformanceFigure, PerformanceTotals } from '@clipmarket/contracts/performance';
import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { FigureCard, FiguresSources } from '../../../components/figure-cards';
import { useTranslation } from '../../../lib/use-translation';
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
            <FigureCard
              key={key}
              headline={isHeadline}
              label={
                <>
                  {t(`figures.${key}`)}
                  {isHeadline && (
                    <Badge size="xs" variant="light" ms="xs">
                      {t('headline')}
                    </Badge>
                  )}
                </>
              }
              value={value ?? '—'}
              note={
                value === null
                  ? t(key === 'cpc' ? 'noClickYet' : 'notReadYet')
                  : t(`origin.${originOf(key)}`)
              }
            />
          );
        })}
      </SimpleGrid>
      <FiguresSources totals={totals} namespace="performance" />
    </Stack>
  );
}

import type { SharedTotals } from '@clipmarket/contracts/campaign-sharing';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { FigureCard, FiguresSources } from '../../../components/figure-cards';
import { useTranslation } from '../../../lib/use-translation';
import { formatCount, formatRate } from '../report-format';

type FigureKey = 'views' | 'engagements' | 'engagement_rate' | 'clicks' | 'reach' | 'views_7d';

/** The four headline figures first, then the others; no money among them (ADR 037). */
const figureKeys: readonly FigureKey[] = [
  'views',
  'engagements',
  'engagement_rate',
  'clicks',
  'reach',
  'views_7d',
];
const headlineCount = 4;

function valueOf(key: FigureKey, totals: SharedTotals, language: string): string | null {
  return key === 'engagement_rate'
    ? formatRate(totals.engagement_rate_bp, language)
    : formatCount(totals[key], language);
}

/** The campaign's totals as cards, each saying where it comes from. */
export function ReportTotals({ totals }: { totals: SharedTotals }) {
  const { t, i18n } = useTranslation('shared-report');
  const language = i18n.language;
  return (
    <Stack gap="xs" component="section" aria-labelledby="report-totals">
      <Title order={2} size="h3" id="report-totals">
        {t('figures.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="list">
        {figureKeys.map((key, index) => {
          const value = valueOf(key, totals, language);
          return (
            <FigureCard
              key={key}
              headline={index < headlineCount}
              label={t(`figures.${key}`)}
              value={value === null ? '—' : <span dir="ltr">{value}</span>}
              note={
                value === null
                  ? t('notReadYet')
                  : t(key === 'clicks' ? 'origin.links' : 'origin.figures')
              }
            />
          );
        })}
        <FigureCard
          label={t('figures.published')}
          value={<span dir="ltr">{formatCount(totals.published, language)}</span>}
          note={t('origin.withFigures', { videos: formatCount(totals.with_figures, language) })}
        />
      </SimpleGrid>
      <FiguresSources totals={totals} namespace="shared-report" />
    </Stack>
  );
}

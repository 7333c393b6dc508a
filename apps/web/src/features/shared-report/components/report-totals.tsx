import type { SharedTotals } from '@clipmarket/contracts/campaign-sharing';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { formatAge } from '../../../lib/figures-age';
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

/** Where the totals' figures come from and when they were read, as on the advertiser's pages. */
function TotalsSources({ totals }: { totals: SharedTotals }) {
  const { t, i18n } = useTranslation('shared-report');
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
          const isHeadline = index < headlineCount;
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
                </Text>
                <Text size={isHeadline ? '1.6rem' : 'xl'} fw={700}>
                  {value === null ? '—' : <span dir="ltr">{value}</span>}
                </Text>
                <Text size="xs" c="dimmed">
                  {value === null
                    ? t('notReadYet')
                    : t(key === 'clicks' ? 'origin.links' : 'origin.figures')}
                </Text>
              </Stack>
            </Card>
          );
        })}
        <Card withBorder padding="md" role="listitem">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" component="h3" m={0} fw={500}>
              {t('figures.published')}
            </Text>
            <Text size="xl" fw={700}>
              <span dir="ltr">{formatCount(totals.published, language)}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {t('origin.withFigures', { videos: formatCount(totals.with_figures, language) })}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
      <TotalsSources totals={totals} />
    </Stack>
  );
}

import type { PerformanceDashboardRow } from '@clipmarket/contracts/performance';
import { Anchor, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTranslation } from '../../../lib/use-translation';
import { useDashboard } from '../api/performance';
import { dashboardCsv } from '../components/figures-csv';
import { FiguresOverTime } from '../components/figures-over-time';
import { formatFigure } from '../components/figures-format';
import { HeadlineCards } from '../components/headline-cards';
import {
  campaignPerformancePath,
  opportunityPerformancePath,
  requestPerformancePath,
} from '../paths';

const pathOf = (row: PerformanceDashboardRow) =>
  row.kind === 'campaign'
    ? campaignPerformancePath(row.id, 'mixed')
    : row.kind === 'content-request'
      ? requestPerformancePath(row.id)
      : opportunityPerformancePath(row.id);

/**
 * Spec §2 `/dashboard`: what all the advertiser's published videos brought and cost, then a
 * row per campaign and per request or opportunity in no campaign, each led by its own
 * headline figure.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation(['performance', 'campaigns']);
  const language = i18n.language;
  const dashboard = useDashboard();
  if (dashboard.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (dashboard.isError) {
    return (
      <LoadErrorAlert
        error={dashboard.error}
        message={t('loadError')}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const { rows, totals } = dashboard.data;
  const show = (value: string | null) => value ?? '—';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.title')}</Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </Stack>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('dashboard.empty')}</Text>
      ) : (
        <>
          <HeadlineCards headline={dashboard.data.headline.figures} totals={totals} />
          {totals.published > 0 && (
            <FiguresOverTime series={dashboard.data.series} csvFilename="dashboard-over-time.csv" />
          )}
          <Stack gap="sm" component="section" aria-labelledby="dashboard-rows">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h3" id="dashboard-rows">
                {t('dashboard.rowsTitle')}
              </Title>
              <CsvDownloadButton
                filename="dashboard.csv"
                rows={() => dashboardCsv(t, rows)}
                label={t('export.csvDashboard')}
              >
                {t('export.csv')}
              </CsvDownloadButton>
            </Group>
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" striped>
                <Table.Caption>{t('dashboard.rowsCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('dashboard.name')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.headline')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.videos')}</Table.Th>
                    <Table.Th scope="col">{t('figures.views')}</Table.Th>
                    <Table.Th scope="col">{t('figures.engagement_rate')}</Table.Th>
                    <Table.Th scope="col">{t('figures.clicks')}</Table.Th>
                    <Table.Th scope="col">{t('figures.cost')}</Table.Th>
                    <Table.Th scope="col">{t('figures.cpm')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const [first] = row.headline;
                    return (
                      <Table.Tr key={`${row.kind}:${row.id}`}>
                        <Table.Th scope="row" fw={400}>
                          <Anchor component={Link} to={pathOf(row)} fw={600}>
                            {row.title || t('untitled')}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {t(`kinds.${row.kind}`)}
                            {row.reference && (
                              <>
                                {' · '}
                                <span dir="ltr">{row.reference}</span>
                              </>
                            )}
                            {row.goal && ` · ${t(`campaigns:goals.${row.goal}`)}`}
                          </Text>
                        </Table.Th>
                        <Table.Td>
                          <Text size="xs" c="dimmed">
                            {t(`figures.${first}`)}
                          </Text>
                          <Text size="sm" fw={600}>
                            {show(formatFigure(first, row.totals, language))}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {t('dashboard.publishedOf', {
                            published: row.totals.published,
                            videos: row.totals.videos,
                          })}
                        </Table.Td>
                        <Table.Td>{show(formatFigure('views', row.totals, language))}</Table.Td>
                        <Table.Td>
                          {show(formatFigure('engagement_rate', row.totals, language))}
                        </Table.Td>
                        <Table.Td>{show(formatFigure('clicks', row.totals, language))}</Table.Td>
                        <Table.Td>{show(formatFigure('cost', row.totals, language))}</Table.Td>
                        <Table.Td>{show(formatFigure('cpm', row.totals, language))}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </>
      )}
    </Stack>
  );
}

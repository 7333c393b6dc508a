import { Card, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { formatNumber } from '../lib/format';
import { isRtl } from '../lib/i18n';
import { useTranslation } from '../lib/use-translation';

/** visx comes with the chart's own chunk, asked for when a page draws its charts. */
const FiguresChart = lazy(() => import('./figures-chart'));

/** One reading window's figures, summed over the videos read then. */
export interface FiguresPoint {
  window: '24h' | '72h' | '7d' | '30d';
  views: number | null;
  engagements: number | null;
  videos: number;
}

/**
 * Views and engagements at 24 h, 72 h, 7 days and 30 days, summed over the videos read then:
 * two charts, and beside them the table of the same figures (what a screen reader reads). On
 * the performance pages and the shared report, each with its namespace's texts (`chart.*`,
 * `windows.*`, `figures.views`, `figures.engagements`, `notReadYet`); `action` stands beside
 * the title (the table's CSV download).
 */
export function FiguresOverTime({
  series,
  namespace,
  action,
}: {
  series: readonly FiguresPoint[];
  namespace: 'performance' | 'shared-report';
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation(namespace);
  const titleId = useId();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const windowName = (point: FiguresPoint) => t(`windows.${point.window}`);
  const shown = (value: number | null) => (value === null ? t('notReadYet') : number(value));
  const chart = (figure: 'views' | 'engagements', color: string) => (
    <Suspense fallback={<Skeleton height={180} aria-hidden />}>
      <FiguresChart
        title={t(`chart.${figure}Title`)}
        description={series
          .map((point) => `${windowName(point)}: ${shown(point[figure])}`)
          .join('; ')}
        points={series.map((point) => ({ label: windowName(point), value: point[figure] }))}
        rtl={isRtl(language)}
        formatValue={number}
        color={color}
      />
    </Suspense>
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id={titleId}>
            {t('chart.title')}
          </Title>
          {action}
        </Group>
        <Text size="sm" c="dimmed">
          {t('chart.intro')}
        </Text>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {chart('views', 'var(--mantine-color-blue-6)')}
              {chart('engagements', 'var(--mantine-color-grape-6)')}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Table.ScrollContainer minWidth={300}>
              <Table>
                <Table.Caption>{t('chart.tableCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('chart.window')}</Table.Th>
                    <Table.Th scope="col">{t('figures.views')}</Table.Th>
                    <Table.Th scope="col">{t('figures.engagements')}</Table.Th>
                    <Table.Th scope="col">{t('chart.videos')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {series.map((point) => (
                    <Table.Tr key={point.window}>
                      <Table.Th scope="row">{windowName(point)}</Table.Th>
                      <Table.Td>{shown(point.views)}</Table.Td>
                      <Table.Td>{shown(point.engagements)}</Table.Td>
                      <Table.Td>{number(point.videos)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}

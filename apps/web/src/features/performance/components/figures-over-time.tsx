import type { PerformancePoint } from '@clipmarket/contracts/performance';
import { Card, Grid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isRtl } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** visx comes with this chunk only, asked for when a performance page draws its charts. */
const FiguresChart = lazy(() => import('./figures-chart'));

/**
 * Views and engagements at 24 h, 72 h, 7 days and 30 days, summed over the videos read then:
 * two charts, and beside them the table of the same figures (what a screen reader reads first).
 */
export function FiguresOverTime({ series }: { series: readonly PerformancePoint[] }) {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const rtl = isRtl(language);
  const number = (value: number) => formatNumber(value, language);
  const windowName = (point: PerformancePoint) => t(`windows.${point.window}`);
  const describe = (figure: 'views' | 'engagements') =>
    series
      .map(
        (point) =>
          `${windowName(point)}: ${
            point[figure] === null ? t('notReadYet') : number(point[figure])
          }`,
      )
      .join('; ');
  const chart = (figure: 'views' | 'engagements', color: string) => (
    <Suspense fallback={<Skeleton height={180} aria-hidden />}>
      <FiguresChart
        title={t(`chart.${figure}Title`)}
        description={describe(figure)}
        points={series.map((point) => ({ label: windowName(point), value: point[figure] }))}
        rtl={rtl}
        formatValue={number}
        color={color}
      />
    </Suspense>
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="performance-over-time">
      <Stack gap="sm">
        <Title order={2} size="h3" id="performance-over-time">
          {t('chart.title')}
        </Title>
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
                      <Table.Td>
                        {point.views === null ? t('notReadYet') : number(point.views)}
                      </Table.Td>
                      <Table.Td>
                        {point.engagements === null ? t('notReadYet') : number(point.engagements)}
                      </Table.Td>
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

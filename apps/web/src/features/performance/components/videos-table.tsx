import type { PerformanceVideo } from '@clipmarket/contracts/performance';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { PublicationFigures } from '../../../components/publication-figures';
import { useTranslation } from '../../../lib/use-translation';
import { videosCsv } from './figures-csv';
import { formatFigure } from './figures-format';

/**
 * One row per published video: its creator, each publication with its figures' source and age,
 * the figures compared at 7 days, and what it cost and bought.
 */
export function VideosTable({
  videos,
  csvFilename,
}: {
  videos: readonly PerformanceVideo[];
  /** The table's CSV file: `campaign-12-videos.csv`, `CR-000010-videos.csv`. */
  csvFilename: string;
}) {
  const { t, i18n } = useTranslation('performance');
  const language = i18n.language;
  const show = (value: string | null) => value ?? '—';
  return (
    <Stack gap="sm" component="section" aria-labelledby="performance-videos">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="performance-videos">
          {t('videos.title')}
        </Title>
        <CsvDownloadButton
          filename={csvFilename}
          rows={() => videosCsv(t, videos)}
          label={t('export.csvVideos')}
        >
          {t('export.csv')}
        </CsvDownloadButton>
      </Group>
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="sm" striped>
          <Table.Caption>{t('videos.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('videos.video')}</Table.Th>
              <Table.Th scope="col">{t('videos.publications')}</Table.Th>
              <Table.Th scope="col">{t('figures.views')}</Table.Th>
              <Table.Th scope="col">{t('figures.views_7d')}</Table.Th>
              <Table.Th scope="col">{t('figures.engagements')}</Table.Th>
              <Table.Th scope="col">{t('figures.engagement_rate')}</Table.Th>
              <Table.Th scope="col">{t('figures.clicks')}</Table.Th>
              <Table.Th scope="col">{t('figures.cost')}</Table.Th>
              <Table.Th scope="col">{t('figures.cpm')}</Table.Th>
              <Table.Th scope="col">{t('figures.cost_per_view')}</Table.Th>
              <Table.Th scope="col">{t('figures.cost_per_engagement')}</Table.Th>
              <Table.Th scope="col">{t('figures.cpc')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {videos.map((video) => (
              <Table.Tr key={video.content_request_influencer_id}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={600}>
                    {video.creator_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <span dir="ltr">{video.reference}</span>
                    {video.title && ` · ${video.title}`}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <PublicationFigures publications={video.publications} namespace="performance" />
                </Table.Td>
                <Table.Td>{show(formatFigure('views', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('views_7d', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('engagements', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('engagement_rate', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('clicks', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('cost', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('cpm', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('cost_per_view', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('cost_per_engagement', video, language))}</Table.Td>
                <Table.Td>{show(formatFigure('cpc', video, language))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

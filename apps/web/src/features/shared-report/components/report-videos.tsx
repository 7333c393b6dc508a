import type { SharedVideo } from '@clipmarket/contracts/campaign-sharing';
import { Stack, Table, Text, Title } from '@mantine/core';
import { PublicationFigures } from '../../../components/publication-figures';
import { useTranslation } from '../../../lib/use-translation';
import { formatCount, formatRate } from '../report-format';

/**
 * One row per published video: its creator, each post with its figures' source and age, and
 * its figures. No money column: the report is public.
 */
export function ReportVideos({ videos }: { videos: readonly SharedVideo[] }) {
  const { t, i18n } = useTranslation('shared-report');
  const language = i18n.language;
  const cell = (value: string | null) => (value === null ? '—' : <span dir="ltr">{value}</span>);
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-videos">
      <Title order={2} size="h3" id="report-videos">
        {t('videos.title')}
      </Title>
      {videos.length === 0 ? (
        <Stack gap={4}>
          <Text fw={600}>{t('videos.emptyTitle')}</Text>
          <Text c="dimmed" size="sm">
            {t('videos.empty')}
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped>
            <Table.Caption>{t('videos.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('videos.creator')}</Table.Th>
                <Table.Th scope="col">{t('videos.publications')}</Table.Th>
                <Table.Th scope="col">{t('figures.views')}</Table.Th>
                <Table.Th scope="col">{t('figures.views_7d')}</Table.Th>
                <Table.Th scope="col">{t('figures.engagements')}</Table.Th>
                <Table.Th scope="col">{t('figures.engagement_rate')}</Table.Th>
                <Table.Th scope="col">{t('figures.clicks')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {videos.map((video, index) => (
                <Table.Tr key={`${index}:${video.publications.map((p) => p.url).join(' ')}`}>
                  <Table.Th scope="row" fw={600}>
                    <Text size="sm" fw={600} dir="auto">
                      {video.creator_name}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <PublicationFigures
                      publications={video.publications}
                      namespace="shared-report"
                    />
                  </Table.Td>
                  <Table.Td>{cell(formatCount(video.views, language))}</Table.Td>
                  <Table.Td>{cell(formatCount(video.views_7d, language))}</Table.Td>
                  <Table.Td>{cell(formatCount(video.engagements, language))}</Table.Td>
                  <Table.Td>{cell(formatRate(video.engagement_rate_bp, language))}</Table.Td>
                  <Table.Td>{cell(formatCount(video.clicks, language))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

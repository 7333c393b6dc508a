import type { SharedVideo } from '@clipmarket/contracts/campaign-sharing';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { sourceLabel } from '../../../lib/figures-age';
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
                    <Stack gap={6}>
                      {video.publications.map((publication) => (
                        <div key={publication.url}>
                          <Anchor
                            href={publication.url}
                            target="_blank"
                            // The report's address (its token) is not sent to the platform.
                            rel="noopener noreferrer"
                            size="sm"
                            aria-label={t('videos.openPost', {
                              platform: t(`platforms.${publication.platform}`),
                            })}
                          >
                            {t(`platforms.${publication.platform}`)}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {publication.latest === null
                              ? t('notReadYet')
                              : publication.latest.post_deleted
                                ? t('postDeleted')
                                : `${t('videos.viewsCount', {
                                    count: publication.latest.views ?? 0,
                                    views: formatNumber(publication.latest.views ?? 0, language),
                                  })} · ${sourceLabel(t, publication.latest, language)}`}
                          </Text>
                          {publication.at_7d && (
                            <Text size="xs" c="dimmed">
                              {t('videos.at7d', {
                                views: formatNumber(publication.at_7d.views ?? 0, language),
                                source: sourceLabel(t, publication.at_7d, language),
                              })}
                            </Text>
                          )}
                        </div>
                      ))}
                    </Stack>
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

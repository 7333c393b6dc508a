import type { SharedPublication } from '@clipmarket/contracts/campaign-sharing';
import { Anchor, Stack, Text } from '@mantine/core';
import { sourceLabel } from '../lib/figures-age';
import { formatNumber } from '../lib/format';
import { useTranslation } from '../lib/use-translation';

/**
 * A video's posts, each a link to the platform with its latest views and, once read, its views
 * at 7 days, each with its source and age. In a row of the performance pages' videos table and
 * of the shared report's, each with its namespace's texts (`platforms.*`, `videos.openPost`,
 * `videos.viewsCount`, `videos.at7d`, `notReadYet`, `postDeleted`, and `sourceLabel`'s).
 */
export function PublicationFigures({
  publications,
  namespace,
}: {
  /** The public report's posts, or the advertiser's (the same figures, with their link ids). */
  publications: readonly Pick<SharedPublication, 'platform' | 'url' | 'latest' | 'at_7d'>[];
  namespace: 'performance' | 'shared-report';
}) {
  const { t, i18n } = useTranslation(namespace);
  const language = i18n.language;
  return (
    <Stack gap={6}>
      {publications.map((publication) => (
        <div key={`${publication.platform} ${publication.url}`}>
          <Anchor
            href={publication.url}
            target="_blank"
            // No referrer: the page's address (the shared report's holds its token) is not sent
            // to the platform.
            rel="noopener noreferrer"
            size="sm"
            aria-label={t('videos.openPost', { platform: t(`platforms.${publication.platform}`) })}
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
  );
}

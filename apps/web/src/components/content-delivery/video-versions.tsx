import type { ContentVideo } from '@clipmarket/contracts/content-delivery';
import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { type DeliveryNamespace, type VideoNamespace } from './delivery';
import { formatDeliveryTime } from './format';

const statusColors = { processing: 'yellow', ready: 'teal', failed: 'red' } as const;

/**
 * One version of a line's video as either side sees it: processing (a spinner), ready (the
 * original once the server offers it, to the advertiser of a paid line and to admins, else the
 * watermarked preview; the preview also when the browser cannot play the original's type) or
 * failed (why). The status is a word, the colour
 * only repeats it. `ns` is the namespace of the screen (both have the `videos.*` texts).
 */
export function VideoVersion({
  video,
  ns,
  large = false,
}: {
  video: ContentVideo;
  ns: VideoNamespace;
  large?: boolean;
}) {
  const { t, i18n } = useTranslation(ns);
  return (
    <Stack gap="xs" data-testid={`video-${video.version}`}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600}>{t('videos.version', { version: video.version })}</Text>
        <Group gap="xs">
          <Badge color={statusColors[video.status]} variant="light">
            {t(`videos.status.${video.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDeliveryTime(video.created_at, i18n.language)}
          </Text>
        </Group>
      </Group>
      {video.status === 'processing' && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('videos.processing')}</Text>
        </Group>
      )}
      {video.status === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          {t('videos.failed', {
            reason: t(`videos.failureReasons.${video.failure_reason ?? 'unknown'}`),
          })}
        </Text>
      )}
      {video.status === 'ready' && (video.original_url || video.preview_url) && (
        <video
          // A new source list is a new element: the browser picks its source only once.
          key={video.original_url ?? video.preview_url}
          controls
          preload="metadata"
          // The poster is drawn from the watermarked preview: the original shows its own frame.
          poster={video.original_url ? undefined : (video.poster_url ?? undefined)}
          data-plays={video.original_url ? 'original' : 'preview'}
          aria-label={t(video.original_url ? 'videos.playerOriginal' : 'videos.player', {
            version: video.version,
          })}
          style={{
            width: '100%',
            maxHeight: large ? '70vh' : '24rem',
            background: 'black',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          {video.original_url && (
            <source src={video.original_url} type={video.original_type ?? undefined} />
          )}
          {video.preview_url && <source src={video.preview_url} type="video/mp4" />}
        </video>
      )}
    </Stack>
  );
}

/**
 * Every version of a line's video, newest first (as the server lists them); `actions` adds a
 * screen's own buttons under a version (the creator deletes a failed one).
 */
export function VideoVersions({
  videos,
  ns,
  actions,
}: {
  videos: readonly ContentVideo[];
  ns: DeliveryNamespace;
  actions?: (video: ContentVideo) => ReactNode;
}) {
  const sorted = [...videos].sort((a, b) => b.version - a.version);
  return (
    <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {sorted.map((video) => (
        <Paper key={video.video_id} withBorder radius="md" p="sm" component="li">
          <Stack gap="xs">
            <VideoVersion video={video} ns={ns} />
            {actions?.(video)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

import {
  MEDIA_KIT_MAX_FEATURED_VIDEOS,
  type MediaKitCandidateVideo,
} from '@clipmarket/contracts/media-kit';
import { ActionIcon, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import { useId } from 'react';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { moved } from '../builder-form';

/**
 * The kit's "best videos": chosen among the creator's published deliveries, in order, at most
 * six. A video its advertiser did not allow showing stays in the list, disabled, with why.
 */
export function FeaturedVideosField({
  candidates,
  value,
  onChange,
  error,
}: {
  candidates: readonly MediaKitCandidateVideo[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation('media-kit');
  const descriptionId = useId();
  const errorId = useId();
  const byId = new Map(candidates.map((video) => [video.line_id, video]));
  const isFull = value.length >= MEDIA_KIT_MAX_FEATURED_VIDEOS;
  const max = MEDIA_KIT_MAX_FEATURED_VIDEOS;

  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((item) => item !== id));

  return (
    <fieldset
      className="kit-fieldset"
      aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}
      style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}
    >
      <Text component="legend" fw={500} size="sm" p={0}>
        {t('builder.form.videos')}
      </Text>
      <Text id={descriptionId} size="xs" c="dimmed" mb="xs">
        {t('builder.form.videosDescription', { max })}{' '}
        {t('builder.form.videosChosen', { count: value.length, max })}
      </Text>
      {error && (
        <Text id={errorId} size="sm" c="red.8" role="alert" mb="xs">
          {error}
        </Text>
      )}
      {candidates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('builder.form.noVideos')}
        </Text>
      ) : (
        <Stack gap="xs">
          {candidates.map((video) => {
            const isChosen = value.includes(video.line_id);
            const reason = !video.showcase_allowed
              ? t('builder.form.notAllowed')
              : !isChosen && isFull
                ? t('builder.form.limitReached', { max })
                : null;
            const facts = [
              video.reference,
              video.brand,
              t(`kit.platforms.${video.platform}`),
              video.views_7d === null
                ? null
                : t('builder.form.views7d', { views: formatNumber(video.views_7d, i18n.language) }),
            ].filter(Boolean);
            return (
              <Checkbox
                key={video.line_id}
                checked={isChosen}
                disabled={!isChosen && reason !== null}
                onChange={(event) => toggle(video.line_id, event.currentTarget.checked)}
                label={video.title}
                description={reason ? `${facts.join(' · ')} — ${reason}` : facts.join(' · ')}
              />
            );
          })}
        </Stack>
      )}
      {value.length > 0 && (
        <Paper withBorder p="sm" mt="sm" radius="sm">
          <Text fw={500} size="sm" mb="xs" id={`${descriptionId}-order`}>
            {t('builder.form.order')}
          </Text>
          <Stack component="ol" gap={4} m={0} ps="lg" aria-labelledby={`${descriptionId}-order`}>
            {value.map((id, index) => {
              const title = byId.get(id)?.title ?? `#${id}`;
              return (
                <li key={id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" lineClamp={1}>
                      {title}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        size={32}
                        aria-label={t('builder.form.moveUp', { title })}
                        // Focusable at the ends, so a keyboard user's focus stays put.
                        aria-disabled={index === 0}
                        data-disabled={index === 0 || undefined}
                        onClick={() => onChange(moved(value, id, -1))}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size={32}
                        aria-label={t('builder.form.moveDown', { title })}
                        aria-disabled={index === value.length - 1}
                        data-disabled={index === value.length - 1 || undefined}
                        onClick={() => onChange(moved(value, id, 1))}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </Stack>
        </Paper>
      )}
    </fieldset>
  );
}

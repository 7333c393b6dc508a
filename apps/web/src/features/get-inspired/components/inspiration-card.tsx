import { Anchor, AspectRatio, Button, Card, Center, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { IconExternalLink, IconMovie, IconSend } from '../../../components/icons';
import { useContentTypeLabel } from '../../../lib/content-types';
import { sourceLabel } from '../../../lib/figures-age';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { InspirationVideo } from '../api/get-inspired';

/**
 * One video of the gallery: its poster, its creator (a link to their page for advertisers),
 * what the brief asked (content type, length), each post with its 7-day figures, their source
 * and age, and for advertisers "Request this creator".
 */
export function InspirationCard({
  video,
  isAdvertiser,
}: {
  video: InspirationVideo;
  isAdvertiser: boolean;
}) {
  const { t, i18n } = useTranslation('get-inspired');
  const language = i18n.language;
  const contentTypeLabel = useContentTypeLabel();
  const [posterFailed, setPosterFailed] = useState(false);
  const name = video.creator.influencer_name;
  const facts = [
    video.content_type ? contentTypeLabel(video.content_type) : null,
    video.video_duration ? t('card.seconds', { count: video.video_duration }) : null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('card.by', { name })}
    >
      <Card.Section>
        {/* 4:5, the feeds' portrait crop: vertical and landscape posters both fill it. */}
        <AspectRatio ratio={4 / 5}>
          {posterFailed ? (
            <Center bg="gray.1" role="img" aria-label={t('card.noPoster')}>
              <IconMovie size={40} aria-hidden />
            </Center>
          ) : (
            <img
              src={video.poster_url}
              alt={t('card.posterAlt', { name })}
              loading="lazy"
              style={{ objectFit: 'cover', width: '100%', height: '100%' }}
              onError={() => setPosterFailed(true)}
            />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Text fw={600} dir="auto">
          {isAdvertiser ? (
            <Anchor
              component={Link}
              to={`/creator/${video.creator.influencer_id}`}
              aria-label={t('card.creatorProfile', { name })}
            >
              {name}
            </Anchor>
          ) : (
            name
          )}
        </Text>
        {facts.length > 0 && (
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        )}
        {video.publications.map((publication) => (
          <Stack key={publication.url} gap={2}>
            <Anchor href={publication.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                {t('card.viewPost', { platform: t(`platforms.${publication.platform}`) })}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
            {publication.at_7d ? (
              <>
                <Text size="sm">
                  {t('card.figures7d', {
                    views:
                      publication.at_7d.views === null
                        ? '—'
                        : formatNumber(publication.at_7d.views, language),
                    likes:
                      publication.at_7d.likes === null
                        ? '—'
                        : formatNumber(publication.at_7d.likes, language),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {sourceLabel(t, publication.at_7d, language)}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('card.noFigures')}
              </Text>
            )}
          </Stack>
        ))}
        {isAdvertiser && (
          <Button
            component={Link}
            to={`/request-content/add?influencer_id=${video.creator.influencer_id}`}
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            aria-label={`${t('card.request')}: ${name}`}
          >
            {t('card.request')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  useDirection,
} from '@mantine/core';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import {
  IconBrandInstagram,
  IconBrandTiktok,
  IconMapPin,
  IconRosetteDiscountCheck,
} from '../../../components/icons';
import {
  formatCountry,
  formatDate,
  formatNumber,
  formatPercentage,
  formatPlace,
} from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useCategoryLabels, useCityName } from '../../../lib/reference-data';
import { creatorNames, initialsOf } from '../../../lib/creator-name';
import { DEFAULT_PRICE_LENGTH, type PriceLength } from '../price-length';
import { AddToShortListMenu } from './add-to-short-list-menu';
import { FavoriteButton } from './favorite-button';
import { ShortListedNote } from './short-listed-note';

/** Categories shown on a card before "+n". */
const VISIBLE_CATEGORIES = 3;

export interface CreatorCardProps {
  creator: InfluencerCard;
  /** More actions at the bottom (e.g. "Remove from this shortlist"). */
  actions?: ReactNode;
  /** The video length whose price the card shows (30 s unless chosen). */
  priceLength?: PriceLength;
}

/**
 * A creator in search results, favourites and shortlists: who they are, where, and the key
 * figures of the searched platform with their source and date.
 */
export function CreatorCard({
  creator,
  actions,
  priceLength = DEFAULT_PRICE_LENGTH,
}: CreatorCardProps) {
  const { t, i18n } = useTranslation(['discovery', 'pages']);
  const language = i18n.language;
  const { dir: readingDir } = useDirection();
  const headingId = useId();
  const { displayName, fullName } = creatorNames(creator, t('pages:showcase.unnamed'));
  const cityName = useCityName(creator.country, creator.city);
  const location = formatPlace(
    [cityName, creator.country ? formatCountry(creator.country, language) : null],
    language,
  );
  const categories = useLocalizedCategories(creator.categories);
  const hasStats = creator.stats_source !== null;
  const figures = [
    { key: 'followers', value: formatNumber(creator.followers_count, language) },
    { key: 'engagement', value: formatPercentage(creator.engagement_rate, language) },
    { key: 'avgViews', value: formatNumber(creator.avg_video_views, language) },
    { key: 'reached', value: formatNumber(creator.persons_reached, language) },
  ];

  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId} h="100%">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={mediaUrl(creator.efile, 'thumb')} alt="" size={56} radius="xl">
          {initialsOf(displayName)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {/* Not clamped: a clamped heading (overflow hidden) would cut the link's focus ring.
              The link itself is cut, at the end of the name in the name's own direction. */}
          <Title order={3} size="h5" id={headingId}>
            <Anchor
              component={Link}
              to={`/creator/${creator.influencer_id}`}
              inherit
              dir="auto"
              className="one-line"
              data-reading={readingDir}
            >
              {displayName}
            </Anchor>
          </Title>
          {fullName && (
            <Text size="sm" c="dimmed" dir="auto" className="one-line" data-reading={readingDir}>
              {fullName}
            </Text>
          )}
          <Group gap="xs" wrap="wrap" miw={0}>
            {creator.ig_username && (
              <Username
                platform="instagram"
                username={creator.ig_username}
                readingDir={readingDir}
              />
            )}
            {creator.tiktok_username && (
              <Username
                platform="tiktok"
                username={creator.tiktok_username}
                readingDir={readingDir}
              />
            )}
          </Group>
        </Stack>
        <FavoriteButton influencerId={creator.influencer_id} isFavorite={creator.is_favorite} />
      </Group>

      <Group gap={6} mt="sm">
        <Badge color="violet" variant="light">
          {t(`pages:sizeBands.${creator.size_band}`)}
        </Badge>
        {categories.slice(0, VISIBLE_CATEGORIES).map((label) => (
          <Badge key={label} variant="outline" color="gray">
            {label}
          </Badge>
        ))}
        {categories.length > VISIBLE_CATEGORIES && (
          <Badge
            variant="outline"
            color="gray"
            title={categories.slice(VISIBLE_CATEGORIES).join(', ')}
          >
            {t('card.moreCategories', { more: categories.length - VISIBLE_CATEGORIES })}
          </Badge>
        )}
      </Group>

      <Group
        gap="xs"
        mt="sm"
        justify="space-between"
        wrap="nowrap"
        component="dl"
        mb={0}
        data-testid="creator-card-price"
      >
        <Text component="dt" size="sm" c="dimmed">
          {t('prices.cardPrice', { seconds: priceLength })}
        </Text>
        <Text component="dd" fw={700} m={0}>
          <Money millimes={creator.prices[priceLength]} />
        </Text>
      </Group>

      {location && (
        <Group gap={4} mt="xs" wrap="nowrap">
          <IconMapPin size={16} aria-hidden />
          <Text size="sm" lineClamp={1}>
            <VisuallyHidden>{t('card.location')} </VisuallyHidden>
            {location}
          </Text>
        </Group>
      )}

      {hasStats ? (
        <>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" mt="sm" mb={0}>
            {figures.map((figure) => (
              <div key={figure.key}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(`pages:showcase.stats.${figure.key}`)}
                </Text>
                <Text component="dd" fw={700} m={0}>
                  {figure.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Group gap={6} mt="xs">
            <Badge
              size="sm"
              variant={creator.stats_source === 'verified' ? 'filled' : 'outline'}
              color={creator.stats_source === 'verified' ? 'teal' : 'gray'}
              leftSection={
                creator.stats_source === 'verified' ? (
                  <IconRosetteDiscountCheck size={12} aria-hidden />
                ) : null
              }
            >
              {t(`pages:showcase.source.${creator.stats_source}`)}
            </Badge>
            {creator.stats_updated_at && (
              <Text size="xs" c="dimmed">
                {t('pages:showcase.updatedAt', {
                  date: formatDate(creator.stats_updated_at, language),
                })}
              </Text>
            )}
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed" mt="sm">
          {t('card.noStats', { platform: t(`pages:platforms.${creator.platform}`) })}
        </Text>
      )}

      <Stack gap={6} mt="auto" pt="sm">
        <ShortListedNote influencerId={creator.influencer_id} />
        <Group gap="xs" justify="flex-end">
          {actions}
          <AddToShortListMenu influencerId={creator.influencer_id} creatorName={displayName} />
        </Group>
      </Stack>
    </Card>
  );
}

interface UsernameProps {
  platform: 'instagram' | 'tiktok';
  username: string;
  readingDir: 'ltr' | 'rtl';
}

/** "@name", whole on one line and cut at its end (the right: usernames are Latin). */
function Username({ platform, username, readingDir }: UsernameProps) {
  const { t } = useTranslation('pages');
  const Icon = platform === 'instagram' ? IconBrandInstagram : IconBrandTiktok;
  return (
    <Group gap={2} wrap="nowrap" miw={0} maw="100%">
      <Icon
        size={14}
        aria-label={t(`platforms.${platform}`)}
        role="img"
        style={{ flexShrink: 0 }}
      />
      <Text size="xs" c="dimmed" dir="ltr" className="one-line" data-reading={readingDir}>
        @{username}
      </Text>
    </Group>
  );
}

/** Category names in the interface language (the card may carry another language's). */
function useLocalizedCategories(list: InfluencerCard['categories']): string[] {
  const labels = useCategoryLabels();
  return useMemo(() => list.map((c) => labels.get(c.category_id) ?? c.label), [labels, list]);
}

import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CreatorStatsCard } from '../../../components/creator-stats-card';
import { IconArrowLeft, IconMapPin, IconMovie } from '../../../components/icons';
import { SocialLink } from '../../../components/social-link';
import { ApiError } from '../../../lib/api-client';
import { useCreatorProfile } from '../../../lib/creator-profile';
import { formatCountry, formatPlace } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useMe } from '../../../lib/me';
import { useCityName } from '../../../lib/reference-data';
import { isAdvertiser } from '../../../lib/roles';
import { AddToShortListMenu } from '../components/add-to-short-list-menu';
import { EmptyPanel } from '../components/empty-panel';
import { FavoriteButton } from '../components/favorite-button';
import { creatorNames, initialsOf } from '../creator-name';

/**
 * Creator details (spec §2 "/creator/{influencer_id}", influencerDetails): everything an
 * advertiser needs to pick a creator. No filter panel here (spec §2).
 */
export default function CreatorPage() {
  const { t } = useTranslation(['discovery', 'pages']);
  const { influencer_id: influencerId = '' } = useParams();
  const me = useMe();
  const isValidId = /^\d+$/.test(influencerId);
  const profile = useCreatorProfile(influencerId, me.isSuccess && isValidId);
  const canPick = Boolean(me.data && !me.data.isVisitor && isAdvertiser(me.data.role));

  if (isValidId && (me.isPending || profile.isPending)) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('creator.loading')} />
      </Center>
    );
  }
  if (!isValidId || profile.isError) {
    const notFound =
      !isValidId ||
      (profile.error instanceof ApiError &&
        (profile.error.status === 404 || profile.error.status === 400));
    return (
      <Stack maw={640} role="alert" align="flex-start">
        <BackLink />
        <Title order={1}>{t('creator.title')}</Title>
        <Text>{notFound ? t('creator.notFound') : t('creator.loadError')}</Text>
        {!notFound && <Button onClick={() => void profile.refetch()}>{t('results.retry')}</Button>}
      </Stack>
    );
  }
  if (!profile.data) return null;
  return <CreatorView profile={profile.data} canPick={canPick} />;
}

function BackLink() {
  const { t } = useTranslation('discovery');
  const { dir } = useDirection();
  return (
    <Anchor component={Link} to="/discover-content" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft
          size={16}
          aria-hidden
          style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
        />
        {t('creator.back')}
      </Group>
    </Anchor>
  );
}

function CreatorView({ profile, canPick }: { profile: PublicInfluencerProfile; canPick: boolean }) {
  const { t, i18n } = useTranslation(['discovery', 'pages']);
  const language = i18n.language;
  const { displayName, fullName } = creatorNames(profile, t('pages:showcase.unnamed'));
  const cityName = useCityName(profile.country, profile.city);
  const location = formatPlace(
    [cityName, profile.country ? formatCountry(profile.country, language) : null],
    language,
  );

  return (
    <Stack gap="lg" maw={1040}>
      {canPick && <BackLink />}
      <Card withBorder padding="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Avatar src={mediaUrl(profile.efile, 'medium')} alt={displayName} size={120} radius={120}>
            {initialsOf(displayName)}
          </Avatar>
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Title order={1} size="h2">
                {displayName}
              </Title>
              {canPick && (
                <Group gap="xs">
                  <FavoriteButton influencerId={profile.influencer_id} size="xl" />
                  <AddToShortListMenu
                    influencerId={profile.influencer_id}
                    creatorName={displayName}
                    size="sm"
                  />
                </Group>
              )}
            </Group>
            {fullName && <Text c="dimmed">{fullName}</Text>}
            <Group gap="md">
              {profile.ig_username && (
                <SocialLink platform="instagram" username={profile.ig_username} />
              )}
              {profile.tiktok_username && (
                <SocialLink platform="tiktok" username={profile.tiktok_username} />
              )}
            </Group>
            <Group gap="xs">
              {location && (
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{location}</Text>
                </Group>
              )}
              {profile.gender && (
                <Badge variant="outline">{t(`pages:genders.${profile.gender}`)}</Badge>
              )}
              {profile.age_intervale && (
                <Badge variant="outline">
                  {t('pages:showcase.age', {
                    range: t(`pages:ageIntervals.${profile.age_intervale}`),
                  })}
                </Badge>
              )}
              {profile.size_band && (
                <Badge color="violet">{t(`pages:sizeBands.${profile.size_band}`)}</Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {profile.influencer_bio && (
          <Text mt="lg" style={{ whiteSpace: 'pre-line' }}>
            {profile.influencer_bio}
          </Text>
        )}
      </Card>

      {(profile.categories.length > 0 || profile.specializations.length > 0) && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            {profile.categories.length > 0 && (
              <div>
                <Title order={2} size="h4" mb="xs">
                  {t('pages:showcase.categories')}
                </Title>
                <Group gap="xs">
                  {profile.categories.map((category) => (
                    <Badge key={category.category_id} variant="light" size="lg">
                      {category.label}
                    </Badge>
                  ))}
                </Group>
              </div>
            )}
            {profile.specializations.length > 0 && (
              <div>
                <Title order={2} size="h4" mb="xs">
                  {t('pages:showcase.specializations')}
                </Title>
                <Group gap="xs">
                  {profile.specializations.map((specialization) => (
                    <Badge key={specialization} variant="outline" size="lg">
                      {specialization}
                    </Badge>
                  ))}
                </Group>
              </div>
            )}
          </Stack>
        </Card>
      )}

      <section aria-labelledby="creator-stats-title">
        <Title order={2} size="h3" mb="sm" id="creator-stats-title">
          {t('pages:showcase.statsTitle')}
        </Title>
        {profile.stats.length === 0 ? (
          <Text c="dimmed">{t('pages:showcase.noStats')}</Text>
        ) : (
          <Stack gap="md">
            {profile.stats.map((stat) => (
              <CreatorStatsCard key={stat.platform} stat={stat} />
            ))}
          </Stack>
        )}
      </section>

      {/* Filled by the content features (published videos); empty until then. */}
      <section aria-labelledby="creator-gallery-title">
        <Title order={2} size="h3" mb="sm" id="creator-gallery-title">
          {t('creator.galleryTitle')}
        </Title>
        <Card withBorder padding="lg">
          <EmptyPanel
            icon={<IconMovie size={28} aria-hidden />}
            title={t('creator.galleryEmptyTitle')}
            description={t('creator.galleryEmptyBody', { name: displayName })}
          />
        </Card>
      </section>
    </Stack>
  );
}

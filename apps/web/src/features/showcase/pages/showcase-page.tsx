import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import {
  Alert,
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
} from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CreatorStatsCard } from '../../../components/creator-stats-card';
import { IconChartLine, IconInfoCircle, IconMapPin } from '../../../components/icons';
import { SocialLink } from '../../../components/social-link';
import { ApiError } from '../../../lib/api-client';
import { useCreatorProfile } from '../../../lib/creator-profile';
import { formatCountry, formatPlace } from '../../../lib/format';
import { loadNamespaces } from '../../../lib/i18n';
import { mediaUrl } from '../../../lib/media';
import { useMe } from '../../../lib/me';
import { useCityName } from '../../../lib/reference-data';

// The figures form is opened rarely: it and its texts are a chunk of their own, kept out of
// the showcase's first download.
const StatsFormModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/stats-form-modal'),
    loadNamespaces(['discovery']),
  ]);
  return { default: module.StatsFormModal };
});

function ProfileView({ profile, isOwn }: { profile: PublicInfluencerProfile; isOwn: boolean }) {
  const { t, i18n } = useTranslation('pages');
  const language = i18n.language;
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const displayName = profile.influencer_name || fullName || t('showcase.unnamed');
  const cityName = useCityName(profile.country, profile.city);
  // Mounted on first use only, so the form's chunk is fetched when asked for.
  const [statsForm, setStatsForm] = useState({ loaded: false, opened: false });
  const location = formatPlace(
    [cityName, profile.country ? formatCountry(profile.country, language) : null],
    language,
  );
  return (
    <Stack gap="lg" maw={960}>
      {isOwn && (
        <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
          {t('showcase.ownHint')}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Avatar src={mediaUrl(profile.efile, 'medium')} alt={displayName} size={120} radius={120}>
            {displayName.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Title order={1} size="h2">
              {displayName}
            </Title>
            {fullName && fullName !== displayName && <Text c="dimmed">{fullName}</Text>}
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
              {profile.gender && <Badge variant="outline">{t(`genders.${profile.gender}`)}</Badge>}
              {profile.age_intervale && (
                <Badge variant="outline">
                  {t('showcase.age', { range: t(`ageIntervals.${profile.age_intervale}`) })}
                </Badge>
              )}
              {profile.size_band && (
                <Badge color="violet">{t(`sizeBands.${profile.size_band}`)}</Badge>
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
                  {t('showcase.categories')}
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
                  {t('showcase.specializations')}
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

      <section aria-labelledby="showcase-stats-title">
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} size="h3" id="showcase-stats-title">
            {t('showcase.statsTitle')}
          </Title>
          {isOwn && (
            <Button
              variant="light"
              leftSection={<IconChartLine size={18} aria-hidden />}
              onClick={() => setStatsForm({ loaded: true, opened: true })}
            >
              {t('showcase.updateStats')}
            </Button>
          )}
        </Group>
        {profile.stats.length === 0 ? (
          <Text c="dimmed">{t('showcase.noStats')}</Text>
        ) : (
          <Stack gap="md">
            {profile.stats.map((stat) => (
              <CreatorStatsCard key={stat.platform} stat={stat} />
            ))}
          </Stack>
        )}
      </section>
      {statsForm.loaded && (
        <Suspense fallback={null}>
          <StatsFormModal
            opened={statsForm.opened}
            onClose={() => setStatsForm({ loaded: true, opened: false })}
            stats={profile.stats}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * Showcase your profile (spec §2 "/profile/check-profile", "/profile/{userId}"): the creator's
 * profile exactly as advertisers see it.
 */
export default function ShowcasePage() {
  const { t } = useTranslation('pages');
  const { userId } = useParams();
  const me = useMe();
  const isOwnRoute = userId === undefined;
  const isCreator = me.data?.role === 'TALENT';
  // Only creators have a showcase of their own; for others the own route explains it.
  const canLoad = !isOwnRoute || isCreator;
  const profile = useCreatorProfile(isOwnRoute ? 'me' : userId, me.isSuccess && canLoad);

  if (me.isPending || (canLoad && profile.isPending)) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('showcase.loading')} />
      </Center>
    );
  }
  if (!canLoad) {
    return (
      <Stack maw={640}>
        <Title order={1}>{t('showcase.title')}</Title>
        <Text c="dimmed">{t('showcase.creatorsOnly')}</Text>
      </Stack>
    );
  }
  if (profile.isError) {
    const notFound =
      profile.error instanceof ApiError &&
      (profile.error.status === 404 || profile.error.status === 400);
    return (
      <Stack maw={640} role="alert">
        <Title order={1}>{t('showcase.title')}</Title>
        <Text>{notFound ? t('showcase.notFound') : t('showcase.loadError')}</Text>
        {!notFound && (
          <Group>
            <Button onClick={() => void profile.refetch()}>{t('showcase.retry')}</Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (!profile.data) return null;
  return <ProfileView profile={profile.data} isOwn={isOwnRoute} />;
}

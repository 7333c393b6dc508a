import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useParams } from 'wouter';
import { CreatorProfileView } from '../../../components/creator-profile-view';
import { IconChartLine, IconInfoCircle } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useCreatorProfile } from '../../../lib/creator-profile';
import { loadNamespaces } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { UsageRightsCard } from '../components/usage-rights-card';
import { RatesCard } from '../components/rates-card';

// The figures form is opened rarely: it and its texts are a chunk of their own, kept out of
// the showcase's first download.
const StatsFormModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/stats-form-modal'),
    loadNamespaces(['discovery']),
  ]);
  return { default: module.StatsFormModal };
});

// Connected accounts (issue 24 §2) come after the profile, in a chunk of their own with their
// texts: the showcase's first screen does not wait for them.
const ConnectedAccounts = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/connected-accounts'),
    loadNamespaces(['publication-metrics']),
  ]);
  return { default: module.ConnectedAccounts };
});

function ProfileView({ profile, isOwn }: { profile: PublicInfluencerProfile; isOwn: boolean }) {
  const { t } = useTranslation('pages');
  // Mounted on first use only, so the form's chunk is fetched when asked for.
  const [statsForm, setStatsForm] = useState({ loaded: false, opened: false });
  return (
    <Stack gap="lg" maw={960}>
      {isOwn && (
        <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
          {t('showcase.ownHint')}
        </Alert>
      )}
      <CreatorProfileView
        profile={profile}
        statsAction={
          isOwn && (
            <Button
              variant="light"
              leftSection={<IconChartLine size={18} aria-hidden />}
              onClick={() => setStatsForm({ loaded: true, opened: true })}
            >
              {t('showcase.updateStats')}
            </Button>
          )
        }
      />
      {isOwn && <RatesCard />}
      {isOwn && <UsageRightsCard />}
      {isOwn && (
        <Suspense fallback={null}>
          <ConnectedAccounts />
        </Suspense>
      )}
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
  // Spec §2: `/profile/{userId}` names the creator's user, not the creator record.
  const profile = useCreatorProfile(isOwnRoute ? 'me' : userId, me.isSuccess && canLoad, 'user');

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

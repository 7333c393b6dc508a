import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import {
  Anchor,
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
import { CreatorProfileView } from '../../../components/creator-profile-view';
import { IconArrowLeft, IconMovie } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useCreatorProfile } from '../../../lib/creator-profile';
import { useMe } from '../../../lib/me';
import { isAdvertiser } from '../../../lib/roles';
import { AddToShortListMenu } from '../components/add-to-short-list-menu';
import { EmptyPanel } from '../components/empty-panel';
import { FavoriteButton } from '../components/favorite-button';
import { creatorNames } from '../../../lib/creator-name';

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
  const { t } = useTranslation(['discovery', 'pages']);
  const { displayName } = creatorNames(profile, t('pages:showcase.unnamed'));
  return (
    <Stack gap="lg" maw={1040}>
      {canPick && <BackLink />}
      <CreatorProfileView
        profile={profile}
        headerActions={
          canPick && (
            <Group gap="xs">
              <FavoriteButton influencerId={profile.influencer_id} size="xl" />
              <AddToShortListMenu
                influencerId={profile.influencer_id}
                creatorName={displayName}
                size="sm"
              />
            </Group>
          )
        }
      />

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

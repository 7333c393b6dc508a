import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { CreatorProfileView } from '../../../components/creator-profile-view';
import { IconArrowLeft, IconMovie, IconSend } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useCreatorProfile } from '../../../lib/creator-profile';
import { useMe } from '../../../lib/me';
import { isAdvertiser } from '../../../lib/roles';
import { useCreatorRateCard } from '../api/get-creator-rate-card';
import { AddToShortListMenu } from '../components/add-to-short-list-menu';
import { EmptyPanel } from '../components/empty-panel';
import { FavoriteButton } from '../components/favorite-button';
import { ShortListedNote } from '../components/short-listed-note';
import { creatorNames } from '../../../lib/creator-name';
import { ReviewsSection } from '../../../components/reviews/user-reviews';

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
            <Stack gap={6}>
              <Group gap="xs">
                <FavoriteButton influencerId={profile.influencer_id} size="xl" />
                <AddToShortListMenu
                  influencerId={profile.influencer_id}
                  creatorName={displayName}
                  size="sm"
                />
                {/* The request's first step with this creator already chosen. */}
                <Button
                  component={Link}
                  to={`/request-content/add?influencer_id=${profile.influencer_id}`}
                  size="sm"
                  leftSection={<IconSend size={16} aria-hidden />}
                >
                  {t('creator.sendRequest')}
                </Button>
              </Group>
              <ShortListedNote influencerId={profile.influencer_id} />
            </Stack>
          )
        }
      />

      {canPick && <CreatorRates influencerId={String(profile.influencer_id)} />}

      {/* Issue 27 §2: the creator's written reviews. */}
      <ReviewsSection of={{ influencerId: profile.influencer_id }} />

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

/** The creator's price per video length (issue 10 §1), as advertisers pay it. */
function CreatorRates({ influencerId }: { influencerId: string }) {
  const { t } = useTranslation('discovery');
  const rateCard = useCreatorRateCard(influencerId);
  // A creator advertisers cannot pick (not validated) has no rates to show.
  if (rateCard.error instanceof ApiError && rateCard.error.status === 404) return null;
  return (
    <section aria-labelledby="creator-rates-title">
      <Title order={2} size="h3" mb="sm" id="creator-rates-title">
        {t('prices.title')}
      </Title>
      <Card withBorder padding="lg">
        {rateCard.isPending ? (
          <Loader size="sm" aria-label={t('prices.loading')} />
        ) : rateCard.isError ? (
          <Group role="alert" justify="space-between">
            <Text>{t('prices.loadError')}</Text>
            <Button size="xs" variant="light" onClick={() => void rateCard.refetch()}>
              {t('results.retry')}
            </Button>
          </Group>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" my={0}>
            {rateCard.data.map((entry) => (
              <div key={entry.video_duration}>
                <Text component="dt" size="sm" c="dimmed">
                  {t('prices.lengthLabel', { seconds: entry.video_duration })}
                </Text>
                <Text component="dd" fw={700} size="lg" m={0}>
                  <Money millimes={entry.price} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Card>
    </section>
  );
}

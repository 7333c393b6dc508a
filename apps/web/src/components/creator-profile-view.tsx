import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useSpecializationLabel } from '../lib/content-types';
import { creatorNames, initialsOf } from '../lib/creator-name';
import { formatCountry, formatPlace } from '../lib/format';
import { mediaUrl } from '../lib/media';
import { useCityName } from '../lib/reference-data';
import { CreatorStatsCard } from './creator-stats-card';
import { CreatorReputationPanel } from './reputation/creator-reputation-panel';
import { IconMapPin } from './icons';
import { SocialLink } from './social-link';

export interface CreatorProfileViewProps {
  profile: PublicInfluencerProfile;
  /** Beside the name, e.g. an advertiser's favourite and shortlist buttons. */
  headerActions?: ReactNode;
  /** Beside the statistics title, e.g. "Update my statistics" on the creator's own profile. */
  statsAction?: ReactNode;
}

/**
 * A creator's public profile as advertisers see it: picture, names, social links, location,
 * bio, categories, specializations and the statistics of each platform with their source.
 * Shared by the creator's own showcase and the advertisers' creator page.
 */
export function CreatorProfileView({
  profile,
  headerActions,
  statsAction,
}: CreatorProfileViewProps) {
  const { t, i18n } = useTranslation('pages');
  const specializationLabel = useSpecializationLabel();
  const language = i18n.language;
  const statsTitleId = useId();
  const { displayName, fullName } = creatorNames(profile, t('showcase.unnamed'));
  const cityName = useCityName(profile.country, profile.city);
  const location = formatPlace(
    [cityName, profile.country ? formatCountry(profile.country, language) : null],
    language,
  );

  return (
    <>
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
              {headerActions}
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
          // The bio is in the creator's language: its own direction, whatever the page's.
          <Text mt="lg" dir="auto" style={{ whiteSpace: 'pre-line' }}>
            {profile.influencer_bio}
          </Text>
        )}
      </Card>

      {/* Issue 27 §2: the creator's measured record, on their public profile. */}
      <CreatorReputationPanel influencerId={profile.influencer_id} />

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
                      {specializationLabel(specialization)}
                    </Badge>
                  ))}
                </Group>
              </div>
            )}
          </Stack>
        </Card>
      )}

      <section aria-labelledby={statsTitleId}>
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} size="h3" id={statsTitleId}>
            {t('showcase.statsTitle')}
          </Title>
          {statsAction}
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
    </>
  );
}

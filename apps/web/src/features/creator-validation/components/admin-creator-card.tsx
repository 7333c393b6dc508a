import { CREATOR_VALIDATION_REMINDER_HOURS } from '@clipmarket/contracts/workflows/creator-validation';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  IconBrandInstagram,
  IconBrandTiktok,
  IconCircleCheck,
  IconCircleX,
  IconId,
} from '../../../components/icons';
import { SocialLink } from '../../../components/social-link';
import { creatorNames, initialsOf } from '../../../lib/creator-name';
import { formatCountry, formatDate, formatNumber, formatPlace } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import { useCityName } from '../../../lib/reference-data';
import type { AdminCreator } from '../api/get-admin-creators';
import { isAllowed } from '../validation-status';
import { MediaKitSwitch } from './media-kit-switch';
import { formatWaitingTime, hasWaitedLongerThan } from '../waiting-time';

export type CreatorAction = 'validate' | 'reject' | 'view-cin';

export interface AdminCreatorCardProps {
  creator: AdminCreator;
  onAction: (action: CreatorAction, creator: AdminCreator) => void;
}

/** The name admins know a creator by: influencer name, full name, else the e-mail. */
export const adminCreatorName = (creator: AdminCreator): string =>
  creatorNames(creator.profile, creator.email).displayName;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One creator account under review: who they are, how to reach them, what they declared
 * (place, gender, age, categories, audience), their identity card, and the actions the API
 * allows now (`allowed_transitions`).
 */
export function AdminCreatorCard({ creator, onAction }: AdminCreatorCardProps) {
  const { t, i18n } = useTranslation(['admin', 'pages']);
  const language = i18n.language;
  const titleId = useId();
  const { profile } = creator;
  const { displayName, fullName } = creatorNames(profile, creator.email);
  const cityName = useCityName(profile.country, profile.city);
  const place = formatPlace(
    [cityName, profile.country ? formatCountry(profile.country, language) : null],
    language,
  );
  const notProvided = (
    <Text span c="dimmed" size="sm">
      {t('creators.notProvided')}
    </Text>
  );
  const isOverdue =
    creator.state === 'pending' &&
    hasWaitedLongerThan(creator.state_entered_at, CREATOR_VALIDATION_REMINDER_HOURS);
  const canValidate = isAllowed(creator, 'validate');
  const canReject = isAllowed(creator, 'reject');

  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Avatar src={mediaUrl(profile.efile, 'thumb')} alt="" size={64} radius="xl">
          {initialsOf(displayName)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {displayName}
              </Title>
              {fullName && (
                <Text size="sm" c="dimmed">
                  {fullName}
                </Text>
              )}
            </div>
            <Group gap={6}>
              {creator.state === 'pending' && (
                <Badge color={isOverdue ? 'orange' : 'blue'} variant="light">
                  {t('creators.waiting', {
                    duration: formatWaitingTime(creator.state_entered_at, language),
                  })}
                </Badge>
              )}
              {isOverdue && (
                <Badge color="orange" variant="filled">
                  {t('creators.overdue')}
                </Badge>
              )}
              {creator.state === 'validated' && (
                <Badge color="teal" variant="light">
                  {t('creators.validatedOn', {
                    date: formatDate(creator.state_entered_at, language),
                  })}
                </Badge>
              )}
              {creator.state === 'rejected' && (
                <Badge color="red" variant="light">
                  {t('creators.rejectedOn', {
                    date: formatDate(creator.state_entered_at, language),
                  })}
                </Badge>
              )}
            </Group>
          </Group>
          <Group gap="xs">
            <Anchor href={`mailto:${creator.email}`} size="sm" dir="ltr">
              {creator.email}
            </Anchor>
            {!creator.is_verified && (
              <Badge color="gray" variant="outline" size="sm">
                {t('creators.emailNotConfirmed')}
              </Badge>
            )}
          </Group>
          <Group gap="md">
            {profile.ig_username && (
              <SocialLink platform="instagram" username={profile.ig_username} />
            )}
            {profile.tiktok_username && (
              <SocialLink platform="tiktok" username={profile.tiktok_username} />
            )}
          </Group>
        </Stack>
      </Group>

      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" mt="md" mb={0}>
        <Field label={t('creators.fields.signedUp')}>
          {formatDate(creator.created_at, language)}
        </Field>
        <Field label={t('creators.fields.place')}>{place || notProvided}</Field>
        <Field label={t('creators.fields.gender')}>
          {profile.gender ? t(`pages:genders.${profile.gender}`) : notProvided}
        </Field>
        <Field label={t('creators.fields.ageRange')}>
          {profile.age_intervale ? t(`pages:ageIntervals.${profile.age_intervale}`) : notProvided}
        </Field>
        <Field label={t('creators.fields.categories')}>
          {profile.categories.length > 0
            ? profile.categories
                .map((category) => category.label)
                .join(language === 'tn' ? '، ' : ', ')
            : notProvided}
        </Field>
        <Field label={t('creators.fields.followers')}>
          {profile.stats.length > 0
            ? profile.stats.map((stat) => {
                const Icon = stat.platform === 'instagram' ? IconBrandInstagram : IconBrandTiktok;
                return (
                  <Group key={stat.platform} component="span" gap={4} wrap="nowrap">
                    <Icon size={16} aria-hidden />
                    {t('creators.followersOf', {
                      platform: t(`pages:platforms.${stat.platform}`),
                      followers: formatNumber(stat.followers_count, language),
                    })}
                  </Group>
                );
              })
            : notProvided}
        </Field>
        <Field label={t('creators.fields.cin')}>
          {creator.cin ? <span dir="ltr">{creator.cin}</span> : notProvided}
        </Field>
        <Field label={t('creators.fields.cinScan')}>
          {creator.cin_efile ? (
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              leftSection={<IconId size={16} aria-hidden />}
              aria-label={t('creators.cinScan.openNamed', { name: displayName })}
              onClick={() => onAction('view-cin', creator)}
            >
              {t('creators.cinScan.open')}
            </Button>
          ) : (
            notProvided
          )}
        </Field>
      </SimpleGrid>

      {creator.state === 'rejected' && creator.rejection_reason && (
        <Text size="sm" mt="md">
          <Text span fw={700} size="sm">
            {t('creators.rejectionReason')}
          </Text>{' '}
          <Text span size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {creator.rejection_reason}
          </Text>
        </Text>
      )}

      <Group justify="space-between" align="flex-end" gap="sm" mt="md">
        <MediaKitSwitch creator={creator} name={displayName} />
        {(canValidate || canReject) && (
          <Group justify="flex-end" gap="sm">
            {canReject && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconCircleX size={18} aria-hidden />}
                aria-label={t('creators.actions.rejectNamed', { name: displayName })}
                onClick={() => onAction('reject', creator)}
              >
                {t('creators.actions.reject')}
              </Button>
            )}
            {canValidate && (
              <Button
                color="teal"
                leftSection={<IconCircleCheck size={18} aria-hidden />}
                aria-label={t('creators.actions.validateNamed', { name: displayName })}
                onClick={() => onAction('validate', creator)}
              >
                {t('creators.actions.validate')}
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Card>
  );
}

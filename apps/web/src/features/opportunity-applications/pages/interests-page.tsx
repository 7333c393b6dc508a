import {
  Anchor,
  Badge,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'wouter';
import { formatDeliveryTime } from '../../../components/content-delivery/format';
import { FileAvatar } from '../../../components/file-avatar';
import { IconInbox } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';
import { routeNotFound } from '../../../lib/route-not-found';
import { useTranslation } from '../../../lib/use-translation';
import { type Interest, useInterests } from '../api/interests';
import { opportunityApplicationsQueryRoot, useOpportunity } from '../api/opportunity';
import { OpportunityHeader } from '../components/opportunity-header';
import { creatorPath, parseId } from '../paths';

/**
 * `/publish-opportunity/{content_opportunity_id}/interests` (spec §2, issue 23 §4): the
 * creators who opened the opportunity's "learn more", when, and whether they applied since —
 * their public name, city and picture only.
 */
export default function InterestsPage() {
  const { t } = useTranslation('opportunity-applications');
  const id = parseId(useParams().content_opportunity_id);
  const queryClient = useQueryClient();
  const opportunity = useOpportunity(id);
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: opportunityApplicationsQueryRoot });
  });

  if (id === null) throw routeNotFound();
  if (opportunity.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (opportunity.isError) {
    if (opportunity.error instanceof ApiError && opportunity.error.status === 404) {
      throw routeNotFound();
    }
    return (
      <LoadErrorAlert
        error={opportunity.error}
        message={t('opportunity.loadError')}
        onRetry={() => void opportunity.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <OpportunityHeader opportunity={opportunity.data} current="interests" />
      <Interests opportunityId={id} />
    </Stack>
  );
}

function Interests({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation('opportunity-applications');
  const headingId = useId();
  const interests = useInterests(opportunityId);

  let content;
  if (interests.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (interests.isError) {
    content = (
      <LoadErrorAlert
        error={interests.error}
        message={t('interests.loadError')}
        onRetry={() => void interests.refetch()}
      />
    );
  } else if (interests.data.length === 0) {
    content = (
      <EmptyState icon={<IconInbox size={32} aria-hidden />} variant="light" py="xl">
        <EmptyState.Title order={3}>{t('interests.empty')}</EmptyState.Title>
        <EmptyState.Description>{t('interests.emptyHint')}</EmptyState.Description>
      </EmptyState>
    );
  } else {
    content = (
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('interests.list')}
      >
        {interests.data.map((interest) => (
          <InterestRow key={interest.influencer_id} interest={interest} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} id={headingId}>
          {t('interests.title')}
        </Title>
        <Text c="dimmed">{t('interests.intro')}</Text>
      </div>
      {content}
    </Stack>
  );
}

function InterestRow({ interest }: { interest: Interest }) {
  const { t, i18n } = useTranslation('opportunity-applications');
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <FileAvatar fileId={interest.profile_file_id} name={interest.name} size={40} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={creatorPath(interest.influencer_id)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {interest.name}
            </Anchor>
            {interest.city && (
              <Text size="sm" c="dimmed">
                {interest.city}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('interests.openedOn', {
                date: formatDeliveryTime(interest.created_at, i18n.language),
              })}
            </Text>
          </Stack>
        </Group>
        <Badge color={interest.applied ? 'teal' : 'gray'} variant="light">
          {interest.applied ? t('interests.applied') : t('interests.notApplied')}
        </Badge>
      </Group>
    </Paper>
  );
}

import type { OwnApplication } from '@clipmarket/contracts/opportunities';
import {
  Anchor,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'wouter';
import { IconCompass, IconListCheck } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Money } from '../../../components/checkout/money';
import { formatDate } from '../../../lib/format';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useTranslation } from '../../../lib/use-translation';
import { useOwnApplications } from '../api/applications';
import { applicationsQueryRoot } from '../api/opportunities';
import { Fact } from '../components/opportunity-facts';
import { ApplicationLabelBadge, FundsSecuredBadge } from '../components/status-badges';
import { applicationPathOf, DISCOVER_PATH } from '../paths';

/**
 * Track Opportunities (spec §2 `/track-opportunities`): the creator's applications, newest
 * first, each with its opportunity, its state (spec §4 application states), the price asked
 * and whether the advertiser's money is held for it.
 */
export default function TrackOpportunitiesPage() {
  const { t } = useTranslation('discover-opportunities');
  const queryClient = useQueryClient();
  const list = useOwnApplications();

  // The advertiser's answers come with a notification.
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: applicationsQueryRoot });
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('track.title')}</Title>
          <Text c="dimmed">{t('track.intro')}</Text>
        </div>
        <Button
          component={Link}
          to={DISCOVER_PATH}
          variant="default"
          leftSection={<IconCompass size={18} aria-hidden />}
        >
          {t('track.discoverLink')}
        </Button>
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : list.isError ? (
        <LoadErrorAlert
          error={list.error}
          message={t('track.loadError')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.pages[0]?.data.length === 0 ? (
        <EmptyState icon={<IconListCheck size={32} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t('track.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('track.emptyBody')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Stack gap="md">
          {list.data.pages
            .flatMap((page) => page.data)
            .map((application) => (
              <ApplicationCard
                key={application.content_opportunity_influencer_id}
                application={application}
              />
            ))}
          {list.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('track.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function ApplicationCard({ application }: { application: OwnApplication }) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const titleId = useId();
  const { opportunity } = application;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
            <Text size="xs" c="dimmed">
              {t('common.reference', { reference: opportunity.reference })}
              {' · '}
              {t('card.from', { name: opportunity.advertiser.name })}
            </Text>
            <Title order={2} size="h4" id={titleId} dir="auto">
              <Anchor
                component={Link}
                to={applicationPathOf(application.content_opportunity_influencer_id)}
                inherit
                c="inherit"
              >
                {opportunity.title}
              </Anchor>
            </Title>
          </Stack>
          <Group gap={6}>
            <ApplicationLabelBadge label={application.label} />
            {application.line?.funds_secured && <FundsSecuredBadge />}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
          <Fact label={t('track.price')}>
            <Money millimes={application.price} />
          </Fact>
          <Fact label={t('track.appliedOn')}>
            {formatDate(application.created_at, i18n.language)}
          </Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

import {
  Button,
  Center,
  EmptyState,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'wouter';
import { IconCompass, IconListCheck } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useTwinklingSeen } from '../../../lib/twinkling';
import { useTranslation } from '../../../lib/use-translation';
import { cardsQueryRoot, useOpportunityCards } from '../api/opportunities';
import { CampaignFilter } from '../components/campaign-filter';
import { OpportunityCard } from '../components/opportunity-card';
import {
  countActiveFilters,
  emptyFilters,
  type OpportunityFilters,
  type OpportunitySearch,
  type OpportunitySort,
  opportunitySorts,
  readSearch,
  toAddressQuery,
} from '../filter-state';
import { TRACK_PATH } from '../paths';

/**
 * Discover Opportunities (spec §2 `/discover-opportunities`): the live opportunities the
 * creator matches, filtered by the campaign filter (spec §3) and sorted, both kept in the
 * address; "load more" pages on with the server's cursor.
 */
export default function DiscoverOpportunitiesPage() {
  const { t } = useTranslation('discover-opportunities');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = readSearch(searchParams);
  const addressQuery = toAddressQuery(search);
  const isWide = useMediaQuery('(min-width: 62em)');
  const sortLabelId = useId();

  // A new opportunity or an answer to an application comes with a notification.
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: cardsQueryRoot });
  });
  // Spec §3 "Twinkling flags": the menu item's highlight goes once the list is seen.
  useTwinklingSeen('twinkling_discover_opportunities');

  const go = (next: OpportunitySearch) => {
    const query = toAddressQuery(next);
    setSearchParams(new URLSearchParams(query));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('discover.title')}</Title>
          <Text c="dimmed">{t('discover.intro')}</Text>
        </div>
        <Button
          component={Link}
          to={TRACK_PATH}
          variant="default"
          leftSection={<IconListCheck size={18} aria-hidden />}
        >
          {t('discover.trackLink')}
        </Button>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <CampaignFilter
            filters={search.filters}
            filtersKey={addressQuery}
            defaultOpened={isWide === true}
            onApply={(filters: OpportunityFilters) => go({ ...search, filters })}
            onReset={() => go({ ...search, filters: emptyFilters })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={500} id={sortLabelId}>
                {t('discover.sort')}
              </Text>
              <SegmentedControl
                aria-labelledby={sortLabelId}
                value={search.sort}
                onChange={(sort) => go({ ...search, sort: sort as OpportunitySort })}
                data={opportunitySorts.map((value) => ({
                  value,
                  label: t(`discover.sorts.${value}`),
                }))}
              />
            </Group>
            <CardList search={search} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CardList({ search }: { search: OpportunitySearch }) {
  const { t } = useTranslation('discover-opportunities');
  const list = useOpportunityCards(search);

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <LoadErrorAlert
        error={list.error}
        message={t('discover.loadError')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const cards = list.data.pages.flatMap((page) => page.data);
  if (cards.length === 0) {
    const filtered = countActiveFilters(search.filters) > 0;
    return (
      <EmptyState icon={<IconCompass size={32} aria-hidden />} variant="light" py="xl">
        <EmptyState.Title order={2}>{t('discover.emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>
          {filtered ? t('discover.emptyFiltered') : t('discover.emptyBody')}
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md" aria-busy={list.isPlaceholderData || undefined}>
      {cards.map((card) => (
        <OpportunityCard key={card.content_opportunity_id} card={card} />
      ))}
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('discover.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import type { Application, Opportunity } from '@clipmarket/contracts/opportunities';
import {
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { IconInbox } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';
import { routeNotFound } from '../../../lib/route-not-found';
import { useTranslation } from '../../../lib/use-translation';
import { type ApplicationFilter, type ApplicationSort, useApplications } from '../api/applications';
import { opportunityApplicationsQueryRoot, useOpportunity } from '../api/opportunity';
import { ApplicationCard } from '../components/application-card';
import { COMPARE_MAX, CompareBar, CompareModal } from '../components/compare-view';
import { OpportunityHeader } from '../components/opportunity-header';
import { parseId } from '../paths';

/** Contracts `applicationFilters` and `applicationSorts`, in the order the page offers them. */
export const filters = [
  'all',
  'under_review',
  'accepted',
  'declined',
] as const satisfies readonly ApplicationFilter[];
export const sorts = [
  'newest',
  'price_low',
  'price_high',
  'rating',
] as const satisfies readonly ApplicationSort[];

const readFilter = (value: string | null): ApplicationFilter =>
  filters.find((filter) => filter === value) ?? 'all';
const readSort = (value: string | null): ApplicationSort =>
  sorts.find((sort) => sort === value) ?? 'newest';

/**
 * `/publish-opportunity/{content_opportunity_id}/applications` (spec §2, issue 23 §4): the
 * opportunity and what its advertiser may do to it, then the applications it received, by
 * state (`?filter=`) and order (`?sort=`), compared card by card or 2 to 4 side by side, each
 * answered (approved, debriefed, declined) from its card. An application arrives with a
 * notification, whose arrival refreshes the page.
 */
export default function ApplicationsPage() {
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
      <OpportunityHeader opportunity={opportunity.data} current="applications" />
      <Applications opportunity={opportunity.data} />
    </Stack>
  );
}

function Applications({ opportunity }: { opportunity: Opportunity }) {
  const { t } = useTranslation('opportunity-applications');
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('filter'));
  const sort = readSort(searchParams.get('sort'));
  // The chosen applications stay chosen from one filter to another.
  const [compared, setCompared] = useState<Application[]>([]);
  const [isComparing, setComparing] = useState(false);

  const setParam = (name: 'filter' | 'sort', value: string, fallback: string) =>
    setSearchParams(
      (params) => {
        if (value === fallback) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true },
    );
  const toggleCompared = (application: Application, isChosen: boolean) =>
    setCompared((current) => {
      const others = current.filter(
        (other) =>
          other.content_opportunity_influencer_id !== application.content_opportunity_influencer_id,
      );
      return isChosen && others.length < COMPARE_MAX ? [...others, application] : others;
    });
  // An answered application is shown as it is now, also among the compared ones.
  const replaceCompared = (updated: Application) =>
    setCompared((current) =>
      current.map((other) =>
        other.content_opportunity_influencer_id === updated.content_opportunity_influencer_id
          ? updated
          : other,
      ),
    );

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} id={headingId}>
          {t('applications.title')}
        </Title>
        <NativeSelect
          label={t('applications.sort')}
          value={sort}
          data={sorts.map((value) => ({ value, label: t(`applications.sortNames.${value}`) }))}
          onChange={(event) => setParam('sort', event.currentTarget.value, 'newest')}
          w={200}
        />
      </Group>
      <Tabs
        value={filter}
        onChange={(value) => setParam('filter', value ?? 'all', 'all')}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('applications.filters')}>
          {filters.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`applications.filterNames.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {filters.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <ApplicationList
              opportunity={opportunity}
              filter={value}
              sort={sort}
              compared={compared}
              onCompareChange={toggleCompared}
              onDecided={replaceCompared}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      {compared.length > 0 && (
        <CompareBar
          count={compared.length}
          onOpen={() => setComparing(true)}
          onClear={() => setCompared([])}
        />
      )}
      <CompareModal
        opened={isComparing && compared.length > 0}
        applications={compared}
        questions={opportunity.screening_questions}
        onClose={() => setComparing(false)}
      />
    </Stack>
  );
}

function ApplicationList({
  opportunity,
  filter,
  sort,
  compared,
  onCompareChange,
  onDecided,
}: {
  opportunity: Opportunity;
  filter: ApplicationFilter;
  sort: ApplicationSort;
  compared: readonly Application[];
  onCompareChange: (application: Application, isChosen: boolean) => void;
  onDecided: (application: Application) => void;
}) {
  const { t } = useTranslation('opportunity-applications');
  const id = opportunity.content_opportunity_id;
  const list = useApplications(id, filter, sort);

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
        message={t('applications.loadError')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const applications = list.data.pages.flatMap((page) => page.data);
  if (applications.length === 0) {
    const isAll = filter === 'all';
    return (
      <EmptyState icon={<IconInbox size={32} aria-hidden />} variant="light" py="xl">
        <EmptyState.Title order={3}>
          {isAll ? t('applications.empty') : t('applications.emptyFiltered')}
        </EmptyState.Title>
        <EmptyState.Description>
          {isAll ? t('applications.emptyHint') : t('applications.emptyFilteredHint')}
        </EmptyState.Description>
      </EmptyState>
    );
  }
  const isCompared = (application: Application) =>
    compared.some(
      (other) =>
        other.content_opportunity_influencer_id === application.content_opportunity_influencer_id,
    );
  return (
    <Stack gap="md">
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, xl: 3 }}
        spacing="md"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('applications.list')}
      >
        {applications.map((application) => (
          <li key={application.content_opportunity_influencer_id}>
            <ApplicationCard
              opportunityId={id}
              application={application}
              questions={opportunity.screening_questions}
              isCompared={isCompared(application)}
              canCompareMore={compared.length < COMPARE_MAX}
              onCompareChange={onCompareChange}
              onDecided={onDecided}
            />
          </li>
        ))}
      </SimpleGrid>
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('applications.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

import type { Opportunity } from '@clipmarket/contracts/opportunities';
import { Button, Center, EmptyState, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ConfirmModal } from '../../../components/confirm-modal';
import { IconInbox, IconPlus } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import {
  type OpportunityListFilter,
  useDeleteOpportunity,
  useOpportunityList,
} from '../api/opportunities';
import { DraftCard, OpportunityCard } from '../components/opportunity-card';
import { OPPORTUNITIES_PATH } from '../paths';

/** Spec §4 "Opportunity status filter: All, published, ongoing, Completed, expired, Live", then the drafts. */
export const listFilters: readonly OpportunityListFilter[] = [
  'all',
  'published',
  'ongoing',
  'completed',
  'expired',
  'live',
  'draft',
];

const readFilter = (value: string | null): OpportunityListFilter =>
  listFilters.find((filter) => filter === value) ?? 'all';

/**
 * Manage Opportunities (spec §2 `/publish-opportunity`): the advertiser's opportunities, newest
 * first, by the status filter of spec §4 and the drafts as tabs (`?filter=`), each with its
 * applications and interests.
 */
export default function OpportunityListPage() {
  const { t } = useTranslation('publish-opportunity');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('filter'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Button
          component={Link}
          to={`${OPPORTUNITIES_PATH}/add`}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('list.new')}
        </Button>
      </Group>
      <Tabs
        value={filter}
        onChange={(value) =>
          setSearchParams(
            (params) => {
              if (!value || value === 'all') params.delete('filter');
              else params.set('filter', value);
              return params;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={t('list.filters')}>
          {listFilters.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`list.filterNames.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {listFilters.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <OpportunityList filter={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function OpportunityList({ filter }: { filter: OpportunityListFilter }) {
  const { t } = useTranslation('publish-opportunity');
  const errorMessage = useApiErrorMessage();
  const list = useOpportunityList(filter);
  const remove = useDeleteOpportunity();
  const [toDelete, setToDelete] = useState<Opportunity | null>(null);

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
        message={t('common.loadError')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const opportunities = list.data.pages.flatMap((page) => page.data);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.content_opportunity_id, {
      onSuccess: () => {
        setToDelete(null);
        toasts.show({ color: 'green', message: t('messages.draftDeleted') });
      },
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });
  };

  return (
    <Stack gap="md">
      {opportunities.length === 0 ? (
        <EmptyState icon={<IconInbox size={32} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t('list.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>
            {filter === 'draft' ? t('list.emptyDrafts') : t('list.emptyDescription')}
          </EmptyState.Description>
          <Button
            component={Link}
            to={`${OPPORTUNITIES_PATH}/add`}
            variant="light"
            mt="md"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('list.new')}
          </Button>
        </EmptyState>
      ) : (
        opportunities.map((opportunity) =>
          opportunity.state === 'draft' ? (
            <DraftCard
              key={opportunity.content_opportunity_id}
              opportunity={opportunity}
              onDelete={setToDelete}
            />
          ) : (
            <OpportunityCard key={opportunity.content_opportunity_id} opportunity={opportunity} />
          ),
        )
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('list.loadMore')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={toDelete !== null}
        title={t('list.deleteTitle')}
        text={t('list.deleteText', { title: toDelete?.title || t('common.untitled') })}
        confirmLabel={t('list.confirmDelete')}
        cancelLabel={t('list.keep')}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

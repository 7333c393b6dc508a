import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { Button, Center, EmptyState, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'wouter';
import { IconInbox, IconPlus } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useRealtimeEvent } from '../../../lib/realtime';
import { toasts } from '../../../lib/toasts';
import { useTwinklingSeen } from '../../../lib/twinkling';
import {
  type ListFilter,
  contentRequestsQueryRoot,
  useContentRequestList,
  useDeleteContentRequest,
} from '../api/content-requests';
import { useCancelLineDialog } from '../components/cancel-line-dialog';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { DraftCard, RequestCard } from '../components/request-card';
import { REQUESTS_PATH } from '../paths';

/** Spec §4 filters of the advertiser's requests, then the drafts. */
export const listFilters: readonly ListFilter[] = [
  'all',
  'sent',
  'accepted',
  'to_review',
  'declined',
  'debriefed',
  'approved',
  'completed',
  'draft',
];

const readFilter = (value: string | null): ListFilter =>
  listFilters.find((filter) => filter === value) ?? 'all';

/**
 * The advertiser's content requests (spec §2 `/request-content`): the status filters of spec §4
 * and the drafts as tabs (`?filter=`), each request with its creators' lines. Every creator's
 * answer comes with a notification, whose arrival refreshes the list.
 */
export default function RequestListPage() {
  const { t } = useTranslation('content-requests');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('filter'));

  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: contentRequestsQueryRoot });
  });
  // Spec §3 "Twinkling flags": the menu item's highlight goes once the answers are seen.
  useTwinklingSeen('twinkling_content_request');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Button
          component={Link}
          to={`${REQUESTS_PATH}/add`}
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
            <RequestList filter={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function RequestList({ filter }: { filter: ListFilter }) {
  const { t } = useTranslation('content-requests');
  const errorMessage = useApiErrorMessage();
  const list = useContentRequestList(filter);
  const remove = useDeleteContentRequest();
  const cancelLine = useCancelLineDialog();
  const [toDelete, setToDelete] = useState<ContentRequest | null>(null);

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
  const requests = list.data.pages.flatMap((page) => page.data);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.content_request_id, {
      onSuccess: () => {
        setToDelete(null);
        toasts.show({ color: 'green', message: t('messages.draftDeleted') });
      },
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });
  };

  return (
    <Stack gap="md">
      {requests.length === 0 ? (
        <EmptyState icon={<IconInbox size={32} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t('list.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>
            {filter === 'draft' ? t('list.emptyDrafts') : t('list.emptyDescription')}
          </EmptyState.Description>
        </EmptyState>
      ) : (
        requests.map((request) =>
          filter === 'draft' ? (
            <DraftCard key={request.content_request_id} request={request} onDelete={setToDelete} />
          ) : (
            <RequestCard
              key={request.content_request_id}
              request={request}
              onCancelLine={cancelLine.ask}
            />
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
      {cancelLine.dialog}
    </Stack>
  );
}

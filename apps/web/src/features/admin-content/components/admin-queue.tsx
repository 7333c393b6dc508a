import {
  Alert,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Fragment, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';

/** What the queue reads of an infinite query of keyset pages (`{ data: T[] }` each). */
interface QueueQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { pages: { data: T[] }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * An admin work queue (publication links, disputes): a skeleton while loading, the error with
 * Retry, the empty state, or the cards with "Load more". The list (or the empty state) takes
 * `listRef`, so a page can put the focus back there after a decision removed a card.
 */
export function AdminQueue<T>({
  query,
  listRef,
  listLabel,
  empty,
  itemKey,
  renderItem,
}: {
  query: QueueQuery<T>;
  listRef: RefObject<HTMLDivElement | null>;
  listLabel: string;
  empty: { icon: ReactNode; title: string; body: string };
  itemKey: (item: T) => number;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin-content');
  const errorMessage = useApiErrorMessage();

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
        {[1, 2, 3].map((key) => (
          <Card key={key} withBorder padding="lg" aria-hidden>
            <Skeleton height={18} width="40%" />
            <Skeleton height={12} width="60%" mt="sm" />
            <Skeleton height={12} width="30%" mt="sm" />
          </Card>
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
        <Group justify="space-between">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  if (items.length === 0) {
    return (
      <div ref={listRef} tabIndex={-1} style={{ outline: 'none' }}>
        <EmptyState icon={empty.icon} variant="light" py="xl">
          <EmptyState.Title order={2}>{empty.title}</EmptyState.Title>
          <EmptyState.Description>{empty.body}</EmptyState.Description>
        </EmptyState>
      </div>
    );
  }
  return (
    <Stack
      gap="md"
      ref={listRef}
      tabIndex={-1}
      role="region"
      aria-label={listLabel}
      style={{ outline: 'none' }}
    >
      {items.map((item) => (
        <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
      ))}
      {query.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

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
import { useApiErrorMessage } from '../lib/api-error-message';
import { IconAlertTriangle } from './icons';

/** What the queue reads of an infinite query of keyset pages. */
interface QueueQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

function CardSkeleton() {
  return (
    <Card withBorder padding="lg" aria-hidden>
      <Skeleton height={18} width="40%" />
      <Skeleton height={12} width="60%" mt="sm" />
      <Skeleton height={12} width="30%" mt="sm" />
    </Card>
  );
}

/**
 * An admin work queue (creators to validate, publication links, disputes): three skeleton cards
 * while loading, the error with Retry, the empty state, or the cards with "Load more". The list
 * (or the empty state) takes `listRef`, so a page can put the focus back there after a decision
 * removed a card. `texts` are in the page's own namespace.
 */
export function AdminQueue<T>({
  query,
  items,
  listRef,
  listLabel,
  texts,
  empty,
  skeleton = <CardSkeleton />,
  itemKey,
  renderItem,
}: {
  query: QueueQuery;
  /** Every loaded page's items, in order. */
  items: readonly T[];
  listRef: RefObject<HTMLDivElement | null>;
  listLabel: string;
  texts: { loading: string; retry: string; loadMore: string };
  empty: { icon: ReactNode; title: string; body: string };
  /** One card while loading (shown three times). */
  skeleton?: ReactNode;
  itemKey: (item: T) => number | string;
  renderItem: (item: T) => ReactNode;
}) {
  const errorMessage = useApiErrorMessage();

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden role="status">{texts.loading}</VisuallyHidden>
        {[1, 2, 3].map((key) => (
          <Fragment key={key}>{skeleton}</Fragment>
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
            {texts.retry}
          </Button>
        </Group>
      </Alert>
    );
  }
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
            {texts.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

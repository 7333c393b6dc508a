import { Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type CreatorLinesQuery, useCreatorLines } from '../../lib/creator-lines';
import { LoadErrorAlert } from '../load-error-alert';
import { LineCard } from './line-card';

/** What the list says while it loads, when it cannot, and on its "more" button. */
export interface LineListLabels {
  loading: string;
  loadError: string;
  loadMore: string;
}

/**
 * The creator's lines of one source and filter, newest first, a page at a time ("Show more"):
 * cards, or `empty` when there is none. The labels come from the page (its own namespace).
 */
export function LineList({
  query,
  empty,
  labels,
}: {
  query: CreatorLinesQuery;
  empty: ReactNode;
  labels: LineListLabels;
}) {
  const lines = useCreatorLines(query);
  if (lines.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={labels.loading} />
      </Center>
    );
  }
  if (lines.isError) {
    return (
      <LoadErrorAlert
        error={lines.error}
        message={labels.loadError}
        onRetry={() => void lines.refetch()}
      />
    );
  }
  const items = lines.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md">
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((line) => (
          <li key={line.content_request_influencer_id}>
            <LineCard line={line} />
          </li>
        ))}
      </Stack>
      {lines.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={lines.isFetchingNextPage}
            onClick={() => void lines.fetchNextPage()}
          >
            {labels.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

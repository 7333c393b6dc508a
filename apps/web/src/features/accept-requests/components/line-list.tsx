import type { CreatorRequestFilter } from '@clipmarket/contracts/workflows/content-request-line';
import { Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useCreatorLines } from '../api/get-creator-lines';
import { LineCard } from './line-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/**
 * The creator's lines of one filter, newest first, a page at a time ("Show more requests"):
 * cards, or `empty` when there is none.
 */
export function LineList({ filter, empty }: { filter: CreatorRequestFilter; empty: ReactNode }) {
  const { t } = useTranslation('accept-requests');
  const lines = useCreatorLines(filter);
  if (lines.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('list.loading')} />
      </Center>
    );
  }
  if (lines.isError) {
    return (
      <LoadErrorAlert
        error={lines.error}
        message={t('list.loadError')}
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
            {t('list.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

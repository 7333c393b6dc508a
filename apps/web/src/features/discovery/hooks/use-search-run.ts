import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { searchQueryKey, type SearchRun } from '../api/search-influencers';
import type { DiscoveryFilters } from '../filter-state';

// The last search of each query client (the app has one; tests make their own).
const lastRuns = new WeakMap<QueryClient, SearchRun>();
let lastRunId = 0;

/**
 * The search whose results are shown. Coming back to the page shows the last results again
 * while they are still in the cache, without asking the server; otherwise the page runs the
 * last search of the history again (discover-page.tsx), which the quota does not count.
 */
export function useSearchRun() {
  const queryClient = useQueryClient();
  const [run, setRunState] = useState<SearchRun | null>(() => {
    const last = lastRuns.get(queryClient);
    return last && queryClient.getQueryData(searchQueryKey(last)) ? last : null;
  });
  const start = useCallback(
    (filters: DiscoveryFilters) => {
      lastRunId = Math.max(Date.now(), lastRunId + 1);
      const next = { id: lastRunId, filters };
      lastRuns.set(queryClient, next);
      setRunState(next);
    },
    [queryClient],
  );
  const clear = useCallback(() => {
    lastRuns.delete(queryClient);
    setRunState(null);
  }, [queryClient]);
  return { run, start, clear };
}

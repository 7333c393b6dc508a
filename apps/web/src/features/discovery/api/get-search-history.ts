import type { SearchHistoryEntry } from '@clipmarket/contracts/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useFirstPaintDone } from '../../../lib/first-paint';

export const searchHistoryQueryKey = ['discovery', 'history'] as const;

/** GET /v2/search/history: the advertiser's last searches, newest first. */
export async function getSearchHistory(signal?: AbortSignal): Promise<SearchHistoryEntry[]> {
  const body = await apiRequest<{ data: SearchHistoryEntry[] }>('/search/history', { signal });
  return body.data;
}

/** Asked for once the page is painted (lib/first-paint.ts): the page's text comes first. */
export function useSearchHistory() {
  return useQuery({
    queryKey: searchHistoryQueryKey,
    queryFn: ({ signal }) => getSearchHistory(signal),
    enabled: useFirstPaintDone(),
  });
}

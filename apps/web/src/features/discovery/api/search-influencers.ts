import type {
  SearchInfluencersBody,
  SearchInfluencersResponse,
} from '@clipmarket/contracts/discovery';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toSearchBody, type DiscoveryFilters } from '../filter-state';
import { searchHistoryQueryKey } from './get-search-history';
import { searchQuotaQueryKey } from './get-search-quota';

export type SearchPage = SearchInfluencersResponse['data'];

/** One press on Refine: its own id, so the same filters asked again are a new search. */
export interface SearchRun {
  id: number;
  filters: DiscoveryFilters;
}

/** Refusals that mean the trial is over (or not started yet), not that something broke. */
export const quotaErrorCodes: readonly string[] = [
  'SEARCH_QUOTA_EXHAUSTED',
  'SEARCH_TRIAL_EXPIRED',
  'EMAIL_NOT_VERIFIED',
];

export const searchQueryRoot = ['discovery', 'search'] as const;
export const searchQueryKey = (run: SearchRun) =>
  [...searchQueryRoot, run.id, toSearchBody(run.filters)] as const;

/**
 * POST /v2/search/influencers. Without `cursor` it is a new search (counted in the trial
 * quota); with the previous page's `next_cursor` it pages on (keyset, not counted).
 */
export async function searchInfluencers(
  body: SearchInfluencersBody,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const response = await apiRequest<SearchInfluencersResponse>('/search/influencers', {
    method: 'POST',
    body,
    signal,
  });
  return response.data;
}

/**
 * Results of a search run, page after page. Never refetched by itself: refetching the first
 * page would be a new search and cost the advertiser one of the trial's searches.
 */
export function useSearchInfluencers(run: SearchRun | null) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: run ? searchQueryKey(run) : [...searchQueryRoot, 'idle'],
    queryFn: async ({ pageParam, signal }) => {
      const body = toSearchBody(run!.filters);
      let page: SearchPage;
      try {
        page = await searchInfluencers(pageParam ? { ...body, cursor: pageParam } : body, signal);
      } catch (error) {
        // The panel's quota must say why searching stopped.
        if (error instanceof ApiError && quotaErrorCodes.includes(error.code)) {
          void queryClient.invalidateQueries({ queryKey: searchQuotaQueryKey });
        }
        throw error;
      }
      // Each answer carries the quota after this search.
      queryClient.setQueryData(searchQuotaQueryKey, page.quota);
      if (!pageParam) void queryClient.invalidateQueries({ queryKey: searchHistoryQueryKey });
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: run !== null,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

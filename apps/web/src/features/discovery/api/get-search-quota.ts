import type { SearchQuota } from '@clipmarket/contracts/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useFirstPaintDone } from '../../../lib/first-paint';

export const searchQuotaQueryKey = ['discovery', 'quota'] as const;

/** GET /v2/search/quota: searches left in the free trial, or a paid period (spec §3 "Quota"). */
export async function getSearchQuota(signal?: AbortSignal): Promise<SearchQuota> {
  const body = await apiRequest<{ data: SearchQuota }>('/search/quota', { signal });
  return body.data;
}

/** Asked for once the page is painted (lib/first-paint.ts): the page's text comes first. */
export function useSearchQuota() {
  return useQuery({
    queryKey: searchQuotaQueryKey,
    queryFn: ({ signal }) => getSearchQuota(signal),
    enabled: useFirstPaintDone(),
  });
}

import type { ShortList } from '@clipmarket/contracts/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const shortListsQueryRoot = ['discovery', 'short-lists'] as const;
export const shortListsQueryKey = [...shortListsQueryRoot, 'all'] as const;

/** GET /v2/short-lists: the advertiser's named lists with their creators' ids. */
export async function getShortLists(signal?: AbortSignal): Promise<ShortList[]> {
  const body = await apiRequest<{ data: ShortList[] }>('/short-lists', { signal });
  return body.data;
}

export function useShortLists(enabled = true) {
  return useQuery({
    queryKey: shortListsQueryKey,
    queryFn: ({ signal }) => getShortLists(signal),
    enabled,
  });
}

import type { InfluencerCard, ShortList } from '@clipmarket/contracts/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Platform } from '../filter-state';
import { shortListsQueryRoot } from './get-short-lists';

export type ShortListDetails = ShortList & { items: InfluencerCard[] };

export const shortListQueryKey = (shortListId: number, platform: Platform) =>
  [...shortListsQueryRoot, 'one', shortListId, platform] as const;

/** GET /v2/short-lists/{id}?platform=: one list and its creators as cards. */
export async function getShortList(
  shortListId: number,
  platform: Platform,
  signal?: AbortSignal,
): Promise<ShortListDetails> {
  const query = new URLSearchParams({ platform });
  const body = await apiRequest<{ data: ShortListDetails }>(
    `/short-lists/${shortListId}?${query.toString()}`,
    { signal },
  );
  return body.data;
}

export function useShortList(shortListId: number | null, platform: Platform) {
  return useQuery({
    queryKey: shortListQueryKey(shortListId ?? 0, platform),
    queryFn: ({ signal }) => getShortList(shortListId!, platform, signal),
    enabled: shortListId !== null,
  });
}

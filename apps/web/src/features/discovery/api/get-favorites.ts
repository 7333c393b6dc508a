import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Platform } from '../filter-state';
import { favoritesQueryRoot } from './get-favorite-ids';

export const favoritesQueryKey = (platform: Platform) =>
  [...favoritesQueryRoot, 'list', platform] as const;

/** GET /v2/favorites?platform=: the favourited creators with that platform's figures. */
export async function getFavorites(
  platform: Platform,
  signal?: AbortSignal,
): Promise<InfluencerCard[]> {
  const query = new URLSearchParams({ platform });
  const body = await apiRequest<{ data: InfluencerCard[] }>(`/favorites?${query.toString()}`, {
    signal,
  });
  return body.data;
}

export function useFavorites(platform: Platform) {
  return useQuery({
    queryKey: favoritesQueryKey(platform),
    queryFn: ({ signal }) => getFavorites(platform, signal),
  });
}

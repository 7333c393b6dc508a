import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const favoritesQueryRoot = ['discovery', 'favorites'] as const;
export const favoriteIdsQueryKey = [...favoritesQueryRoot, 'ids'] as const;

/** GET /v2/favorites/ids: every heart on every screen reads this one list. */
export async function getFavoriteIds(signal?: AbortSignal): Promise<number[]> {
  const body = await apiRequest<{ data: number[] }>('/favorites/ids', { signal });
  return body.data;
}

export function useFavoriteIds(enabled = true) {
  return useQuery({
    queryKey: favoriteIdsQueryKey,
    queryFn: ({ signal }) => getFavoriteIds(signal),
    enabled,
  });
}

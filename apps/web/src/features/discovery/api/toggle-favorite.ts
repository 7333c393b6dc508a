import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { favoriteIdsQueryKey, favoritesQueryRoot } from './get-favorite-ids';

export interface FavoriteState {
  influencer_id: number;
  is_favorite: boolean;
}

/** POST /v2/favorites/toggle: favourites or unfavourites one creator. */
export async function toggleFavorite(influencerId: number): Promise<FavoriteState> {
  const body = await apiRequest<{ data: FavoriteState }>('/favorites/toggle', {
    method: 'POST',
    body: { influencer_id: influencerId },
  });
  return body.data;
}

/**
 * The heart changes at once (optimistic) and goes back if the server refuses; the server's
 * answer is the truth either way.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { influencerId: number; isFavorite: boolean }) =>
      toggleFavorite(variables.influencerId),
    onMutate: async ({ influencerId, isFavorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteIdsQueryKey });
      const previous = queryClient.getQueryData<number[]>(favoriteIdsQueryKey);
      queryClient.setQueryData<number[]>(favoriteIdsQueryKey, (ids = []) =>
        isFavorite ? ids.filter((id) => id !== influencerId) : [influencerId, ...ids],
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(favoriteIdsQueryKey, context.previous);
      else void queryClient.invalidateQueries({ queryKey: favoriteIdsQueryKey });
    },
    onSuccess: (state) => {
      queryClient.setQueryData<number[]>(favoriteIdsQueryKey, (ids = []) => {
        const others = ids.filter((id) => id !== state.influencer_id);
        return state.is_favorite ? [state.influencer_id, ...others] : others;
      });
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: favoritesQueryRoot,
        predicate: (query) => query.queryKey[2] !== 'ids',
      }),
  });
}

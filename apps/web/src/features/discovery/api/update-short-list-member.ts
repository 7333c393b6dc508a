import type { ShortList } from '@clipmarket/contracts/discovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shortListsQueryKey, shortListsQueryRoot } from './get-short-lists';

export interface ShortListMemberChange {
  shortListId: number;
  influencerId: number;
  /** true: PUT (add); false: DELETE (remove). */
  isMember: boolean;
}

/**
 * PUT /v2/short-lists/{id}/influencers/{influencer_id} adds a creator;
 * DELETE on the same path removes it. Both are idempotent.
 */
export async function updateShortListMember({
  shortListId,
  influencerId,
  isMember,
}: ShortListMemberChange): Promise<void> {
  await apiRequest<unknown>(`/short-lists/${shortListId}/influencers/${influencerId}`, {
    method: isMember ? 'PUT' : 'DELETE',
  });
}

/** Menus tick or untick at once; the lists are read again from the server afterwards. */
export function useUpdateShortListMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShortListMember,
    onMutate: async ({ shortListId, influencerId, isMember }) => {
      await queryClient.cancelQueries({ queryKey: shortListsQueryKey });
      const previous = queryClient.getQueryData<ShortList[]>(shortListsQueryKey);
      queryClient.setQueryData<ShortList[]>(shortListsQueryKey, (lists) =>
        lists?.map((list) => {
          if (list.short_list_id !== shortListId) return list;
          const others = list.influencer_ids.filter((id) => id !== influencerId);
          return { ...list, influencer_ids: isMember ? [influencerId, ...others] : others };
        }),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(shortListsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortListsQueryRoot }),
  });
}

import type { ShortList } from '@clipmarket/contracts/discovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shortListsQueryKey, shortListsQueryRoot } from './get-short-lists';

/** DELETE /v2/short-lists/{id}: the list goes; the creators stay favourites if they were. */
export async function deleteShortList(shortListId: number): Promise<void> {
  await apiRequest<{ data: { deleted: true } }>(`/short-lists/${shortListId}`, {
    method: 'DELETE',
  });
}

export function useDeleteShortList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShortList,
    onSuccess: (_result, shortListId) => {
      queryClient.setQueryData<ShortList[]>(shortListsQueryKey, (lists) =>
        lists?.filter((list) => list.short_list_id !== shortListId),
      );
      queryClient.removeQueries({ queryKey: [...shortListsQueryRoot, 'one', shortListId] });
      return queryClient.invalidateQueries({ queryKey: shortListsQueryKey });
    },
  });
}

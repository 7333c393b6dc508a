import type { ShortList } from '@clipmarket/contracts/discovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shortListsQueryKey, shortListsQueryRoot } from './get-short-lists';

/** POST /v2/short-lists { name }: a new, empty list (NAME_TAKEN if the name is used). */
export async function createShortList(name: string): Promise<ShortList> {
  const body = await apiRequest<{ data: ShortList }>('/short-lists', {
    method: 'POST',
    body: { name },
  });
  return body.data;
}

export function useCreateShortList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShortList,
    onSuccess: (list) => {
      queryClient.setQueryData<ShortList[]>(shortListsQueryKey, (lists) =>
        lists ? [list, ...lists.filter((l) => l.short_list_id !== list.short_list_id)] : lists,
      );
      return queryClient.invalidateQueries({ queryKey: shortListsQueryRoot });
    },
  });
}

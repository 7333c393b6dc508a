import type { ShortList } from '@clipmarket/contracts/discovery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shortListsQueryRoot } from './get-short-lists';

/** PATCH /v2/short-lists/{id} { name }. */
export async function renameShortList(variables: {
  shortListId: number;
  name: string;
}): Promise<ShortList> {
  const body = await apiRequest<{ data: ShortList }>(`/short-lists/${variables.shortListId}`, {
    method: 'PATCH',
    body: { name: variables.name },
  });
  return body.data;
}

export function useRenameShortList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameShortList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortListsQueryRoot }),
  });
}

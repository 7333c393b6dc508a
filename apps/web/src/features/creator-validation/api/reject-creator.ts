import type { AdminCreator, RejectCreatorBody } from '@clipmarket/contracts/creator-validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminCreatorsQueryRoot } from '../../../lib/pending-creators';

/** POST /v2/admin/creators/{user_id}/reject { reason } (ADMIN): the creator sees the reason. */
export async function rejectCreator(variables: {
  userId: number;
  body: RejectCreatorBody;
}): Promise<AdminCreator> {
  const body = await apiRequest<{ data: AdminCreator }>(
    `/admin/creators/${variables.userId}/reject`,
    { method: 'POST', body: variables.body },
  );
  return body.data;
}

/** Refreshes every list and the menu badge afterwards, also after a 409 (see validate). */
export function useRejectCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCreator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCreatorsQueryRoot }),
  });
}

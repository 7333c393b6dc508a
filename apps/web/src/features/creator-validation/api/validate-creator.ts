import type { AdminCreator } from '@clipmarket/contracts/creator-validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminCreatorsQueryRoot } from '../../../lib/pending-creators';

/** POST /v2/admin/creators/{user_id}/validate (ADMIN): the account appears in search. */
export async function validateCreator(userId: number): Promise<AdminCreator> {
  const body = await apiRequest<{ data: AdminCreator }>(`/admin/creators/${userId}/validate`, {
    method: 'POST',
  });
  return body.data;
}

/**
 * Refreshes every list and the menu badge afterwards, also on failure: a 409
 * INVALID_TRANSITION means the account moved meanwhile (another admin), so the list is stale.
 */
export function useValidateCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateCreator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCreatorsQueryRoot }),
  });
}

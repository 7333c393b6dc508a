import type { AdminPayout } from '@clipmarket/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminPayoutsQueryRoot } from './get-admin-payouts';

/** POST /v2/admin/payouts/{id}/paid (ADMIN): the transfer was made, with its reference. */
export async function markPayoutPaid(input: {
  payoutId: number;
  reference: string;
}): Promise<AdminPayout> {
  const body = await apiRequest<{ data: AdminPayout }>(`/admin/payouts/${input.payoutId}/paid`, {
    method: 'POST',
    body: { reference: input.reference },
  });
  return body.data;
}

/** Fresh lists afterwards, also on failure: a 409 means another admin marked it meanwhile. */
export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPayoutPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsQueryRoot }),
  });
}

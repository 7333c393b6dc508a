import type { AdminSettledPayment } from '@clipmarket/contracts/admin-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminMoneyQueryRoot } from './admin-money-keys';

/**
 * POST /v2/admin/payments/{payment_id}/settle (ADMIN): the gateway's answer applied now (a lost
 * webhook repaired). The ledger, the payments and the reconciliation are read again afterwards.
 */
export async function settlePayment(paymentId: number): Promise<AdminSettledPayment> {
  const body = await apiRequest<{ data: AdminSettledPayment }>(
    `/admin/payments/${paymentId}/settle`,
    { method: 'POST' },
  );
  return body.data;
}

export function useSettlePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settlePayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMoneyQueryRoot }),
  });
}

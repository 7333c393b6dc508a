import type {
  AdminReconciliation,
  AdminReconciliationRow,
} from '@clipmarket/contracts/admin-money';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminReconciliationQueryKey } from './admin-money-keys';

export type { AdminReconciliation, AdminReconciliationRow };

/**
 * GET /v2/admin/payments/reconciliation (ADMIN): open and recent payments, each read back from
 * the gateway. Only asked while its tab is open: every row is a call to the gateway.
 */
export async function getReconciliation(signal?: AbortSignal): Promise<AdminReconciliation> {
  const body = await apiRequest<{ data: AdminReconciliation }>('/admin/payments/reconciliation', {
    signal,
  });
  return body.data;
}

export function useReconciliation() {
  return useQuery({
    queryKey: adminReconciliationQueryKey,
    queryFn: ({ signal }) => getReconciliation(signal),
  });
}

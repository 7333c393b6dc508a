import type { AdminLedgerOverview } from '@clipmarket/contracts/admin-money';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminLedgerQueryKey } from './admin-money-keys';

export type { AdminLedgerOverview };

/** GET /v2/admin/ledger (ADMIN): balances per account kind, their total, the books check. */
export async function getAdminLedger(signal?: AbortSignal): Promise<AdminLedgerOverview> {
  const body = await apiRequest<{ data: AdminLedgerOverview }>('/admin/ledger', { signal });
  return body.data;
}

export function useAdminLedger() {
  return useQuery({
    queryKey: adminLedgerQueryKey,
    queryFn: ({ signal }) => getAdminLedger(signal),
  });
}

import type {
  AdminPayment,
  AdminPaymentsPage,
  AdminPaymentState,
} from '@clipmarket/contracts/admin-money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminPaymentsQueryKey } from './admin-money-keys';

export type { AdminPayment, AdminPaymentState };

/** Payments shown per "Show more". */
export const ADMIN_PAYMENTS_PAGE_SIZE = 25;

/** GET /v2/admin/payments?status=&cursor=&limit= (ADMIN): newest first, one keyset page. */
export async function getAdminPayments(
  params: { status: AdminPaymentState | null; cursor: string | null },
  signal?: AbortSignal,
): Promise<AdminPaymentsPage> {
  const query = new URLSearchParams({ limit: String(ADMIN_PAYMENTS_PAGE_SIZE) });
  if (params.status) query.set('status', params.status);
  if (params.cursor) query.set('cursor', params.cursor);
  const body = await apiRequest<{ data: AdminPaymentsPage }>(
    `/admin/payments?${query.toString()}`,
    { signal },
  );
  return body.data;
}

export function useAdminPayments(status: AdminPaymentState | null) {
  return useInfiniteQuery({
    queryKey: adminPaymentsQueryKey(status),
    queryFn: ({ pageParam, signal }) => getAdminPayments({ status, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

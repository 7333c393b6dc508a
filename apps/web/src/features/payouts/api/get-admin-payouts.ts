import type { AdminPayout, adminPayoutListResponseSchema } from '@clipmarket/contracts/payouts';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type { AdminPayout };
export type AdminPayoutsPage = z.infer<typeof adminPayoutListResponseSchema>;
export type AdminPayoutFilter = 'due' | 'pending' | 'paid';
export const adminPayoutFilters: readonly AdminPayoutFilter[] = ['due', 'pending', 'paid'];

export const ADMIN_PAYOUTS_PER_PAGE = 50;
export const adminPayoutsQueryRoot = ['admin', 'payouts'] as const;

/** GET /v2/admin/payouts (ADMIN): one filter, newest first by page, with the due totals. */
export async function getAdminPayouts(
  filter: AdminPayoutFilter,
  before: number | null,
  signal?: AbortSignal,
): Promise<AdminPayoutsPage> {
  const params = new URLSearchParams({ filter, limit: String(ADMIN_PAYOUTS_PER_PAGE) });
  if (before !== null) params.set('before', String(before));
  return apiRequest<AdminPayoutsPage>(`/admin/payouts?${params.toString()}`, { signal });
}

export function useAdminPayouts(filter: AdminPayoutFilter) {
  return useInfiniteQuery({
    queryKey: [...adminPayoutsQueryRoot, filter],
    queryFn: ({ pageParam, signal }) => getAdminPayouts(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

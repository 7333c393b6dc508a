import type { AdminPromoCode, AdminPromoCodesResponse } from '@clipmarket/contracts/promo-codes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { AdminPromoCode };

export const adminPromoCodesQueryKey = ['admin', 'promo-codes'] as const;

/** GET /v2/admin/promo-codes (ADMIN): every code, newest first, with its redemptions. */
export async function getAdminPromoCodes(signal?: AbortSignal): Promise<AdminPromoCode[]> {
  const body = await apiRequest<AdminPromoCodesResponse>('/admin/promo-codes', { signal });
  return body.data;
}

export function useAdminPromoCodes() {
  return useQuery({
    queryKey: adminPromoCodesQueryKey,
    queryFn: ({ signal }) => getAdminPromoCodes(signal),
  });
}

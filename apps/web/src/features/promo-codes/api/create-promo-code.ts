import type { AdminPromoCode, CreatePromoCodeInput } from '@clipmarket/contracts/promo-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminPromoCodesQueryKey } from './get-admin-promo-codes';

/** POST /v2/admin/promo-codes (ADMIN): 409 PROMO_CODE_TAKEN when the code exists in any case. */
export async function createPromoCode(body: CreatePromoCodeInput): Promise<AdminPromoCode> {
  const answer = await apiRequest<{ data: AdminPromoCode }>('/admin/promo-codes', {
    method: 'POST',
    body,
  });
  return answer.data;
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPromoCodesQueryKey }),
  });
}

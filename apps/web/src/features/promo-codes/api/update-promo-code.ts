import type { AdminPromoCode, UpdatePromoCodeInput } from '@clipmarket/contracts/promo-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminPromoCodesQueryKey } from './get-admin-promo-codes';

/** PATCH /v2/admin/promo-codes/{promo_code_id} (ADMIN): on/off, window, limits, purchases. */
export async function updatePromoCode(params: {
  promoCodeId: number;
  body: UpdatePromoCodeInput;
}): Promise<AdminPromoCode> {
  const answer = await apiRequest<{ data: AdminPromoCode }>(
    `/admin/promo-codes/${params.promoCodeId}`,
    { method: 'PATCH', body: params.body },
  );
  return answer.data;
}

/** The list is refreshed afterwards, also on failure (another admin may have changed it). */
export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromoCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPromoCodesQueryKey }),
  });
}

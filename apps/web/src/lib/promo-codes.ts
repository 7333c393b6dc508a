import type { PromoPurchaseKind, VerifyPromoCodeResponse } from '@clipmarket/contracts/promo-codes';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export type VerifiedPromoCode = VerifyPromoCodeResponse['data'];

/**
 * POST /v2/promo-codes/verify: whether a code applies to this kind of purchase, and its
 * percentage (422 PROMO_CODE_INVALID otherwise). The price itself always comes from the quote.
 */
export async function verifyPromoCode(input: {
  code: string;
  purchaseKind: PromoPurchaseKind;
  /**
   * The purchase it is for, when it exists (a content request): the code its own open payment
   * holds does not count against it.
   */
  purchaseId?: number | undefined;
}): Promise<VerifiedPromoCode> {
  const body = await apiRequest<VerifyPromoCodeResponse>('/promo-codes/verify', {
    method: 'POST',
    body: {
      code: input.code,
      purchase_kind: input.purchaseKind,
      ...(input.purchaseId === undefined ? {} : { purchase_id: input.purchaseId }),
    },
  });
  return body.data;
}

export function useVerifyPromoCode() {
  return useMutation({ mutationFn: verifyPromoCode });
}

import type { WalletPurchaseCreated } from '@clipmarket/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type WalletPurchaseInput, toWalletPurchaseBody } from './quote-wallet-purchase';

/**
 * POST /v2/wallet/purchases: records the purchase and opens its payment; the answer's `pay_url`
 * is the gateway's checkout page. The same `idempotencyKey` with the same body answers the
 * first result, so a retry after a network error never buys twice.
 */
export async function createWalletPurchase(
  input: WalletPurchaseInput & { idempotencyKey: string },
): Promise<WalletPurchaseCreated> {
  const body = await apiRequest<{ data: WalletPurchaseCreated }>('/wallet/purchases', {
    method: 'POST',
    body: toWalletPurchaseBody(input),
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return body.data;
}

export function useCreateWalletPurchase() {
  return useMutation({ mutationFn: createWalletPurchase });
}

import type { CheckoutQuote } from '@clipmarket/contracts/checkout';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryRoot } from './get-wallet';

export interface WalletPurchaseInput {
  /** Millimes, whole dinars. */
  amount: number;
  /** Upper-case, or null for none. */
  promoCode: string | null;
}

const toBody = ({ amount, promoCode }: WalletPurchaseInput) => ({
  amount,
  ...(promoCode ? { promo_code: promoCode } : {}),
});

/** POST /v2/wallet/purchases/quote: the server's price of a pack (lines, VAT, stamp, total). */
export async function quoteWalletPurchase(
  input: WalletPurchaseInput,
  signal?: AbortSignal,
): Promise<CheckoutQuote> {
  const body = await apiRequest<{ data: CheckoutQuote }>('/wallet/purchases/quote', {
    method: 'POST',
    body: toBody(input),
    signal,
  });
  return body.data;
}

/** The quote of the pack being chosen; `input` null while the amount is not a valid one. */
export function useWalletQuote(input: WalletPurchaseInput | null) {
  return useQuery({
    queryKey: [...walletQueryRoot, 'quote', input?.amount ?? null, input?.promoCode ?? null],
    queryFn: ({ signal }) => quoteWalletPurchase(input as WalletPurchaseInput, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export { toBody as toWalletPurchaseBody };

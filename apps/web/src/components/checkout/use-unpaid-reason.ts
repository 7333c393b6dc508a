import type { PaymentAttempt } from '@clipmarket/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { apiRequest } from '../../lib/api-client';

/** Why the payer came back from the gateway unpaid: a refused card, or they cancelled. */
export type UnpaidReason = 'refused' | 'cancelled';

/** GET /v2/payments/attempt?payment_ref=: the payer's payment and its last attempt. */
async function getPaymentAttempt(paymentRef: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ payment_ref: paymentRef });
  const body = await apiRequest<{ data: PaymentAttempt }>(`/payments/attempt?${query}`, {
    signal,
  });
  return body.data;
}

/**
 * On a payment's "failed" return (`unpaid`), whether the card was refused or the payer
 * cancelled on the gateway's page, from the payment's last attempt (the gateway adds its
 * `payment_ref` to the address). `null` while it is being read; `refused` when it cannot be
 * told (no reference, or the read failed), as before.
 */
export function useUnpaidReason(unpaid: boolean): UnpaidReason | null {
  const paymentRef = new URLSearchParams(useSearch()).get('payment_ref');
  const attempt = useQuery({
    queryKey: ['payments', 'attempt', paymentRef],
    queryFn: ({ signal }) => getPaymentAttempt(paymentRef!, signal),
    enabled: unpaid && paymentRef !== null,
    staleTime: Infinity,
    retry: false,
  });
  if (!unpaid || paymentRef === null || attempt.isError) return 'refused';
  if (attempt.isPending) return null;
  return attempt.data.status !== 'paid' && !attempt.data.card_refused ? 'cancelled' : 'refused';
}

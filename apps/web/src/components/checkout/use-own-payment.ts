import type { KeptInWalletReason, PaymentResponse } from '@clipmarket/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { apiRequest } from '../../lib/api-client';
import type { PaymentOutcome } from './payment-outcome';

export type Payment = PaymentResponse['data'];

/** A result page's answer for its own payment: `kept` when its money stayed in the wallet. */
export type OwnPaymentOutcome = PaymentOutcome | 'kept';

/** How often a pending payment is read again (the server reads it back from the gateway). */
const PENDING_POLL_MS = 2000;

/** GET /v2/payments/:id: one of the caller's payments, read back from the gateway while pending. */
async function getPayment(id: number, signal?: AbortSignal): Promise<Payment> {
  const body = await apiRequest<PaymentResponse>(`/payments/${id}`, { signal });
  return body.data;
}

/** `?payment=12` (a gateway may add its own parameters after it): the payment's id, or null. */
export function paymentIdOf(value: string | null): number | null {
  const id = Number.parseInt(value ?? '', 10);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * With the page's own payment, that payment decides: a card payment that arrived once its
 * purchase was paid another way (another tab paid from the wallet), or replaced by a newer
 * attempt, is not "Payment received": its money is in the wallet (`kept`).
 */
export function ownPaymentOutcomeOf(
  payment: Payment,
  urlStatus: string | undefined,
): OwnPaymentOutcome {
  if (payment.kept_in_wallet !== null) return 'kept';
  if (payment.status === 'paid') return 'paid';
  if (payment.status === 'failed' || payment.status === 'expired') return 'failed';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * The payment a result page was sent back for: the checkout names it in the return address
 * (`…/payment/{status}?payment=12`), read again every 2 s while pending. `paymentId` is null on
 * an address without it (an older link): the purchase's own state decides there, as before.
 * `outcome` is null while the payment is being read (or when there is none); `keptReason` says
 * why its money stayed in the wallet.
 */
export function useOwnPayment(urlStatus: string | undefined) {
  const paymentId = paymentIdOf(new URLSearchParams(useSearch()).get('payment'));
  const payment = useQuery({
    queryKey: ['payments', paymentId],
    queryFn: ({ signal }) => getPayment(paymentId!, signal),
    enabled: paymentId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
  const outcome = payment.data ? ownPaymentOutcomeOf(payment.data, urlStatus) : null;
  const keptReason: KeptInWalletReason | null = payment.data?.kept_in_wallet ?? null;
  return { paymentId, payment, outcome, keptReason };
}

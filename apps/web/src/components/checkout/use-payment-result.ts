import type { PaymentOutcome } from './payment-outcome';
import type { OwnPaymentOutcome, useOwnPayment } from './use-own-payment';
import { useUnpaidReason } from './use-unpaid-reason';

/**
 * Without its own payment in the address, the purchase's state decides, the address only says
 * where the gateway sent the browser: a `failed` redirect is believed at once (nothing was
 * paid); a `success` one waits until the server has read the payment back (never trusted alone).
 */
export function purchaseOutcomeOf(isPaid: boolean, urlStatus: string | undefined): PaymentOutcome {
  if (isPaid) return 'paid';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * What a purchase's payment result page tells (a content request, an opportunity): with the
 * page's own payment (`?payment=`), that payment decides once the purchase is read; without it,
 * the purchase's state (`isPaid`, undefined while it is read). Back unpaid, whether the card was
 * refused or the payer cancelled on the gateway's page (its last attempt tells): `outcome` stays
 * null until that is known.
 */
export function usePaymentResult(
  own: ReturnType<typeof useOwnPayment>,
  isPaid: boolean | undefined,
  urlStatus: string | undefined,
): { outcome: OwnPaymentOutcome | null; cancelled: boolean } {
  let read: OwnPaymentOutcome | null = null;
  if (isPaid !== undefined) {
    read = own.paymentId === null ? purchaseOutcomeOf(isPaid, urlStatus) : own.outcome;
  }
  const unpaidReason = useUnpaidReason(read === 'failed');
  const outcome = read === 'failed' && unpaidReason === null ? null : read;
  return { outcome, cancelled: unpaidReason === 'cancelled' };
}

/**
 * Leaves the app for the payment gateway's checkout page (Konnect, or its sandbox). A function
 * of its own so that tests can see where the browser would go.
 */
export function goToPaymentPage(payUrl: string): void {
  window.location.assign(payUrl);
}

/** A fresh `Idempotency-Key` for one purchase attempt (DESIGN §7). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

import { useMemo, useRef } from 'react';

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

/**
 * One payment attempt at a time (DESIGN §7): `begin(body)` answers the `Idempotency-Key` of
 * this attempt — kept when the same body is sent again after a network failure (the server
 * then answers the first result), new when anything changed — or null while another Pay is
 * still in flight (a quick double click comes before the button's disabled state). `end()`
 * once it settles; `failed(code)` forgets the attempt unless the server may still hold it;
 * `succeeded()` forgets it (the next purchase is another attempt).
 */
export function usePaymentAttempt() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  return useMemo(
    () => ({
      begin(body: unknown): string | null {
        if (inFlight.current) return null;
        inFlight.current = true;
        const serialized = JSON.stringify(body);
        if (attempt.current?.body !== serialized) {
          attempt.current = { body: serialized, key: newIdempotencyKey() };
        }
        return attempt.current.key;
      },
      end() {
        inFlight.current = false;
      },
      succeeded() {
        attempt.current = null;
      },
      failed(code: string) {
        if (code !== 'NETWORK' && code !== 'REQUEST_IN_PROGRESS') attempt.current = null;
      },
    }),
    [],
  );
}

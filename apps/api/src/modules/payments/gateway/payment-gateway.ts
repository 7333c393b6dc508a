/**
 * What Clipmarket needs from a payment gateway (ADR 017). One implementation today, Konnect's
 * REST API (`konnect-client.ts`); by default it talks to the Konnect-compatible sandbox built
 * into Clipmarket, so the production client is the code every test runs.
 */
export interface InitPaymentInput {
  /** Millimes (TND). */
  amount: number;
  /** Our payment's id, echoed back by the gateway. */
  orderId: string;
  description: string;
  /** Minutes the payment link stays usable; after that the payment expires. */
  lifespanMinutes: number;
  /** Called by the gateway (GET `?payment_ref=…`) when something happened: a hint, never proof. */
  webhookUrl: string;
  successUrl: string;
  failUrl: string;
  payer?: { firstName?: string; lastName?: string; email?: string; phoneNumber?: string };
}

export interface InitializedPayment {
  payUrl: string;
  paymentRef: string;
}

/**
 * The gateway's truth about a payment. `completed`: paid in full. `pending`: not paid yet —
 * still payable, or an attempt failed and the payer may try again until it expires.
 */
export interface GatewayPayment {
  paymentRef: string;
  status: 'completed' | 'pending';
  amount: number;
  /** Paid so far (Konnect's `reachedAmount`). */
  reachedAmount: number;
  expiresAt: Date | null;
  orderId: string | null;
  /** Whether the last attempt failed (a failure card): shown to the payer, decides nothing. */
  lastAttemptFailed: boolean;
}

export interface PaymentGateway {
  initPayment(input: InitPaymentInput): Promise<InitializedPayment>;
  /** Null when the gateway does not know the reference. */
  getPayment(paymentRef: string): Promise<GatewayPayment | null>;
}

/** The gateway could not be reached or refused the call: a 502 for the user, a retry later. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

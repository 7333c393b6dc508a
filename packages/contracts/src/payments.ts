import { z } from 'zod';
import { idParamSchema } from './primitives.js';
import { paymentProcess } from './workflows/payment.js';

/**
 * `GET /v2/payments/{payment_id}` (issue 9 §5, fixed for other clients). `status` is the
 * payment's state, except that a payment not yet answered by the gateway reads `pending`.
 * Amounts in millimes.
 */
export const paymentStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentParamsSchema = idParamSchema('payment_id');

/**
 * Why a gateway payment, once paid, stayed in the payer's wallet instead of paying its purchase:
 * `already_paid` (the purchase was paid another way meanwhile, e.g. from the wallet in another
 * tab), `replaced` (a newer payment attempt of the same purchase is the one it waits for),
 * `purchase_changed` (the purchase could no longer be completed as ordered). The money is
 * wallet credit, listed in the wallet's history.
 */
export const keptInWalletReasons = ['already_paid', 'replaced', 'purchase_changed'] as const;
export type KeptInWalletReason = (typeof keptInWalletReasons)[number];

export const paymentResponseSchema = z.object({
  data: z.object({
    payment_id: z.number().int(),
    status: z.enum(paymentStatuses),
    amount: z.number().int(),
    /** The gateway's checkout page while the payment is pending; null otherwise. */
    pay_url: z.string().nullable(),
    /** Paid, but kept in the wallet instead of paying its purchase: why; null otherwise. */
    kept_in_wallet: z.enum(keptInWalletReasons).nullable(),
  }),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/**
 * `GET /v2/payments/attempt?payment_ref=…`: the payer's own payment named by the gateway's
 * reference (which the gateway adds to the address it sends the payer back to), and whether its
 * last attempt was a refused card: a payment not paid without one was cancelled or left.
 */
export const paymentAttemptQuerySchema = z.object({
  payment_ref: z.string().min(1).max(64),
});

export const paymentAttemptResponseSchema = z.object({
  data: z.object({
    status: z.enum(paymentStatuses),
    /** The gateway's last attempt was refused (a card declined); false when none was made. */
    card_refused: z.boolean(),
  }),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptResponseSchema>['data'];

/** Konnect's webhook: GET `?payment_ref=…`, nothing else (reference/tunisia-money.md). */
export const konnectWebhookQuerySchema = z.object({
  payment_ref: z.string().min(1).max(64),
});

export const paymentStates = paymentProcess.states;

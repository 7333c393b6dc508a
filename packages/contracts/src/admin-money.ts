import { z } from 'zod';
import { keptInWalletReasons } from './payments.js';
import { idParamSchema, safeText } from './primitives.js';
import { paymentProcess } from './workflows/payment.js';

/**
 * Admin money pages (issue 9 point 8, `/admin/payments`): the ledger's overview, the payments
 * with their gateway state, and the reconciliation of our payments against the gateway's
 * answer. Every amount is an integer number of millimes.
 */

// --- GET /v2/admin/ledger -------------------------------------------------------------------

export const adminLedgerKindSchema = z.object({
  /** A `ledgerAccountKinds` name (contracts/ledger.ts). */
  kind: z.string(),
  /** Sum of the balances of the kind's accounts. */
  balance: z.number().int(),
  accounts: z.number().int(),
});
export type AdminLedgerKind = z.infer<typeof adminLedgerKindSchema>;

export const adminLedgerResponseSchema = z.object({
  data: z.object({
    kinds: z.array(adminLedgerKindSchema),
    /** Sum of every account's balance: 0 when the books hold (money is only ever moved). */
    total: z.number().int(),
    books: z.object({
      is_balanced: z.boolean(),
      /** Accounts whose cached balance differs from the sum of their entries. */
      accounts: z.array(
        z.object({
          account_id: z.number().int(),
          kind: z.string(),
          cached: z.number().int(),
          sum: z.number().int(),
        }),
      ),
      /** Transactions whose entries do not sum to zero (or that have fewer than two). */
      transactions: z.array(
        z.object({
          transaction_id: z.number().int(),
          sum: z.number().int(),
          entries: z.number().int(),
        }),
      ),
    }),
    checked_at: z.string(),
  }),
});
export type AdminLedgerOverview = z.infer<typeof adminLedgerResponseSchema>['data'];

// --- GET /v2/admin/payments -----------------------------------------------------------------

export const adminPaymentStates = paymentProcess.states;
export type AdminPaymentState = (typeof adminPaymentStates)[number];

export const adminPaymentsQuerySchema = z.strictObject({
  status: z.enum(adminPaymentStates).optional(),
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentOwnerSchema = z.object({
  user_id: z.number().int(),
  email: z.string().nullable(),
  /** The advertiser's brand name; null for an account without an advertiser profile. */
  brand_name: z.string().nullable(),
});

export const adminPaymentSchema = z.object({
  payment_id: z.number().int(),
  owner: adminPaymentOwnerSchema,
  /** What it pays for (`wallet-purchase`, …) and that purchase's id. */
  purpose: z.string(),
  purpose_id: z.number().int(),
  /** That purchase's public reference (`CR-000010`, `CR-000010-1`, `WP-000042`); null if unknown. */
  purpose_reference: z.string().nullable(),
  /** Its label, as the gateway shows it, with the purchase's public reference (`CR-000010`). */
  description: z.string(),
  amount: z.number().int(),
  state: z.enum(adminPaymentStates),
  gateway: z.string(),
  gateway_ref: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  failure_reason: z.string().nullable(),
  /** Paid, but kept in the payer's wallet instead of paying its purchase: why; null otherwise. */
  kept_in_wallet: z.enum(keptInWalletReasons).nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsResponseSchema = z.object({
  data: z.object({
    items: z.array(adminPaymentSchema),
    next_cursor: z.string().nullable(),
  }),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsResponseSchema>['data'];

// --- GET /v2/admin/payments/reconciliation --------------------------------------------------

/** How many payments one reconciliation reads back from the gateway, oldest first. */
export const RECONCILIATION_MAX_PAYMENTS = 50;
/** Paid payments are read back again for this many days. */
export const RECONCILIATION_PAID_DAYS = 7;

export const adminReconciliationRowSchema = z.object({
  payment_id: z.number().int(),
  owner: adminPaymentOwnerSchema,
  created_at: z.string(),
  gateway_ref: z.string().nullable(),
  /** Ours. */
  state: z.enum(adminPaymentStates),
  amount: z.number().int(),
  /** The gateway's: null when it does not know the payment (or could not be asked). */
  gateway_status: z.enum(['completed', 'pending']).nullable(),
  gateway_amount: z.number().int().nullable(),
  gateway_reached_amount: z.number().int().nullable(),
  /** Paid here exactly when the gateway says completed with the full amount. */
  matches: z.boolean(),
  /** Why the gateway could not be read for this payment; null when it answered. */
  error: z.string().nullable(),
});
export type AdminReconciliationRow = z.infer<typeof adminReconciliationRowSchema>;

export const adminReconciliationResponseSchema = z.object({
  data: z.object({
    items: z.array(adminReconciliationRowSchema),
    mismatches: z.number().int(),
    checked_at: z.string(),
  }),
});
export type AdminReconciliation = z.infer<typeof adminReconciliationResponseSchema>['data'];

// --- POST /v2/admin/payments/{payment_id}/settle --------------------------------------------

export const adminPaymentParamsSchema = idParamSchema('payment_id').strict();

export const adminSettlePaymentResponseSchema = z.object({
  data: z.object({
    payment_id: z.number().int(),
    state: z.enum(adminPaymentStates),
  }),
});
export type AdminSettledPayment = z.infer<typeof adminSettlePaymentResponseSchema>['data'];

import { z } from 'zod';
import { idSchema, pageLimitSchema, safeText } from './primitives.js';

/**
 * Creator payouts (issue 11 §6, spec §2 `/track-deposits`, §9 payout delay): when an advertiser
 * pays a line, the creator's earnings are credited in the ledger and a payout is due after the
 * `creator_payout_delay_days` setting. Konnect has no payout API (reference/tunisia-money.md): admins
 * export a batch for the bank (CSV) or D17, make the transfers, and mark each payout paid with its
 * reference — one ledger transaction from the creator's earnings to `payouts_sent`.
 */

/** The states of `payoutProcess` (workflows/payout.ts). */
export const payoutStatuses = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** One payout as its creator sees it (`GET /v2/payouts`). */
export const payoutSchema = z.object({
  payout_id: z.number().int(),
  amount: z.number().int(),
  status: z.enum(payoutStatuses),
  /** When it is due: the advertiser's payment plus the payout delay. */
  due_at: z.string(),
  paid_at: z.string().nullable(),
  /** The bank's or D17's reference of the transfer, once paid. */
  reference: z.string().nullable(),
  content_request_influencer_id: z.number().int().nullable(),
  /** The public reference of the request line the earning comes from, `CR-000010-1`. */
  line_reference: z.string().nullable(),
  /** The request's title the earning comes from. */
  title: z.string(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutListQuerySchema = z.object({
  status: z.enum(payoutStatuses).optional(),
  before: idSchema.optional(),
  limit: pageLimitSchema,
});

export const creatorPayoutsResponseSchema = z.object({
  data: z.object({
    pending_total: z.number().int(),
    paid_total: z.number().int(),
    /** The creator has a bank or D17 number to be paid to; else the spec's support note shows. */
    has_payment_details: z.boolean(),
    payment_method: z.enum(['bank', 'd17']).nullable(),
    support_email: z.string(),
    payout_delay_days: z.number().int(),
    items: z.array(payoutSchema),
    next_before: z.number().int().nullable(),
  }),
});

/** One payout as admins see it: the creator and where to pay them (private data: admins only). */
export const adminPayoutSchema = payoutSchema.extend({
  creator: z.object({
    user_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    payment_method: z.enum(['bank', 'd17']).nullable(),
    /** The 20-digit RIB (bank) or D17 number; null when missing. */
    account_number: z.string().nullable(),
  }),
  /** Due now (due date passed) and not paid. */
  is_due: z.boolean(),
  batch_id: z.number().int().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutListQuerySchema = z.object({
  /** `due`: pending and due now; `pending`: every unpaid one; `paid`. */
  filter: z.enum(['due', 'pending', 'paid']).default('due'),
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminPayoutListResponseSchema = z.object({
  data: z.array(adminPayoutSchema),
  next_before: z.number().int().nullable(),
  /** Totals of what is due now, per payment method. */
  due_totals: z.object({
    bank: z.number().int(),
    d17: z.number().int(),
    missing: z.number().int(),
  }),
});

/**
 * `POST /v2/admin/payouts/batches`: gathers every due payout with payment details into a batch
 * and answers its CSV files: one for the bank (RIB transfers), one listing the D17 ones apart.
 */
export const payoutBatchResponseSchema = z.object({
  data: z.object({
    batch_id: z.number().int(),
    payout_ids: z.array(z.number().int()),
    total: z.number().int(),
    bank_csv: z.string(),
    d17_csv: z.string(),
  }),
});

/** `POST /v2/admin/payouts/{payout_id}/paid`: the transfer was made. */
export const markPayoutPaidBodySchema = z.object({
  reference: safeText()
    .trim()
    .min(1, 'Enter the reference of the transfer')
    .max(100, 'The reference is at most 100 characters'),
});

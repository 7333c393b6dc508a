import { z } from 'zod';
import { checkoutQuoteSchema, promoCodeInputSchema } from './checkout.js';
import { keptInWalletReasons } from './payments.js';
import { idParamSchema } from './primitives.js';

/**
 * The advertiser's wallet (issue 9 §5; shapes fixed so other clients can rely on them).
 * Every amount in millimes. The pack range comes from the business settings
 * `wallet_pack_min_millimes` / `wallet_pack_max_millimes` (100 to 2000 TND by default).
 */
/** `cancelled`: the payer gave up on a pending purchase (`POST …/cancel`); nothing was charged. */
export const walletPurchaseStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
] as const;
export type WalletPurchaseStatus = (typeof walletPurchaseStatuses)[number];

/** Amounts offered as one click on the pack form, in millimes (within the default range). */
export const walletPackQuickPicks = [100_000, 200_000, 500_000, 1_000_000, 2_000_000] as const;

export const walletPurchaseSchema = z.object({
  wallet_purchase_id: z.number().int(),
  /** Shown to people and on the invoice: `WP-000042`. */
  reference: z.string(),
  created_at: z.string(),
  /** What the wallet received (or will receive) for the pack. */
  purchased_amount: z.number().int(),
  /**
   * The part of the pack still available to spend (spending and reservations take the oldest
   * packs first): the purchases' shares add up to the wallet's `available`.
   */
  available_amount: z.number().int(),
  /** The wallet's balance right after the pack was credited (history); 0 until it is paid. */
  balance: z.number().int(),
  status: z.enum(walletPurchaseStatuses),
  /** What the payer paid or pays: the pack, less a promotion, plus the fiscal stamp. */
  total: z.number().int(),
  payment_id: z.number().int().nullable(),
});
export type WalletPurchase = z.infer<typeof walletPurchaseSchema>;

/**
 * A card payment that arrived when its purchase no longer needed it (paid another way, a newer
 * attempt, changed): its amount stayed in the wallet as credit. `purpose` and `purpose_id` name
 * what it was for: `content-request` (a request's platform fee, by request id), `content-fee`
 * (a line's content fee, by line id), `opportunity` (an opportunity's platform fee) or
 * `opportunity-approval` (an application's approval, by application id); `reference` is the
 * purchase's public reference (`CR-000010`, `OP-000012`) and `page` the app's page of it.
 */
export const walletCreditSchema = z.object({
  payment_id: z.number().int(),
  amount: z.number().int(),
  reason: z.enum(keptInWalletReasons),
  purpose: z.string(),
  purpose_id: z.number().int(),
  reference: z.string().nullable(),
  page: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type WalletCredit = z.infer<typeof walletCreditSchema>;

export const walletResponseSchema = z.object({
  data: z.object({
    /** Available + reserved. */
    balance: z.number().int(),
    reserved: z.number().int(),
    available: z.number().int(),
    purchases: z.array(walletPurchaseSchema),
    /** Card payments kept in the wallet instead of paying their purchase, newest first. */
    kept_in_wallet: z.array(walletCreditSchema),
    /** The range a pack may be bought in (business settings). */
    pack_limits: z.object({ min: z.number().int(), max: z.number().int() }),
  }),
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;

export const walletPurchaseBodySchema = z.object({
  /** Millimes, whole dinars, within `pack_limits` (checked by the server against settings). */
  amount: z
    .number({ error: 'The amount is required' })
    .int('The amount is a whole number of millimes')
    .positive('The amount must be positive')
    .max(1_000_000_000, 'The amount is too large')
    .refine((amount) => amount % 1000 === 0, 'A wallet pack is a whole number of dinars'),
  promo_code: promoCodeInputSchema,
});
export type WalletPurchaseBody = z.input<typeof walletPurchaseBodySchema>;

export const walletQuoteResponseSchema = z.object({ data: checkoutQuoteSchema });

export const walletPurchaseCreatedSchema = z.object({
  data: z.object({
    wallet_purchase_id: z.number().int(),
    payment_id: z.number().int(),
    /** The gateway's checkout page: the browser goes there to pay. */
    pay_url: z.string(),
  }),
});
export type WalletPurchaseCreated = z.infer<typeof walletPurchaseCreatedSchema>['data'];

export const walletPurchaseParamsSchema = idParamSchema('wallet_purchase_id');
export const walletPurchaseResponseSchema = z.object({ data: walletPurchaseSchema });

/** `WP-000042`: a purchase's reference, from its id. */
export const walletPurchaseReference = (id: number) => `WP-${String(id).padStart(6, '0')}`;

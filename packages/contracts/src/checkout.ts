import { z } from 'zod';
import { licenceTermsOutputSchema } from './licences.js';

/**
 * What the checkout shows (issue 9 §4): the lines the server priced (ADR 015), never computed
 * by a client. Every amount in millimes; rates in basis points (1900 = 19 %).
 */
export const pricedLineKinds = [
  'platform_fee',
  'content_fee',
  'wallet_pack',
  /** Issue 27 §1: a usage licence renewed (the creator's earnings, collected for them). */
  'licence_renewal',
] as const;
export type PricedLineKind = (typeof pricedLineKinds)[number];

/**
 * What a priced line is for, as a code and its parameters, worded in the reader's language
 * where it is shown (the checkout, the invoices' list and PDF); `description` is its English
 * wording, kept for what has no language (the gateway's label). `reference` is the public one
 * (`CR-000010`, `CR-000010-1`, `WP-000042`), `title` a request's title.
 */
export const pricedLineLabelSchema = z.object({
  code: z.enum(pricedLineKinds),
  params: z.object({
    reference: z.string().optional(),
    title: z.string().optional(),
    /**
     * The usage licence the line pays for (issue 27 §1: "licence: organic + paid ads, 90 days,
     * MENA"); absent on lines priced before licences, which keep their wording.
     */
    licence: licenceTermsOutputSchema.optional(),
  }),
});
export type PricedLineLabel = z.infer<typeof pricedLineLabelSchema>;

export const checkoutQuoteSchema = z.object({
  lines: z.array(
    z.object({
      kind: z.enum(pricedLineKinds),
      description: z.string(),
      /** Absent only from lines priced before labels existed: `description` then. */
      label: pricedLineLabelSchema.optional(),
      quantity: z.number().int(),
      unit_amount: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  subtotal: z.number().int(),
  /** The promo code applied, upper-case, or null. */
  promo_code: z.string().nullable(),
  promotion_basis_points: z.number().int(),
  discount: z.number().int(),
  taxable_amount: z.number().int(),
  vat_rate_basis_points: z.number().int(),
  vat_amount: z.number().int(),
  stamp_amount: z.number().int(),
  total: z.number().int(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/** A promo code as typed at the checkout: trimmed, empty means none. */
export const promoCodeInputSchema = z
  .string()
  .trim()
  .max(40)
  .transform((code) => (code === '' ? undefined : code.toUpperCase()))
  .optional();

/**
 * Every money POST takes an `Idempotency-Key` (DESIGN §7): the same key with the same request
 * (method, full path with its ids and query, body) answers the first result; with another
 * request, 409 `IDEMPOTENCY_KEY_REUSED`.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: 'An Idempotency-Key header is required' })
    .trim()
    .min(1, 'An Idempotency-Key header is required')
    .max(255, 'An Idempotency-Key is at most 255 characters'),
});

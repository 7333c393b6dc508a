import { z } from 'zod';
import { idParamSchema, safeText } from './primitives.js';

/**
 * Promo codes (issue 9 point 7, ADR 019): a percentage off the platform's fees (ADR 015),
 * created by admins, redeemed by advertisers at checkout. Percentages travel as integer basis
 * points (10 % = 1000), never as floats.
 */

/** What a code may apply to: the purchases that go through the checkout. */
export const promoPurchaseKinds = ['wallet_pack', 'content_request', 'opportunity'] as const;
export type PromoPurchaseKind = (typeof promoPurchaseKinds)[number];

/** The spec's message for an unknown, expired, used-up or not applicable code (spec §5, §8). */
export const PROMO_CODE_INVALID_MESSAGE = 'Promo code is no longer valid!';
/** The spec's prompt of the promo code field, also the message when it is left empty. */
export const PROMO_CODE_PROMPT = 'Verify Your Promo code';

export const PROMO_CODE_MIN_LENGTH = 3;
export const PROMO_CODE_MAX_LENGTH = 32;
/** 1 basis point = 0.01 %; a code takes 0.01 % to 100 % off. */
export const PROMO_BASIS_POINTS_MIN = 1;
export const PROMO_BASIS_POINTS_MAX = 10_000;
/** Upper bound of the redemption limits (a PostgreSQL integer, and far beyond any campaign). */
export const PROMO_LIMIT_MAX = 1_000_000;

/** Codes are compared case-insensitively: stored and sent upper-case. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** A code as an advertiser types it: any case, surrounding spaces ignored. */
const enteredCodeSchema = safeText()
  .trim()
  .min(1, PROMO_CODE_PROMPT)
  .max(100, PROMO_CODE_INVALID_MESSAGE)
  .transform(normalizePromoCode);

/** A new code as an admin writes it: letters, digits, `-` and `_`, stored upper-case. */
export const promoCodeTextSchema = safeText()
  .trim()
  .min(PROMO_CODE_MIN_LENGTH, `The code needs at least ${PROMO_CODE_MIN_LENGTH} characters.`)
  .max(PROMO_CODE_MAX_LENGTH, `The code has at most ${PROMO_CODE_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, "-" and "_".')
  .transform(normalizePromoCode);

export const promoBasisPointsSchema = z
  .number({ error: 'Give the percentage.' })
  .int('The percentage has at most two decimals.')
  .min(PROMO_BASIS_POINTS_MIN, 'The percentage must be between 0.01 and 100.')
  .max(PROMO_BASIS_POINTS_MAX, 'The percentage must be between 0.01 and 100.');

const limitSchema = z
  .number()
  .int('A limit is a whole number.')
  .min(1, 'A limit is at least 1.')
  .max(PROMO_LIMIT_MAX, `A limit is at most ${PROMO_LIMIT_MAX}.`);

/** Instants of a promo code's window lie in these years (PostgreSQL has no year 0000). */
export const PROMO_DATE_YEARS = { min: 2000, max: 9999 } as const;
export const PROMO_DATE_OUT_OF_RANGE_MESSAGE = `Give a date between the years ${PROMO_DATE_YEARS.min} and ${PROMO_DATE_YEARS.max}.`;
const instantSchema = z.iso.datetime({ offset: true, error: 'Give a valid date and time.' }).refine(
  (value) => {
    const at = Date.parse(value);
    return (
      at >= Date.UTC(PROMO_DATE_YEARS.min, 0, 1) && at < Date.UTC(PROMO_DATE_YEARS.max + 1, 0, 1)
    );
  },
  { error: PROMO_DATE_OUT_OF_RANGE_MESSAGE },
);

const appliesToSchema = z
  .array(z.enum(promoPurchaseKinds))
  .min(1, 'Choose at least one purchase the code applies to.')
  .max(promoPurchaseKinds.length)
  .refine((kinds) => new Set(kinds).size === kinds.length, 'Each purchase is listed once.');

export const END_BEFORE_START_MESSAGE = 'The end must be after the start.';
export const PER_ADVERTISER_ABOVE_TOTAL_MESSAGE =
  'The limit per advertiser cannot exceed the total limit.';

/** `POST /v2/promo-codes/verify` (BRAND, AGENCY): is this code valid for this purchase? */
export const verifyPromoCodeBodySchema = z.strictObject({
  code: enteredCodeSchema,
  purchase_kind: z.enum(promoPurchaseKinds),
  /**
   * The caller's purchase the code is for, when it exists already (a content request): the
   * code it holds for a payment left open does not make it invalid for that same purchase.
   */
  purchase_id: z.number().int().positive().optional(),
});
export type VerifyPromoCodeBody = z.input<typeof verifyPromoCodeBodySchema>;

export const verifyPromoCodeResponseSchema = z.object({
  data: z.object({
    code: z.string(),
    percent_basis_points: z.number().int(),
  }),
});
export type VerifyPromoCodeResponse = z.infer<typeof verifyPromoCodeResponseSchema>;

/** `POST /v2/admin/promo-codes` (ADMIN). */
export const createPromoCodeBodySchema = z
  .strictObject({
    code: promoCodeTextSchema,
    percent_basis_points: promoBasisPointsSchema,
    starts_at: instantSchema,
    ends_at: instantSchema.nullable().default(null),
    max_redemptions: limitSchema.nullable().default(null),
    max_redemptions_per_advertiser: limitSchema.nullable().default(null),
    applies_to: appliesToSchema,
    is_active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.ends_at !== null && Date.parse(body.ends_at) <= Date.parse(body.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: END_BEFORE_START_MESSAGE });
    }
    if (
      body.max_redemptions !== null &&
      body.max_redemptions_per_advertiser !== null &&
      body.max_redemptions_per_advertiser > body.max_redemptions
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_redemptions_per_advertiser'],
        message: PER_ADVERTISER_ABOVE_TOTAL_MESSAGE,
      });
    }
  });
export type CreatePromoCodeBody = z.input<typeof createPromoCodeBodySchema>;
export type CreatePromoCodeInput = z.output<typeof createPromoCodeBodySchema>;

/**
 * `PATCH /v2/admin/promo-codes/{promo_code_id}` (ADMIN): switch on or off, move the window,
 * change the limits or the purchases. The code and its percentage stay (redemptions made
 * keep theirs anyway). The window and limits are checked against the stored values too.
 */
export const updatePromoCodeBodySchema = z
  .strictObject({
    is_active: z.boolean(),
    starts_at: instantSchema,
    ends_at: instantSchema.nullable(),
    max_redemptions: limitSchema.nullable(),
    max_redemptions_per_advertiser: limitSchema.nullable(),
    applies_to: appliesToSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdatePromoCodeBody = z.input<typeof updatePromoCodeBodySchema>;
export type UpdatePromoCodeInput = z.output<typeof updatePromoCodeBodySchema>;

export const promoCodeParamsSchema = idParamSchema('promo_code_id').strict();

/** A code as admins see it, with how many redemptions count against its limits. */
export const adminPromoCodeSchema = z.object({
  promo_code_id: z.number().int(),
  code: z.string(),
  percent_basis_points: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_redemptions_per_advertiser: z.number().int().nullable(),
  applies_to: z.array(z.enum(promoPurchaseKinds)),
  is_active: z.boolean(),
  /** Redemptions not released (a failed or expired payment's redemption no longer counts). */
  redemption_count: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

export const adminPromoCodeResponseSchema = z.object({ data: adminPromoCodeSchema });
export const adminPromoCodesResponseSchema = z.object({ data: z.array(adminPromoCodeSchema) });
export type AdminPromoCodesResponse = z.infer<typeof adminPromoCodesResponseSchema>;

import { z } from 'zod';
import {
  licenceChannels,
  licenceDurations,
  licenceTerritories,
  type LicenceDuration,
} from './licences.js';

/**
 * A line's usage licence once bought (issue 27 §1, part B): its start at payment, its expiry,
 * the renewals, the Spark code and the licence page. Amounts in millimes, instants ISO 8601.
 */

/**
 * `not_started`: the content fee is not paid yet; `active`: running until `expires_at`;
 * `expired`: `expires_at` has passed (the HD original no longer opens); `perpetual`: no end.
 */
export const licenceStates = ['not_started', 'active', 'expired', 'perpetual'] as const;
export type LicenceState = (typeof licenceStates)[number];

/** Durations a renewal repeats; a perpetual licence has nothing to renew. */
export const renewableDurations = [
  '30_days',
  '90_days',
  '1_year',
] as const satisfies readonly LicenceDuration[];

/** The Spark code's expiry: from 7 to 365 days after the day it is entered. */
export const SPARK_CODE_MIN_DAYS = 7;
export const SPARK_CODE_MAX_DAYS = 365;

export const sparkCodeStates = ['none', 'active', 'expired'] as const;

export const licenceSparkCodeSchema = z.object({
  state: z.enum(sparkCodeStates),
  /** Shown to the line's parties and admins only; null when none was entered. */
  code: z.string().nullable(),
  expires_at: z.string().nullable(),
});

/** What the delivery view of a line says of its licence, for both parties. */
export const licenceSummarySchema = z.object({
  /** The current (latest) term: 1 for the licence bought with the video, then each renewal. */
  term: z.number().int(),
  state: z.enum(licenceStates),
  duration: z.enum(licenceDurations),
  channels: z.array(z.enum(licenceChannels)),
  territory: z.enum(licenceTerritories),
  starts_at: z.string().nullable(),
  /** Null while not started and for a perpetual licence. */
  expires_at: z.string().nullable(),
  /** The price of a renewal of the same terms; null when it cannot be renewed. */
  renewal_price: z.number().int().nullable(),
  spark_code: licenceSparkCodeSchema.nullable(),
});
export type LicenceSummary = z.infer<typeof licenceSummarySchema>;

export const licenceTermSchema = z.object({
  term: z.number().int(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** What this term cost: the video and its add-ons for term 1, the renewal's price after. */
  price: z.number().int(),
  /** Term 1: the creator's base price and the add-ons' price (the rest of `price`). */
  base_price: z.number().int().nullable(),
  add_on_price: z.number().int().nullable(),
  created_at: z.string(),
});

/** `GET /v2/licences/{content_request_influencer_id}`: the licence page (parties and admins). */
export const licencePageSchema = z.object({
  content_request_influencer_id: z.number().int(),
  /** The line's public reference (`CR-000010-1`, `OP-000010-1`). */
  reference: z.string(),
  title: z.string(),
  advertiser_name: z.string(),
  creator_name: z.string(),
  viewer_side: z.enum(['advertiser', 'creator', 'admin']),
  /** The video the licence covers: the line's latest version, null before any upload. */
  video: z.object({ video_id: z.number().int(), version: z.number().int() }).nullable(),
  licence: licenceSummarySchema,
  exclusivity_days: z.number().int(),
  /** The advertiser's category the exclusivity covers (reference data's category id). */
  exclusivity_category_id: z.number().int().nullable(),
  terms: z.array(licenceTermSchema),
  /** What the advertiser's wallet holds available now (advertiser only, else null). */
  wallet_available: z.number().int().nullable(),
  can_renew: z.boolean(),
  can_edit_spark_code: z.boolean(),
});
export type LicencePage = z.infer<typeof licencePageSchema>;
export const licencePageResponseSchema = z.object({ data: licencePageSchema });

/** `POST /v2/licences/{id}/renew`: the term being renewed (two clicks renew it once). */
export const licenceRenewBodySchema = z.object({
  term: z.number().int().positive(),
});
export type LicenceRenewBody = z.infer<typeof licenceRenewBodySchema>;

export const licenceRenewResponseSchema = z.object({
  data: z.object({
    /** False when this term had been renewed already (nothing was charged again). */
    renewed: z.boolean(),
    licence: licenceSummarySchema,
  }),
});

/** `PUT /v2/licences/{id}/spark-code`: the creator's code and the last day it works. */
export const sparkCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the Spark code')
    .max(200, 'The Spark code is at most 200 characters')
    .regex(/^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/, 'The Spark code has letters, digits and signs only'),
  /** `YYYY-MM-DD`, Tunisia's date; the code works until the end of that day. */
  expires_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the date the code expires'),
});
export type SparkCodeBody = z.infer<typeof sparkCodeBodySchema>;
export const sparkCodeMessages = {
  expiryOutOfRange: `The code must stay valid from ${SPARK_CODE_MIN_DAYS} to ${SPARK_CODE_MAX_DAYS} days from today`,
} as const;

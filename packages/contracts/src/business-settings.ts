/**
 * Business settings (DESIGN §4, ADR 011): the values the business tunes without a release —
 * fees, tax, delays, caps, limits — with their defaults and the bounds an admin may set them
 * within. Stored overrides live in the API's `business_settings` table; a key without one has
 * the default below. Zod-free so the web can show units and bounds without loading zod; the
 * request and response schemas are in `settings.ts`.
 *
 * Every value is an integer in its unit: money in millimes (DESIGN §3), rates in basis points
 * (1900 = 19 %), durations in whole days or hours, lengths in characters.
 */
import { formatMoney } from './money-format.js';

export const businessSettingUnits = [
  'millimes',
  'basis_points',
  'days',
  'hours',
  'count',
  'characters',
  'megabytes',
] as const;
export type BusinessSettingUnit = (typeof businessSettingUnits)[number];

export interface BusinessSettingDefinition {
  unit: BusinessSettingUnit;
  default: number;
  /** Inclusive bounds an admin may choose within. */
  min: number;
  max: number;
  /** Another setting this one may not exceed (a lower bound paired with its upper bound). */
  atMost?: string;
  /** Another setting this one may not go below. */
  atLeast?: string;
}

export const businessSettingDefinitions = {
  /** Spec §9 "Platform fee 24.8 TND", DESIGN §4: per content request or opportunity. */
  platform_fee_millimes: { unit: 'millimes', default: 24_800, min: 0, max: 1_000_000 },
  /**
   * DESIGN §4 and reference/tunisia-money.md: the standard Tunisian VAT rate, 19 %, applies to
   * platform services. Bounded at 50 % so a slip of a digit (19000) is refused.
   */
  vat_rate_basis_points: { unit: 'basis_points', default: 1_900, min: 0, max: 5_000 },
  /** DESIGN §4 and reference/tunisia-money.md: 1.000 TND per invoice since the 2023 finance law. */
  fiscal_stamp_millimes: { unit: 'millimes', default: 1_000, min: 0, max: 100_000 },
  /**
   * DESIGN §4: creators are paid 15 days after the advertiser pays (the spec's financial-info
   * text; its notification text says 20 days after approval — DESIGN chose one value).
   */
  creator_payout_delay_days: { unit: 'days', default: 15, min: 1, max: 90 },
  /**
   * Issue 25 §1: a creator's media kit is turned on when the team validates them (1) or only
   * when an admin turns it on (0). A switch kept as a count of 0 or 1 (settings are integers).
   */
  media_kit_for_validated_creators: { unit: 'count', default: 1, min: 0, max: 1 },
  /** Issue 10 §2: at most 2 revisions (debriefs) per line, as Billo (reference/tunisia-money.md). */
  revision_cap: { unit: 'count', default: 2, min: 0, max: 10 },
  /** Issue 10 §2: a creator answers a request within 72 h, else it expires (Collabstr's window). */
  acceptance_window_hours: { unit: 'hours', default: 72, min: 1, max: 720 },
  /** Issue 10 §2: a submitted video not reviewed within 3 days is approved automatically. */
  review_window_days: { unit: 'days', default: 3, min: 1, max: 30 },
  /**
   * Issue 23 §1: an application the advertiser has not answered within 7 days is declined, and
   * the creator told; a debriefed one waits for the creator as long.
   */
  application_answer_window_days: { unit: 'days', default: 7, min: 1, max: 30 },
  /**
   * Spec §9 says "creators per request limit: not shown", issue 10 names the setting without a
   * value: 10, our choice for this gap (ADR 011).
   */
  creators_per_request_max: { unit: 'count', default: 10, min: 1, max: 100 },
  /**
   * Spec §5/§9: the script and the brief have a maximum length whose value is not shown; 2000
   * and 5000 characters, our choice for this gap (ADR 011): a brief says more than a script.
   */
  script_max_length: { unit: 'characters', default: 2_000, min: 100, max: 20_000 },
  brief_max_length: { unit: 'characters', default: 5_000, min: 100, max: 20_000 },
  /**
   * Spec §5 and §9, DESIGN §4: the largest video a creator uploads, 200 MB (the spec's constant
   * 209715200 bytes); every message states this value. 1 MB = 1,048,576 bytes.
   */
  video_upload_max_megabytes: { unit: 'megabytes', default: 200, min: 10, max: 4_096 },
  /** Issue 11 §1: an upload left unfinished this long is deleted by the cleanup job. */
  abandoned_upload_hours: { unit: 'hours', default: 24, min: 1, max: 720 },
  /**
   * Unfinished video uploads one creator may have at once, and the bytes they announce in all
   * (ADR 031): a new one over either is refused at its creation (UPLOAD_LIMIT_REACHED). 3 and
   * 1 GB, our choice: a creator uploads one video per line, a retry or two meanwhile.
   */
  unfinished_uploads_max: { unit: 'count', default: 3, min: 1, max: 50 },
  unfinished_uploads_max_megabytes: {
    unit: 'megabytes',
    default: 1_024,
    min: 10,
    max: 40_960,
  },
  /**
   * How much longer than the length ordered an uploaded video may be (ADR 031): 100 % lets a
   * 15 s order take up to 30 s; longer is refused (VIDEO_TOO_LONG). Shorter is the advertiser's
   * to judge (the upload form warns the creator).
   */
  video_length_tolerance_basis_points: {
    unit: 'basis_points',
    default: 10_000,
    min: 0,
    max: 100_000,
  },
  /** Spec §5 and §9 "Wallet pack 100 to 2000 TND", issue 9 §5. */
  wallet_pack_min_millimes: {
    unit: 'millimes',
    default: 100_000,
    min: 1_000,
    max: 50_000_000,
    atMost: 'wallet_pack_max_millimes',
  },
  wallet_pack_max_millimes: {
    unit: 'millimes',
    default: 2_000_000,
    min: 1_000,
    max: 50_000_000,
    atLeast: 'wallet_pack_min_millimes',
  },
  /**
   * Issue 10 §1: the price a creator is suggested per video length, by size band (spec §9
   * bands), until they set their own. Our choice of defaults, in millimes: a grid admins edit.
   */
  suggested_price_nano_15s_millimes: {
    unit: 'millimes',
    default: 50_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_nano_30s_millimes: {
    unit: 'millimes',
    default: 80_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_nano_60s_millimes: {
    unit: 'millimes',
    default: 120_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_micro_15s_millimes: {
    unit: 'millimes',
    default: 100_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_micro_30s_millimes: {
    unit: 'millimes',
    default: 150_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_micro_60s_millimes: {
    unit: 'millimes',
    default: 220_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_mid_tier_15s_millimes: {
    unit: 'millimes',
    default: 200_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_mid_tier_30s_millimes: {
    unit: 'millimes',
    default: 300_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_mid_tier_60s_millimes: {
    unit: 'millimes',
    default: 450_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_macro_15s_millimes: {
    unit: 'millimes',
    default: 400_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_macro_30s_millimes: {
    unit: 'millimes',
    default: 600_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_macro_60s_millimes: {
    unit: 'millimes',
    default: 900_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_mega_15s_millimes: {
    unit: 'millimes',
    default: 800_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_mega_30s_millimes: {
    unit: 'millimes',
    default: 1_200_000,
    min: 1_000,
    max: 100_000_000,
  },
  suggested_price_mega_60s_millimes: {
    unit: 'millimes',
    default: 1_800_000,
    min: 1_000,
    max: 100_000_000,
  },
  /**
   * Issue 27 §1: the suggested price of each usage-licence add-on, in basis points of the
   * creator's base price (3000 = +30 %); a creator may set their own (licences module).
   * Organic, 30 days, Tunisia and no exclusivity are included in the base price.
   */
  licence_paid_ads_basis_points: { unit: 'basis_points', default: 3_000, min: 0, max: 50_000 },
  licence_spark_ads_basis_points: { unit: 'basis_points', default: 2_000, min: 0, max: 50_000 },
  licence_90_days_basis_points: { unit: 'basis_points', default: 1_500, min: 0, max: 50_000 },
  licence_1_year_basis_points: { unit: 'basis_points', default: 4_000, min: 0, max: 50_000 },
  licence_perpetual_basis_points: { unit: 'basis_points', default: 10_000, min: 0, max: 50_000 },
  licence_mena_basis_points: { unit: 'basis_points', default: 2_000, min: 0, max: 50_000 },
  licence_worldwide_basis_points: { unit: 'basis_points', default: 5_000, min: 0, max: 50_000 },
  licence_exclusivity_30_days_basis_points: {
    unit: 'basis_points',
    default: 2_500,
    min: 0,
    max: 50_000,
  },
  licence_exclusivity_90_days_basis_points: {
    unit: 'basis_points',
    default: 5_000,
    min: 0,
    max: 50_000,
  },
  licence_exclusivity_180_days_basis_points: {
    unit: 'basis_points',
    default: 8_000,
    min: 0,
    max: 50_000,
  },
  /**
   * Issue 27 §1: a 30-day renewal of a licence costs this share of the creator's base price;
   * 90-day and 1-year renewals add their duration's frozen rate to it (ADR 046).
   */
  licence_renewal_30_days_basis_points: {
    unit: 'basis_points',
    default: 2_000,
    min: 0,
    max: 50_000,
  },
} as const satisfies Record<string, BusinessSettingDefinition>;

export type BusinessSettingKey = keyof typeof businessSettingDefinitions;
/** The value of every setting (all integers in their unit). */
export type BusinessSettingValues = { [K in BusinessSettingKey]: number };
/** Settings that are durations, readable in hours (workflow timers). */
export type DurationSettingKey = {
  [K in BusinessSettingKey]: (typeof businessSettingDefinitions)[K]['unit'] extends 'days' | 'hours'
    ? K
    : never;
}[BusinessSettingKey];

export const businessSettingKeys = Object.keys(businessSettingDefinitions) as [
  BusinessSettingKey,
  ...BusinessSettingKey[],
];

export function isBusinessSettingKey(key: string): key is BusinessSettingKey {
  return Object.hasOwn(businessSettingDefinitions, key);
}

export function isDurationSettingKey(key: string): key is DurationSettingKey {
  if (!isBusinessSettingKey(key)) return false;
  const { unit } = businessSettingDefinitions[key];
  return unit === 'days' || unit === 'hours';
}

export function definitionOf(key: BusinessSettingKey): BusinessSettingDefinition {
  return businessSettingDefinitions[key];
}

/** Every setting at its default. */
export function businessSettingDefaults(): BusinessSettingValues {
  return Object.fromEntries(
    businessSettingKeys.map((key) => [key, businessSettingDefinitions[key].default]),
  ) as BusinessSettingValues;
}

/** A value as an admin reads it: `24.800 TND (24800 millimes)`, `19 % (1900 basis points)`. */
export function describeSettingValue(unit: BusinessSettingUnit, value: number): string {
  switch (unit) {
    case 'millimes':
      // The shared money format, as every amount: `2,000.000 TND`, never `2000.000 TND`.
      return `${formatMoney(value, 'en')} (${value} millimes)`;
    case 'basis_points':
      return `${value / 100} % (${value} basis points)`;
    case 'count':
      return String(value);
    default:
      return `${value} ${unit}`;
  }
}

/**
 * Why `value` cannot be the new value of `key`, or null when it can. `current` holds the other
 * settings' values for the paired bounds (wallet pack minimum ≤ maximum). The message states
 * the bounds, so the admin knows what to enter.
 */
export function checkBusinessSettingValue(
  key: BusinessSettingKey,
  value: number,
  current?: Partial<BusinessSettingValues>,
): string | null {
  const definition = definitionOf(key);
  if (!Number.isSafeInteger(value) || value < definition.min || value > definition.max) {
    return (
      `${key} must be a whole number from ${describeSettingValue(definition.unit, definition.min)}` +
      ` to ${describeSettingValue(definition.unit, definition.max)}`
    );
  }
  const ceiling = definition.atMost as BusinessSettingKey | undefined;
  const ceilingValue = ceiling === undefined ? undefined : current?.[ceiling];
  if (ceiling !== undefined && ceilingValue !== undefined && value > ceilingValue) {
    return `${key} may not exceed ${ceiling}, now ${describeSettingValue(definition.unit, ceilingValue)}`;
  }
  const floor = definition.atLeast as BusinessSettingKey | undefined;
  const floorValue = floor === undefined ? undefined : current?.[floor];
  if (floor !== undefined && floorValue !== undefined && value < floorValue) {
    return `${key} may not be below ${floor}, now ${describeSettingValue(definition.unit, floorValue)}`;
  }
  return null;
}

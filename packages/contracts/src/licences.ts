import { z } from 'zod';

/**
 * Usage licences (issue 27 §1): what a request or an opportunity buys the right to do with a
 * video — channels, duration, territory, exclusivity in the category — each a priced add-on over
 * the creator's base price, frozen into the line when it is created. The zod schemas of the
 * routes sit beside these enums.
 */

/** Organic posts on the advertiser's accounts are always included; the others are add-ons. */
export const licenceChannels = ['organic', 'paid_ads', 'spark_ads'] as const;
export type LicenceChannel = (typeof licenceChannels)[number];

/** 30 days is included; the others are add-ons. */
export const licenceDurations = ['30_days', '90_days', '1_year', 'perpetual'] as const;
export type LicenceDuration = (typeof licenceDurations)[number];

/** Tunisia is included; the others are add-ons. */
export const licenceTerritories = ['tunisia', 'mena', 'worldwide'] as const;
export type LicenceTerritory = (typeof licenceTerritories)[number];

/** Days of exclusivity in the advertiser's category after the licence starts; 0 for none. */
export const licenceExclusivityDays = [0, 30, 90, 180] as const;
export type LicenceExclusivityDays = (typeof licenceExclusivityDays)[number];

/** What a request or an opportunity asks for, as stored on its draft. */
export interface LicenceTerms {
  channels: LicenceChannel[];
  duration: LicenceDuration;
  territory: LicenceTerritory;
  exclusivity_days: LicenceExclusivityDays;
}

/** The licence every request and opportunity had before licences were priced. */
export const defaultLicenceTerms: LicenceTerms = {
  channels: ['organic'],
  duration: '30_days',
  territory: 'tunisia',
  exclusivity_days: 0,
};

/**
 * The add-ons a creator prices (in basis points of their base price, 2500 = +25 %); a creator's
 * own rate replaces the suggested one of the business settings (`licence_<option>_basis_points`).
 */
export const licenceAddOns = [
  'paid_ads',
  'spark_ads',
  '90_days',
  '1_year',
  'perpetual',
  'mena',
  'worldwide',
  'exclusivity_30_days',
  'exclusivity_90_days',
  'exclusivity_180_days',
] as const;
export type LicenceAddOn = (typeof licenceAddOns)[number];
export type LicenceRates = Partial<Record<LicenceAddOn, number>>;

/** The business setting of an add-on's suggested rate. */
export function licenceRateSettingKey<A extends LicenceAddOn>(
  addOn: A,
): `licence_${A}_basis_points` {
  return `licence_${addOn}_basis_points`;
}

/** A rate's bounds (basis points of the base price), as the settings' bounds. */
export const LICENCE_RATE_MIN_BASIS_POINTS = 0;
export const LICENCE_RATE_MAX_BASIS_POINTS = 50_000;

/** The terms of a draft: organic always included, one duration, territory and exclusivity. */
export const licenceTermsSchema = z.object({
  channels: z
    .array(z.enum(licenceChannels))
    .min(1, 'Choose at least one channel')
    .max(licenceChannels.length)
    .refine((channels) => channels.includes('organic'), 'Organic posts are always included')
    .refine((channels) => new Set(channels).size === channels.length, 'A channel appears once'),
  duration: z.enum(licenceDurations),
  territory: z.enum(licenceTerritories),
  exclusivity_days: z.union(
    licenceExclusivityDays.map((days) => z.literal(days)),
    {
      error: 'Exclusivity is none, 30, 90 or 180 days',
    },
  ),
});

/** The terms as the server answers them (drafts, lines). */
export const licenceTermsOutputSchema = z.object({
  channels: z.array(z.enum(licenceChannels)),
  duration: z.enum(licenceDurations),
  territory: z.enum(licenceTerritories),
  exclusivity_days: z.number().int(),
});

/** The terms of a stored draft (null on old drafts = the default terms). */
export function licenceTermsOrDefault(terms: LicenceTerms | null | undefined): LicenceTerms {
  return terms ?? defaultLicenceTerms;
}

export const licenceRateSchema = z
  .number({ error: 'The rate is required' })
  .int('The rate is a whole number of basis points')
  .min(LICENCE_RATE_MIN_BASIS_POINTS, 'The rate is at least 0 %')
  .max(LICENCE_RATE_MAX_BASIS_POINTS, 'The rate is at most 500 %');

/** PUT /v2/influencer/licence-rates: the creator's own rate per add-on; null = the suggested. */
export const licenceRatesBodySchema = z.object({
  rates: z.object(
    Object.fromEntries(licenceAddOns.map((addOn) => [addOn, licenceRateSchema.nullable()])) as {
      [A in LicenceAddOn]: z.ZodNullable<typeof licenceRateSchema>;
    },
  ),
});
export type LicenceRatesBody = z.input<typeof licenceRatesBodySchema>;

export const licenceRateEntrySchema = z.object({
  add_on: z.enum(licenceAddOns),
  /** What the creator charges (basis points of the base price). */
  basis_points: z.number().int(),
  /** The creator set it (false: the suggested rate of the business settings). */
  is_custom: z.boolean(),
  suggested_basis_points: z.number().int(),
});
export type LicenceRateEntry = z.infer<typeof licenceRateEntrySchema>;

export const licenceRatesResponseSchema = z.object({
  data: z.object({ rates: z.array(licenceRateEntrySchema) }),
});

/** GET /v2/licence-rates/suggested: each add-on's suggested rate (basis points). */
export const suggestedLicenceRatesResponseSchema = z.object({
  data: z.object({
    rates: z.object(
      Object.fromEntries(licenceAddOns.map((addOn) => [addOn, z.number().int()])) as {
        [A in LicenceAddOn]: z.ZodNumber;
      },
    ),
  }),
});
export type SuggestedLicenceRates = z.infer<
  typeof suggestedLicenceRatesResponseSchema
>['data']['rates'];

/** One add-on's part of a licence's price. */
export const licenceBreakdownEntrySchema = z.object({
  add_on: z.enum(licenceAddOns),
  basis_points: z.number().int(),
  /** Millimes. */
  amount: z.number().int(),
});
export type LicenceBreakdownEntry = z.infer<typeof licenceBreakdownEntrySchema>;

/** A creator's price for a request's terms: base, add-ons, total (millimes). */
export const licenceQuoteSchema = z.object({
  base_price: z.number().int(),
  add_on_price: z.number().int(),
  breakdown: z.array(licenceBreakdownEntrySchema),
});
export type LicenceQuote = z.infer<typeof licenceQuoteSchema>;

/** The add-ons a terms object uses (organic, 30 days, Tunisia and no exclusivity are free). */
export function addOnsOf(terms: LicenceTerms): LicenceAddOn[] {
  const addOns: LicenceAddOn[] = [];
  if (terms.channels.includes('paid_ads')) addOns.push('paid_ads');
  if (terms.channels.includes('spark_ads')) addOns.push('spark_ads');
  if (terms.duration !== '30_days') addOns.push(terms.duration);
  if (terms.territory !== 'tunisia') addOns.push(terms.territory);
  if (terms.exclusivity_days !== 0) {
    addOns.push(`exclusivity_${terms.exclusivity_days}_days` as LicenceAddOn);
  }
  return addOns;
}

/** The words a licence's wording uses, in one language (API texts, web locales). */
export interface LicenceWords {
  /** Before the terms, its colon included: `licence:` (French `licence :`). */
  prefix: string;
  channels: Record<LicenceChannel, string>;
  durations: Record<LicenceDuration, string>;
  territories: Record<LicenceTerritory, string>;
  /** With `{days}`: `{days}-day exclusivity`. */
  exclusivity: string;
  /** Between the parts: `, ` (Arabic `، `). */
  separator: string;
}

/** "organic + paid ads, 90 days, MENA, 30-day exclusivity" (no exclusivity: not said). */
export function wordLicenceTerms(
  terms: Omit<LicenceTerms, 'exclusivity_days'> & { exclusivity_days: number },
  words: LicenceWords,
): string {
  const parts = [
    terms.channels.map((channel) => words.channels[channel]).join(' + '),
    words.durations[terms.duration],
    words.territories[terms.territory],
  ];
  if (terms.exclusivity_days > 0) {
    parts.push(words.exclusivity.replace('{days}', String(terms.exclusivity_days)));
  }
  return parts.join(words.separator);
}

/** The English words (the gateway's label, the stored English description of a line). */
export const englishLicenceWords: LicenceWords = {
  prefix: 'licence:',
  channels: { organic: 'organic', paid_ads: 'paid ads', spark_ads: 'Spark ads' },
  durations: {
    '30_days': '30 days',
    '90_days': '90 days',
    '1_year': '1 year',
    perpetual: 'perpetual',
  },
  territories: { tunisia: 'Tunisia', mena: 'MENA', worldwide: 'worldwide' },
  exclusivity: '{days}-day exclusivity',
  separator: ', ',
};

import { z } from 'zod';
import { ageIntervals, genders, platforms, sizeBands, type SizeBand } from './enums.js';

/**
 * Reference lists (spec §3 "Reference lists") and the search bands of spec §9.
 * Bands are ranges with an inclusive `min` and an exclusive `max` (`null` = no upper bound),
 * so consecutive bands never overlap.
 */

/** Languages the reference endpoints speak; `tn` (the interface's Arabic) answers in `ar`. */
export const referenceLanguages = ['en', 'fr', 'ar'] as const;
export type ReferenceLanguage = (typeof referenceLanguages)[number];
export const referenceLanguageQuerySchema = z.object({
  lang: z.enum(['en', 'fr', 'ar', 'tn']).optional(),
});

/** Engagement rate bands in percent (spec §9). */
export const engagementBands = [
  { value: '0.5-1', min: 0.5, max: 1 },
  { value: '1-3', min: 1, max: 3 },
  { value: '3-6', min: 3, max: 6 },
  { value: '6-10', min: 6, max: 10 },
  { value: '10+', min: 10, max: null },
] as const;
export type EngagementBand = (typeof engagementBands)[number]['value'];

/** Active community (persons reached) bands (spec §9). */
export const communityBands = [
  { value: '0-5k', min: 0, max: 5_000 },
  { value: '5k-10k', min: 5_000, max: 10_000 },
  { value: '10k-50k', min: 10_000, max: 50_000 },
  { value: '50k-100k', min: 50_000, max: 100_000 },
  { value: '100k+', min: 100_000, max: null },
] as const;
export type CommunityBand = (typeof communityBands)[number]['value'];

export const engagementBandValues = engagementBands.map((b) => b.value) as [
  EngagementBand,
  ...EngagementBand[],
];
export const communityBandValues = communityBands.map((b) => b.value) as [
  CommunityBand,
  ...CommunityBand[],
];

export const sizeBandValues = sizeBands.map((b) => b.value) as [SizeBand, ...SizeBand[]];

/** GET /v2/category/find */
export const categorySchema = z.object({ category_id: z.number().int(), label: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListResponseSchema = z.object({ data: z.array(categorySchema) });

/** GET /v2/business-sector/find */
export const businessSectorSchema = z.object({
  business_sector_id: z.number().int(),
  label: z.string(),
});
export type BusinessSector = z.infer<typeof businessSectorSchema>;
export const businessSectorListResponseSchema = z.object({ data: z.array(businessSectorSchema) });

/** GET /v2/country/find: one country; `value` is the ISO 3166-1 alpha-2 code. */
export const countrySchema = z.object({
  label: z.string(),
  value: z.string().length(2),
  iso_3: z.string().length(3),
  /** Flag emoji. */
  icon: z.string(),
  /** International dialling prefix, e.g. `+216`; empty when the country has none. */
  prefix: z.string(),
  region: z.string(),
  sub_region: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListResponseSchema = z.object({ data: z.array(countrySchema) });

/** GET /v2/country/states/{country}: subdivisions (for Tunisia, the 24 governorates). */
export const countryStateSchema = z.object({
  /** ISO 3166-2 subdivision code without the country part (Tunis = `11`); language-independent. */
  isoCode: z.string(),
  name: z.string(),
});
export type CountryState = z.infer<typeof countryStateSchema>;
export const countryStateListResponseSchema = z.object({ data: z.array(countryStateSchema) });
export const countryParamsSchema = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'The country must be a 2-letter ISO code')
    .transform((v) => v.toUpperCase()),
});

/** GET /v2/country/states/{country}/{state}/cities */
export const citySchema = z.object({ name: z.string() });
export type City = z.infer<typeof citySchema>;
export const cityListResponseSchema = z.object({ data: z.array(citySchema) });
export const countryStateParamsSchema = countryParamsSchema.extend({
  state: z.string().regex(/^[A-Za-z0-9-]{1,10}$/, 'Unknown state'),
});

const option = <T extends z.ZodTypeAny>(value: T) => z.object({ value, label: z.string() });
const bandOption = <T extends z.ZodTypeAny>(value: T) =>
  z.object({ value, label: z.string(), min: z.number(), max: z.number().nullable() });

/** GET /v2/reference/enums: every fixed choice list with labels in the asked language. */
export const referenceEnumsSchema = z.object({
  genders: z.array(option(z.enum(genders))),
  age_intervals: z.array(option(z.enum(ageIntervals))),
  platforms: z.array(option(z.enum(platforms))),
  /** Followers bands; here too `max` is exclusive (enums.ts lists the inclusive figures). */
  size_bands: z.array(bandOption(z.enum(sizeBandValues))),
  engagement_bands: z.array(bandOption(z.enum(engagementBandValues))),
  community_bands: z.array(bandOption(z.enum(communityBandValues))),
});
export type ReferenceEnums = z.infer<typeof referenceEnumsSchema>;
export const referenceEnumsResponseSchema = z.object({ data: referenceEnumsSchema });

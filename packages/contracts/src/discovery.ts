import { z } from 'zod';
import {
  ageIntervals,
  genders,
  normalizeAgeBand,
  platforms,
  sizeBands,
  type SizeBand,
} from './enums.js';
import {
  communityBands,
  communityBandValues,
  engagementBands,
  engagementBandValues,
  sizeBandValues,
} from './reference-data.js';
import { idParamSchema, idSchema, MAX_ID, safeText } from './primitives.js';
import { efileSchema } from './users.js';

/**
 * Discovery: advertisers search creators (spec §2 "Filter panel", §3 "Search filters",
 * "Quota", §9 bands and order), favourite them and keep named shortlists.
 * Wire names keep the spec's spelling (`followersCount`, `personReached`, `order_by`).
 */

// The limits carry no zod, so the web's discovery screens use them without zod.
export * from './discovery-limits.js';
import {
  findImplausibleStats,
  type DeclaredStatsFigures,
  type ImplausibleStat,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SHORT_LIST_NAME_MAX,
  DECLARED_STATS_MAX,
} from './discovery-limits.js';

export const searchOrders = ['followers_count', 'avg_video_views', 'engagement_rate'] as const;
export type SearchOrder = (typeof searchOrders)[number];

/** Spec §3 writes the default order as `d.followers_count`: the table prefix is accepted. */
const orderSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/^d\./, '') : value),
  z.enum(searchOrders),
);

/** A filter may arrive as one value or a list of values; it is always a list inside. */
const oneOrMany = <T extends z.ZodType>(item: T, max: number) =>
  z
    .union([item.transform((value) => [value]), z.array(item).max(max)])
    .transform((list) => [...new Set(list as z.output<T>[])]);

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'A country is a 2-letter ISO code')
  .transform((code) => code.toUpperCase());

/**
 * An age band alone (`18-25`), or tied to a gender once a gender is chosen (`F:18-25`), so
 * that "women 18-25 and men 25-35" can be asked for (spec §2: ages grouped by gender).
 * `45plus` (spec §3 reference list) is read as `45+`.
 */
export const ageFilterValueSchema = z
  .string()
  .transform(normalizeAgeBand)
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^(?:[FM]:)?(?:${ageIntervals.map((a) => a.replace('+', '\\+')).join('|')})$`),
        'Unknown age band',
      ),
  );

export const searchFiltersSchema = z.strictObject({
  platform: z.enum(platforms).default('instagram'),
  /** Any of these category ids. */
  categories: oneOrMany(idSchema, 50).default([]),
  gender: oneOrMany(z.enum(genders), 2).default([]),
  age: oneOrMany(ageFilterValueSchema, 8).default([]),
  /** Countries of origin. */
  origin: oneOrMany(countryCode, 50).default([]),
  /** Countries of residence. */
  residence: oneOrMany(countryCode, 50).default([]),
  /** Cities per country of residence (English names, as stored): `{ "TN": ["Tunis"] }`. */
  city: z.record(countryCode, z.array(safeText().trim().min(1).max(100)).max(100)).default({}),
  followersCount: oneOrMany(z.enum(sizeBandValues), sizeBands.length).default([]),
  engagementRate: oneOrMany(z.enum(engagementBandValues), engagementBands.length).default([]),
  personReached: oneOrMany(z.enum(communityBandValues), communityBands.length).default([]),
  order_by: orderSchema.default('followers_count'),
  /** Free text on names and usernames: accents, case and small typos do not matter. */
  q: safeText().trim().max(100).optional(),
});
export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type SearchFiltersInput = z.input<typeof searchFiltersSchema>;

/** POST /v2/search/influencers. A `cursor` pages on (and is not counted as a new search). */
export const searchInfluencersBodySchema = searchFiltersSchema.extend({
  cursor: safeText().min(1).max(300).optional(),
  limit: z.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});
export type SearchInfluencersBody = z.input<typeof searchInfluencersBodySchema>;

export const statSources = ['declared', 'verified'] as const;
export type StatSource = (typeof statSources)[number];

/** What a creator charges per video length (seconds), in millimes: custom or suggested. */
export const creatorCardPricesSchema = z.object({
  '15': z.number().int(),
  '30': z.number().int(),
  '60': z.number().int(),
});
export type CreatorCardPrices = z.infer<typeof creatorCardPricesSchema>;

/**
 * A creator as the search, favourites and shortlists show them: public fields only (never
 * CIN, bank numbers, address, phone or e-mail), with the figures of one platform.
 */
export const influencerCardSchema = z.object({
  influencer_id: z.number().int(),
  influencer_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  ig_username: z.string().nullable(),
  tiktok_username: z.string().nullable(),
  efile: efileSchema.nullable(),
  categories: z.array(z.object({ category_id: z.number().int(), label: z.string() })),
  gender: z.enum(genders).nullable(),
  age_intervale: z.enum(ageIntervals).nullable(),
  /** Country of residence and its city (English name, as stored). */
  country: z.string().nullable(),
  city: z.string().nullable(),
  country_of_origin: z.string().nullable(),
  /** The platform the figures below belong to. */
  platform: z.enum(platforms),
  /** Derived from `followers_count` (spec §9), never stored by hand. */
  size_band: z.enum(sizeBandValues),
  followers_count: z.number().int(),
  posts_count: z.number().int(),
  avg_likes: z.number().int(),
  avg_comments: z.number().int(),
  avg_video_views: z.number().int(),
  /** Percent with two decimals, e.g. 3.25. */
  engagement_rate: z.number(),
  /** Active community: people reached. */
  persons_reached: z.number().int(),
  /** Who gave the figures and when; null while the creator has none for this platform. */
  stats_source: z.enum(statSources).nullable(),
  stats_updated_at: z.string().nullable(),
  /** Whether the calling advertiser has favourited this creator. */
  is_favorite: z.boolean(),
  /** The creator's price per video length in millimes (issue 10 §1, their rate card). */
  prices: creatorCardPricesSchema,
});
export type InfluencerCard = z.infer<typeof influencerCardSchema>;

/** `not_started`: no trial yet, it starts once the e-mail address is verified. */
export const quotaStatuses = [
  'subscribed',
  'trial',
  'exhausted',
  'expired',
  'not_started',
] as const;
export type QuotaStatus = (typeof quotaStatuses)[number];

/**
 * Search quota of an advertiser (spec §3 "Quota"). During a paid period
 * (`account_validity_from` … `account_validity_to`) searches are not limited; otherwise the
 * free trial allows `max_search_count` searches until `free_trial_expire_date`.
 */
export const searchQuotaSchema = z.object({
  status: z.enum(quotaStatuses),
  search_count: z.number().int(),
  max_search_count: z.number().int(),
  /** Searches left in the trial; null during a paid period (no limit). */
  remaining: z.number().int().nullable(),
  free_trial_expire_date: z.string().nullable(),
  account_validity_from: z.string().nullable(),
  account_validity_to: z.string().nullable(),
});
export type SearchQuota = z.infer<typeof searchQuotaSchema>;
export const searchQuotaResponseSchema = z.object({ data: searchQuotaSchema });

export const searchInfluencersResponseSchema = z.object({
  data: z.object({
    items: z.array(influencerCardSchema),
    /** Pass it back as `cursor` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
    quota: searchQuotaSchema,
  }),
});
export type SearchInfluencersResponse = z.infer<typeof searchInfluencersResponseSchema>;

/**
 * The filters as the server records and answers them: `searchFiltersSchema`'s output, written
 * without its transforms because responses are encoded through their schema and a one-way
 * transform cannot be encoded. Same wire shape and same type as `SearchFilters`.
 */
export const recordedSearchFiltersSchema = /* @__PURE__ */ z.object({
  platform: z.enum(platforms),
  categories: z.array(z.number().int()),
  gender: z.array(z.enum(genders)),
  age: z.array(z.string()),
  origin: z.array(z.string()),
  residence: z.array(z.string()),
  city: z.record(z.string(), z.array(z.string())),
  followersCount: z.array(z.enum(sizeBandValues)),
  engagementRate: z.array(z.enum(engagementBandValues)),
  personReached: z.array(z.enum(communityBandValues)),
  order_by: z.enum(searchOrders),
  q: z.string().optional(),
});
// Compile-time guard (no runtime code): both schemas must keep describing the same filters.
type IsTrue<T extends true> = T;
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type _RecordedFiltersMatchSearchFilters = IsTrue<
  SameType<SearchFilters, z.output<typeof recordedSearchFiltersSchema>>
>;

/** GET /v2/search/history: the advertiser's last searches, newest first. */
export const searchHistoryEntrySchema = z.object({
  search_id: z.number().int(),
  filters: recordedSearchFiltersSchema,
  created_at: z.string(),
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
export const searchHistoryResponseSchema = z.object({ data: z.array(searchHistoryEntrySchema) });

export const influencerIdParamsSchema = idParamSchema('influencer_id');

/**
 * POST /v2/favorites/toggle → "Creator favorised or disfavorised successfully". A JSON body
 * carries the id as a number (a string is refused), within the ids of the database.
 */
export const favoriteToggleBodySchema = z.strictObject({
  influencer_id: z.number().int().min(1).max(MAX_ID),
});
export const favoriteToggleResponseSchema = z.object({
  data: z.object({ influencer_id: z.number().int(), is_favorite: z.boolean() }),
});

export const platformQuerySchema = z.object({
  platform: z.enum(platforms).default('instagram'),
});

/** GET /v2/favorites?platform=: the favourited creators, most recent first. */
export const favoritesResponseSchema = z.object({ data: z.array(influencerCardSchema) });

/** GET /v2/favorites/ids: ids only, so every card can show its heart without a search. */
export const favoriteIdsResponseSchema = z.object({ data: z.array(z.number().int()) });

export const shortListNameSchema = safeText()
  .trim()
  .min(1, 'The name field is required')
  .max(
    SHORT_LIST_NAME_MAX,
    `The name field must be at most ${SHORT_LIST_NAME_MAX} characters long`,
  );

export const shortListBodySchema = z.strictObject({ name: shortListNameSchema });
export const shortListParamsSchema = idParamSchema('short_list_id');
export const shortListInfluencerParamsSchema = shortListParamsSchema.extend({
  influencer_id: idSchema,
});

export const shortListSchema = z.object({
  short_list_id: z.number().int(),
  name: z.string(),
  /** The creators in the list, most recently added first. */
  influencer_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShortList = z.infer<typeof shortListSchema>;
export const shortListResponseSchema = z.object({ data: shortListSchema });
export const shortListsResponseSchema = z.object({ data: z.array(shortListSchema) });
/** GET /v2/short-lists/{id}?platform=: the list and its creators as cards. */
export const shortListDetailsResponseSchema = z.object({
  data: shortListSchema.extend({ items: z.array(influencerCardSchema) }),
});
export const deletedResponseSchema = z.object({ data: z.object({ deleted: z.literal(true) }) });

/** Names of the declared figures inside the API's English messages. */
const declaredStatLabels = {
  followers_count: 'followers',
  posts_count: 'posts',
  avg_likes: 'average likes',
  avg_comments: 'average comments',
  avg_video_views: 'average video views',
  persons_reached: 'active community',
} as const satisfies Record<keyof DeclaredStatsFigures, string>;

const formatCount = (value: number) => value.toLocaleString('en-US');

/** PUT /v2/influencers/me/stats/{platform}: a creator's own figures (source "declared"). */
const declaredFigure = (field: keyof DeclaredStatsFigures) => {
  const label = declaredStatLabels[field];
  const max = DECLARED_STATS_MAX[field];
  return z
    .number({ error: `Enter the ${label} as a whole number` })
    .int({ error: `Enter the ${label} as a whole number` })
    .min(0, { error: `The ${label} cannot be negative` })
    .max(max, { error: `The ${label} cannot be more than ${formatCount(max)}` });
};

/** English texts of the plausibility rules (see DECLARED_STATS_PLAUSIBILITY for the why). */
function implausibleMessage(problem: ImplausibleStat, followers: number): string {
  switch (problem.rule) {
    case 'engagementAbove100':
      return 'Average likes and comments together cannot be more than your followers (an engagement rate above 100 %)';
    case 'viewsAboveFollowers':
      return `Average video views cannot be more than ${formatCount(problem.max)} with ${formatCount(followers)} followers`;
    case 'communityAboveFollowers':
      return 'The active community cannot be larger than your followers';
  }
}

export const declaredStatsBodySchema = z
  .strictObject({
    followers_count: declaredFigure('followers_count'),
    posts_count: declaredFigure('posts_count'),
    avg_likes: declaredFigure('avg_likes'),
    avg_comments: declaredFigure('avg_comments'),
    avg_video_views: declaredFigure('avg_video_views'),
    persons_reached: declaredFigure('persons_reached'),
  })
  .superRefine(
    (stats, ctx) => {
      for (const problem of findImplausibleStats(stats)) {
        ctx.addIssue({
          code: 'custom',
          path: [problem.field],
          message: implausibleMessage(problem, stats.followers_count),
        });
      }
      // Only once every figure alone is valid: "-5" followers is one problem, not three.
    },
    { when: (payload) => payload.issues.length === 0 },
  );
export type DeclaredStatsBody = z.infer<typeof declaredStatsBodySchema>;
export const platformParamsSchema = z.object({ platform: z.enum(platforms) });

/**
 * Engagement rate in percent with two decimals: average likes and comments per post over
 * followers. Computed on the server from the declared figures, never typed in.
 */
export function engagementRateOf(stats: {
  followers_count: number;
  avg_likes: number;
  avg_comments: number;
}): number {
  if (stats.followers_count <= 0) return 0;
  const rate = ((stats.avg_likes + stats.avg_comments) / stats.followers_count) * 100;
  // Declarations above 100 % are refused (findImplausibleStats); figures from elsewhere (a
  // verified source) stop at what the column holds.
  return Math.min(Math.round(rate * 100) / 100, 9999.99);
}

/** Followers range of a size band, for queries: inclusive min, exclusive max (null: none). */
export function followersRangeOf(band: SizeBand): { min: number; max: number | null } {
  const found = sizeBands.find((b) => b.value === band)!;
  return { min: found.min, max: found.max === null ? null : found.max + 1 };
}

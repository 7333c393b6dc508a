import { and, arrayOverlaps, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SearchOrder } from '@clipmarket/contracts/discovery';
import type { DbOrTx } from '../../platform/db/client.js';
import { creatorSearch, favorites } from './discovery.schema.js';
import { rowsOf } from '../../platform/db/raw-rows.js';

/**
 * The search SQL: every query here reads creator_search, the table the triggers keep
 * (ADR 007), and nothing of another module. Quota and history live in quota.repository.ts,
 * favourites and shortlists in lists.repository.ts.
 */

export type Platform = 'instagram' | 'tiktok';
export type Gender = 'F' | 'M';

/** Inclusive `min`, exclusive `max` (null: no upper bound), as the contracts' bands. */
export interface NumberRange {
  min: number;
  max: number | null;
}

/**
 * Chosen bands of one figure: their ordinals (creator_search's generated `*_band` columns,
 * the index in the contract's list) and the same bands as ranges of the figure.
 */
export interface BandFilter {
  ordinals: number[];
  ranges: NumberRange[];
}

/** A search, already translated from the wire filters by the service. */
export interface SearchCriteria {
  platform: Platform;
  categoryIds: number[];
  genders: Gender[];
  /** Age bands that match whatever the gender. */
  plainAges: string[];
  /** Age bands that match only with this gender ("women 18-25"). */
  agesByGender: { gender: Gender; ages: string[] }[];
  origins: string[];
  /** Residence countries where any city matches. */
  anyCityCountries: string[];
  /** Residence countries limited to some of their cities. */
  citiesByCountry: { country: string; cities: string[] }[];
  followers: BandFilter;
  engagement: BandFilter;
  reached: BandFilter;
  /** Normalised words of the free text; each must match a name or username. */
  words: string[];
  order: SearchOrder;
  /** Keyset position: rows strictly after (value, id) in the order. */
  after: { value: string; id: number } | null;
  limit: number;
}

export interface SearchPageRow {
  influencerId: number;
  /** The order column's value as text (integer, or numeric with two decimals). */
  sortValue: string;
}

const orderColumns = {
  followers_count: creatorSearch.followersCount,
  avg_video_views: creatorSearch.avgVideoViews,
  engagement_rate: creatorSearch.engagementRate,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The order's figure within any of these ranges. Engagement is numeric compared with numeric
 * parameters: no float rounding at band edges (0.99 vs 1).
 */
function figureInRanges(order: SearchOrder, ranges: NumberRange[]) {
  const column = orderColumns[order];
  const bound = (value: number) =>
    order === 'engagement_rate' ? sql`${String(value)}::numeric` : sql`${value}::integer`;
  return or(
    ...ranges.map((r) =>
      and(
        sql`${column} >= ${bound(r.min)}`,
        r.max === null ? undefined : sql`${column} < ${bound(r.max)}`,
      ),
    ),
  );
}

/** The one range that holds all these bands (null max: no upper bound). */
function envelopeOf(ranges: NumberRange[]): NumberRange {
  return {
    min: Math.min(...ranges.map((r) => r.min)),
    max: ranges.some((r) => r.max === null) ? null : Math.max(...ranges.map((r) => r.max ?? 0)),
  };
}

/**
 * Rows a search with free text walks in order before it turns to the trigram index: a word as
 * common as a first name fills a page well within them.
 */
const TEXT_WALK_ROWS = 1_000;

/**
 * Free text: each word must match `searchText` (creator_search's column or a subquery's).
 * Trigram word similarity forgives typos; the substring test catches short fragments (an
 * exact piece of a username) that have too few trigrams to be similar enough. Written
 * `text %> word`, the form the trigram index answers, so a bitmap scan checks it only once.
 */
function textConditions(searchText: SQLWrapper, words: string[]): SQL[] {
  return words.map(
    (word) => sql`(${searchText} %> ${word} or ${searchText} like ${`%${escapeLike(word)}%`})`,
  );
}

/** The band columns, and the order each one's figure is (none for persons reached). */
const bandDimensions = [
  { criterion: 'followers', column: creatorSearch.sizeBand, figureOrder: 'followers_count' },
  { criterion: 'reached', column: creatorSearch.reachBand, figureOrder: null },
  { criterion: 'engagement', column: creatorSearch.engagementBand, figureOrder: 'engagement_rate' },
] as const;

/** One band of one dimension, which a branch of the search reads alone (see inOrder). */
interface BandBranch {
  column: (typeof bandDimensions)[number]['column'];
  ordinal: number;
}

/**
 * The band filter whose bands are read one by one, each from its own ordered index run,
 * when the order is another figure: the first chosen of followers, persons reached,
 * engagement. Null when every chosen band is of the order's own figure (a range of the order
 * index) or none is chosen.
 */
function splitDimensionOf(c: SearchCriteria) {
  return (
    bandDimensions.find((d) => d.figureOrder !== c.order && c[d.criterion].ordinals.length > 0) ??
    null
  );
}

/**
 * Where-conditions of a search but the free text (`textConditions`); each one can be answered
 * from an index of creator_search. `branch`: this band alone instead of its filter's bands.
 */
function searchConditions(c: SearchCriteria, branch?: BandBranch): SQL[] {
  const cs = creatorSearch;
  // Only validated creators are found (issue 7); favourites and shortlists still show the rest.
  const conditions: (SQL | undefined)[] = [eq(cs.platform, c.platform), eq(cs.isValidated, true)];
  if (c.categoryIds.length > 0) conditions.push(arrayOverlaps(cs.categoryIds, c.categoryIds));
  if (c.genders.length > 0) conditions.push(inArray(cs.gender, c.genders));
  if (c.plainAges.length > 0 || c.agesByGender.length > 0) {
    conditions.push(
      or(
        c.plainAges.length > 0 ? inArray(cs.ageInterval, c.plainAges) : undefined,
        ...c.agesByGender.map((g) => and(eq(cs.gender, g.gender), inArray(cs.ageInterval, g.ages))),
      ),
    );
  }
  if (c.origins.length > 0) conditions.push(inArray(cs.countryOfOrigin, c.origins));
  if (c.anyCityCountries.length > 0 || c.citiesByCountry.length > 0) {
    conditions.push(
      or(
        c.anyCityCountries.length > 0 ? inArray(cs.country, c.anyCityCountries) : undefined,
        ...c.citiesByCountry.map((p) => and(eq(cs.country, p.country), inArray(cs.city, p.cities))),
      ),
    );
  }
  for (const dimension of bandDimensions) {
    const { ordinals, ranges } = c[dimension.criterion];
    if (ordinals.length === 0) continue;
    if (dimension.figureOrder === c.order) {
      // Bands of the order's own figure are ranges of the order index. Several are an OR
      // it cannot seek to: their envelope, as one range, lets the walk start at the first
      // band instead of reading every row above it.
      conditions.push(figureInRanges(c.order, ranges));
      if (ranges.length > 1) conditions.push(figureInRanges(c.order, [envelopeOf(ranges)]));
    } else if (branch?.column === dimension.column) {
      conditions.push(eq(dimension.column, branch.ordinal));
    } else {
      conditions.push(inArray(dimension.column, ordinals));
    }
  }
  if (c.after) {
    const column = orderColumns[c.order];
    const value =
      c.order === 'engagement_rate'
        ? sql`${c.after.value}::numeric`
        : sql`${Number(c.after.value)}::integer`;
    conditions.push(sql`(${column}, ${cs.influencerId}) < (${value}, ${c.after.id}::integer)`);
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The rows of a search in its order (DESC, ties by id DESC), at most `limit`. A band filter
 * of another figure than the order is read band by band, each a short walk of its own band
 * index, merged in order (a Merge Append); otherwise one walk of the order index.
 */
function inOrder(db: DbOrTx, c: SearchCriteria, limit: number) {
  const cs = creatorSearch;
  const column = orderColumns[c.order];
  const fields = { influencerId: cs.influencerId, orderValue: column, searchText: cs.searchText };
  const branch = (band?: BandBranch) =>
    db
      .select(fields)
      .from(cs)
      .$dynamic()
      .where(and(...searchConditions(c, band)))
      // "desc nulls last" matches the indexes drizzle-kit wrote, so the planner walks them.
      .orderBy(sql`${column} desc nulls last`, sql`${cs.influencerId} desc nulls last`)
      .limit(limit);
  const split = splitDimensionOf(c);
  if (!split) return branch();
  const [first, ...rest] = c[split.criterion].ordinals.map((ordinal) =>
    branch({ column: split.column, ordinal }),
  );
  if (rest.length === 0) return first!;
  // The union's order names the output columns, not the table's.
  return rest
    .reduce((union, next) => union.unionAll(next), first!)
    .orderBy(
      sql`${sql.identifier(column.name)} desc nulls last`,
      sql`${sql.identifier(cs.influencerId.name)} desc nulls last`,
    )
    .limit(limit);
}

/** A creator's figures on one platform, as creator_search holds them. */
export interface FigureRow {
  followersCount: number;
  postsCount: number;
  avgLikes: number;
  avgComments: number;
  avgVideoViews: number;
  /** Percent with two decimals, as text (numeric). */
  engagementRate: string;
  personsReached: number;
  source: 'declared' | 'verified' | null;
  updatedAt: Date | null;
}

/** What a card shows beside the creator's profile: the figures and the advertiser's heart. */
export interface CardFigures {
  /** Null when the creator has no search row for the platform (no username on it). */
  figures: FigureRow | null;
  /** Whether the advertiser the cards are for has favourited this creator. */
  isFavorite: boolean;
}

export function createSearchRepository() {
  return {
    /**
     * Folds free text as the stored search text is folded, and sets the word-similarity
     * threshold for the rest of the transaction (`<%`). Must run inside a transaction.
     */
    async prepareTextSearch(db: DbOrTx, text: string, threshold: number): Promise<string> {
      const result = await db.execute(sql`
        select creator_search_normalize(${text}::text) as normalized,
               set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}::text, true)`);
      const normalized = rowsOf(result)[0]?.normalized;
      return typeof normalized === 'string' ? normalized : '';
    },

    /** One page in the chosen order (DESC, ties by id DESC), from the keyset position on. */
    async searchPage(db: DbOrTx, criteria: SearchCriteria): Promise<SearchPageRow[]> {
      const cs = creatorSearch;
      const column = orderColumns[criteria.order];
      const page = (rows: { influencerId: number; orderValue: number | string }[]) =>
        rows.map((row) => ({ influencerId: row.influencerId, sortValue: String(row.orderValue) }));
      if (criteria.words.length === 0) return page(await inOrder(db, criteria, criteria.limit));
      // Free text costs a similarity per row walked: cheap when the text is common (the page
      // fills within the first rows), but a walk through the whole table when it matches no
      // one (a typo, an absent name), hundreds of ms at 100,000 creators. So the walk stops
      // after TEXT_WALK_ROWS rows passing the other filters: a full page among them is the
      // page, as every later match comes after them in the order.
      const walk = inOrder(db, criteria, TEXT_WALK_ROWS).as('walk');
      const walked = await db
        .select({ influencerId: walk.influencerId, orderValue: walk.orderValue })
        .from(walk)
        .where(and(...textConditions(walk.searchText, criteria.words)))
        .orderBy(sql`${walk.orderValue} desc nulls last`, sql`${walk.influencerId} desc nulls last`)
        .limit(criteria.limit);
      if (walked.length === criteria.limit) return page(walked);
      // Otherwise the trigram index finds the matches and they are sorted. The columns are NOT
      // NULL: "nulls first" orders exactly alike and only keeps the planner from the walk.
      return page(
        await db
          .select({ influencerId: cs.influencerId, orderValue: column })
          .from(cs)
          .where(
            and(...searchConditions(criteria), ...textConditions(cs.searchText, criteria.words)),
          )
          .orderBy(sql`${column} desc nulls first`, sql`${cs.influencerId} desc nulls first`)
          .limit(criteria.limit),
      );
    },

    /**
     * Figures of these creators on one platform and whether `advertiserId` favourited them, in
     * one query: a creator without a search row for the platform has no figures.
     */
    async findCardFigures(
      db: DbOrTx,
      advertiserId: number,
      ids: number[],
      platform: Platform,
    ): Promise<Map<number, CardFigures>> {
      if (ids.length === 0) return new Map();
      const cs = creatorSearch;
      const result = await db.execute(sql`
        select wanted.id as influencer_id,
          ${cs.followersCount} as followers_count, ${cs.postsCount} as posts_count,
          ${cs.avgLikes} as avg_likes, ${cs.avgComments} as avg_comments,
          ${cs.avgVideoViews} as avg_video_views, ${cs.engagementRate}::text as engagement_rate,
          ${cs.personsReached} as persons_reached, ${cs.statsSource} as stats_source,
          ${cs.statsUpdatedAt} as stats_updated_at,
          exists (
            select 1 from ${favorites}
            where ${favorites.advertiserId} = ${advertiserId}::integer
              and ${favorites.influencerId} = wanted.id
          ) as is_favorite
        from unnest(${sql.param(ids)}::integer[]) as wanted(id)
        left join ${cs} on ${cs.influencerId} = wanted.id and ${cs.platform} = ${platform}`);
      const cards = new Map<number, CardFigures>();
      for (const row of rowsOf(result)) {
        const updatedAt = row.stats_updated_at;
        cards.set(Number(row.influencer_id), {
          isFavorite: row.is_favorite === true,
          figures:
            row.followers_count === null || row.followers_count === undefined
              ? null
              : {
                  followersCount: Number(row.followers_count),
                  postsCount: Number(row.posts_count),
                  avgLikes: Number(row.avg_likes),
                  avgComments: Number(row.avg_comments),
                  avgVideoViews: Number(row.avg_video_views),
                  engagementRate: String(row.engagement_rate),
                  personsReached: Number(row.persons_reached),
                  source:
                    row.stats_source === 'declared' || row.stats_source === 'verified'
                      ? row.stats_source
                      : null,
                  updatedAt:
                    updatedAt === null || updatedAt === undefined
                      ? null
                      : new Date(updatedAt as string | Date),
                },
        });
      }
      return cards;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

import {
  and,
  arrayOverlaps,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SearchFilters, SearchOrder } from '@clipmarket/contracts/discovery';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { files } from '../media/media.schema.js';
import { categories } from '../reference-data/reference-data.schema.js';
import { advertisers, influencerCategories, influencers, users } from '../users/users.schema.js';
import {
  creatorSearch,
  favorites,
  searchHistory,
  shortListInfluencers,
  shortLists,
} from './discovery.schema.js';

export type Platform = 'instagram' | 'tiktok';
export type Gender = 'F' | 'M';
export type CategoryLabelColumn = 'labelEn' | 'labelFr' | 'labelAr';

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

export interface QuotaRow {
  id: number;
  searchCount: number;
  maxSearchCount: number;
  freeTrialExpireDate: string | null;
  accountValidityFrom: string | null;
  accountValidityTo: string | null;
}

export interface CardRow {
  influencerId: number;
  influencerName: string | null;
  firstName: string | null;
  lastName: string | null;
  igUsername: string | null;
  tiktokUsername: string | null;
  gender: Gender | null;
  ageInterval: string | null;
  country: string | null;
  city: string | null;
  countryOfOrigin: string | null;
  file: { id: number; token: string; fileExtension: string; originalName: string } | null;
  /** In the categories' display order, labelled in the asked language. */
  categories: { id: number; label: string }[];
  /** Whether the advertiser the cards are for has favourited this creator. */
  isFavorite: boolean;
  /** Null when the creator has no search row for the platform (no username on it). */
  stats: {
    followersCount: number;
    postsCount: number;
    avgLikes: number;
    avgComments: number;
    avgVideoViews: number;
    engagementRate: string;
    personsReached: number;
    source: 'declared' | 'verified' | null;
    updatedAt: Date | null;
  } | null;
}

export type ShortListRow = typeof shortLists.$inferSelect;

const orderColumns = {
  followers_count: creatorSearch.followersCount,
  avg_video_views: creatorSearch.avgVideoViews,
  engagement_rate: creatorSearch.engagementRate,
} as const;

const quotaColumns = {
  id: advertisers.id,
  searchCount: advertisers.searchCount,
  maxSearchCount: advertisers.maxSearchCount,
  freeTrialExpireDate: advertisers.freeTrialExpireDate,
  accountValidityFrom: advertisers.accountValidityFrom,
  accountValidityTo: advertisers.accountValidityTo,
};

/** Rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

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
  const conditions: (SQL | undefined)[] = [eq(cs.platform, c.platform)];
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

/** The only SQL of the discovery module; the same queries run on the database or in a transaction. */
function createDiscoveryQueries(db: DbOrTx) {
  return {
    async findAdvertiserByUser(userId: number): Promise<QuotaRow | undefined> {
      const [row] = await db
        .select(quotaColumns)
        .from(advertisers)
        .where(eq(advertisers.userId, userId))
        .limit(1);
      return row;
    },

    async findAdvertiser(advertiserId: number): Promise<QuotaRow | undefined> {
      const [row] = await db
        .select(quotaColumns)
        .from(advertisers)
        .where(eq(advertisers.id, advertiserId))
        .limit(1);
      return row;
    },

    /**
     * Counts one search if the advertiser may search today and records it in the history, in
     * one statement that is its own transaction: it locks the advertiser row, so concurrent
     * searches serialise on it and none can pass the limit, and it frees the row as soon as it
     * ends (a row held across round trips queued every other search of that advertiser behind
     * them). The condition is the service's quota rule (`quotaOf`): a paid period running, or a
     * trial neither expired nor used up. Undefined when refused, and then nothing is written.
     *
     * The history keeps the newest `keep` searches and skips one equal to the last (jsonb
     * equality: key order does not matter). Its rows are read as they were when the statement
     * began, before the insert (hence `keep - 1` older ones kept beside the new one) and, when
     * it waited for the row, before the search it waited for: two identical searches of one
     * advertiser at the same instant may both be recorded.
     */
    async countAndRecordSearch(
      advertiserId: number,
      today: string,
      filters: SearchFilters,
      keep: number,
    ): Promise<QuotaRow | undefined> {
      const a = advertisers;
      const allowed = and(
        eq(a.id, advertiserId),
        or(
          and(
            or(isNull(a.accountValidityFrom), lte(a.accountValidityFrom, today)),
            gte(a.accountValidityTo, today),
          ),
          and(
            or(isNull(a.freeTrialExpireDate), gte(a.freeTrialExpireDate, today)),
            lt(a.searchCount, a.maxSearchCount),
          ),
        ),
      );
      const json = JSON.stringify(filters);
      // The count does not wait for its WAL flush: a crash could at worst forget the last
      // searches' counts (a free search or two), while every search would otherwise hold the
      // advertiser's row for a disk flush and queue that advertiser's other searches behind it.
      // Set for this statement's own transaction (set_config local, read at its commit), so
      // the whole count is one round trip.
      const result = await db.execute(sql`
        with relaxed as (select set_config('synchronous_commit', 'off', true)),
        counted as (
          update ${a} set search_count = search_count + 1
          from relaxed
          where ${allowed}
          returning id, search_count, max_search_count, free_trial_expire_date::text,
            account_validity_from::text, account_validity_to::text
        ),
        inserted as (
          insert into ${searchHistory} (advertiser_id, filters)
          select counted.id, ${json}::jsonb
          from counted
          where not exists (
            select 1
            from (
              select h.filters from ${searchHistory} h
              where h.advertiser_id = ${advertiserId}::integer
              order by h.id desc
              limit 1
            ) last
            where last.filters = ${json}::jsonb
          )
          returning id
        ),
        trimmed as (
          delete from ${searchHistory}
          where advertiser_id = ${advertiserId}::integer
            and exists (select 1 from inserted)
            and id not in (
              select h.id from ${searchHistory} h
              where h.advertiser_id = ${advertiserId}::integer
              order by h.id desc
              limit ${keep - 1}::integer
            )
        )
        select * from counted`);
      const row = rowsOf(result)[0];
      if (!row) return undefined;
      const date = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        id: Number(row.id),
        searchCount: Number(row.search_count),
        maxSearchCount: Number(row.max_search_count),
        freeTrialExpireDate: date(row.free_trial_expire_date),
        accountValidityFrom: date(row.account_validity_from),
        accountValidityTo: date(row.account_validity_to),
      };
    },

    async listSearchHistory(
      advertiserId: number,
      limit: number,
    ): Promise<{ id: number; filters: SearchFilters; createdAt: Date }[]> {
      return db
        .select({
          id: searchHistory.id,
          filters: searchHistory.filters,
          createdAt: searchHistory.createdAt,
        })
        .from(searchHistory)
        .where(eq(searchHistory.advertiserId, advertiserId))
        .orderBy(desc(searchHistory.id))
        .limit(limit);
    },

    /**
     * Folds free text as the stored search text is folded, and sets the word-similarity
     * threshold for the rest of the transaction (`<%`). Must run inside a transaction.
     */
    async prepareTextSearch(text: string, threshold: number): Promise<string> {
      const result = await db.execute(sql`
        select creator_search_normalize(${text}::text) as normalized,
               set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}::text, true)`);
      const normalized = rowsOf(result)[0]?.normalized;
      return typeof normalized === 'string' ? normalized : '';
    },

    /** One page in the chosen order (DESC, ties by id DESC), from the keyset position on. */
    async searchPage(criteria: SearchCriteria): Promise<SearchPageRow[]> {
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
     * Cards of these creators for an advertiser, with one platform's figures, in no particular
     * order: one query, the categories and the heart read beside each card.
     */
    async findCards(
      advertiserId: number,
      ids: number[],
      platform: Platform,
      label: CategoryLabelColumn,
    ): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      const cs = creatorSearch;
      const rows = await db
        .select({
          influencerId: influencers.id,
          influencerName: influencers.influencerName,
          firstName: influencers.firstName,
          lastName: influencers.lastName,
          igUsername: influencers.igUsername,
          tiktokUsername: influencers.tiktokUsername,
          gender: influencers.gender,
          ageInterval: influencers.ageInterval,
          country: influencers.country,
          city: influencers.city,
          countryOfOrigin: influencers.countryOfOrigin,
          fileId: files.id,
          fileToken: files.token,
          fileExtension: files.fileExtension,
          fileOriginalName: files.originalName,
          followersCount: cs.followersCount,
          postsCount: cs.postsCount,
          avgLikes: cs.avgLikes,
          avgComments: cs.avgComments,
          avgVideoViews: cs.avgVideoViews,
          engagementRate: cs.engagementRate,
          personsReached: cs.personsReached,
          statsSource: cs.statsSource,
          statsUpdatedAt: cs.statsUpdatedAt,
          categories: sql<{ id: number; label: string }[]>`(
            select coalesce(
              json_agg(json_build_object('id', ${categories.id}, 'label', ${categories[label]})
                order by ${categories.sortOrder}, ${categories.id}),
              '[]'::json)
            from ${influencerCategories}
            join ${categories} on ${categories.id} = ${influencerCategories.categoryId}
            where ${influencerCategories.influencerId} = ${influencers.id})`,
          isFavorite: sql<boolean>`exists (
            select 1 from ${favorites}
            where ${favorites.advertiserId} = ${advertiserId}::integer
              and ${favorites.influencerId} = ${influencers.id})`,
        })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .leftJoin(files, eq(files.id, users.profileFileId))
        .leftJoin(cs, and(eq(cs.influencerId, influencers.id), eq(cs.platform, platform)))
        .where(inArray(influencers.id, ids));
      return rows.map((row) => ({
        influencerId: row.influencerId,
        influencerName: row.influencerName,
        firstName: row.firstName,
        lastName: row.lastName,
        igUsername: row.igUsername,
        tiktokUsername: row.tiktokUsername,
        gender: row.gender,
        ageInterval: row.ageInterval,
        country: row.country,
        city: row.city,
        countryOfOrigin: row.countryOfOrigin,
        file:
          row.fileId !== null &&
          row.fileToken !== null &&
          row.fileExtension !== null &&
          row.fileOriginalName !== null
            ? {
                id: row.fileId,
                token: row.fileToken,
                fileExtension: row.fileExtension,
                originalName: row.fileOriginalName,
              }
            : null,
        stats:
          row.followersCount === null
            ? null
            : {
                followersCount: row.followersCount,
                postsCount: row.postsCount ?? 0,
                avgLikes: row.avgLikes ?? 0,
                avgComments: row.avgComments ?? 0,
                avgVideoViews: row.avgVideoViews ?? 0,
                engagementRate: row.engagementRate ?? '0',
                personsReached: row.personsReached ?? 0,
                source: row.statsSource,
                updatedAt: row.statsUpdatedAt,
              },
        categories: row.categories,
        isFavorite: row.isFavorite,
      }));
    },

    async influencerExists(influencerId: number): Promise<boolean> {
      const rows = await db
        .select({ id: influencers.id })
        .from(influencers)
        .where(eq(influencers.id, influencerId))
        .limit(1);
      return rows.length > 0;
    },

    /** Newest first. */
    async listFavoriteIds(advertiserId: number): Promise<number[]> {
      const rows = await db
        .select({ id: favorites.influencerId })
        .from(favorites)
        .where(eq(favorites.advertiserId, advertiserId))
        .orderBy(desc(favorites.createdAt), desc(favorites.influencerId));
      return rows.map((row) => row.id);
    },

    async deleteFavorite(advertiserId: number, influencerId: number): Promise<boolean> {
      const rows = await db
        .delete(favorites)
        .where(
          and(eq(favorites.advertiserId, advertiserId), eq(favorites.influencerId, influencerId)),
        )
        .returning({ id: favorites.influencerId });
      return rows.length > 0;
    },

    async insertFavorite(advertiserId: number, influencerId: number): Promise<void> {
      await db.insert(favorites).values({ advertiserId, influencerId }).onConflictDoNothing();
    },

    async listShortLists(advertiserId: number): Promise<ShortListRow[]> {
      return db
        .select()
        .from(shortLists)
        .where(eq(shortLists.advertiserId, advertiserId))
        .orderBy(desc(shortLists.createdAt), desc(shortLists.id));
    },

    /** The list if it is this advertiser's; `lock` holds it until the transaction ends. */
    async findShortList(
      advertiserId: number,
      shortListId: number,
      options: { lock?: boolean } = {},
    ): Promise<ShortListRow | undefined> {
      const query = db
        .select()
        .from(shortLists)
        .where(and(eq(shortLists.id, shortListId), eq(shortLists.advertiserId, advertiserId)))
        .limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Whether another list of the advertiser has this name, whatever the case. */
    async isShortListNameTaken(
      advertiserId: number,
      name: string,
      exceptId?: number,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: shortLists.id })
        .from(shortLists)
        .where(
          and(
            eq(shortLists.advertiserId, advertiserId),
            eq(sql`lower(${shortLists.name})`, name.toLowerCase()),
            exceptId === undefined ? undefined : ne(shortLists.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertShortList(advertiserId: number, name: string): Promise<ShortListRow> {
      const [row] = await db.insert(shortLists).values({ advertiserId, name }).returning();
      if (!row) throw new Error('insert into short_lists returned no row');
      return row;
    },

    async renameShortList(shortListId: number, name: string): Promise<ShortListRow> {
      const [row] = await db
        .update(shortLists)
        .set({ name, updatedAt: new Date() })
        .where(eq(shortLists.id, shortListId))
        .returning();
      if (!row) throw new Error('update of short_lists returned no row');
      return row;
    },

    async touchShortList(shortListId: number): Promise<ShortListRow> {
      const [row] = await db
        .update(shortLists)
        .set({ updatedAt: new Date() })
        .where(eq(shortLists.id, shortListId))
        .returning();
      if (!row) throw new Error('update of short_lists returned no row');
      return row;
    },

    async deleteShortList(advertiserId: number, shortListId: number): Promise<boolean> {
      const rows = await db
        .delete(shortLists)
        .where(and(eq(shortLists.id, shortListId), eq(shortLists.advertiserId, advertiserId)))
        .returning({ id: shortLists.id });
      return rows.length > 0;
    },

    /** Members of these lists, most recently added first within each list. */
    async listShortListMembers(
      shortListIds: number[],
    ): Promise<{ shortListId: number; influencerId: number }[]> {
      if (shortListIds.length === 0) return [];
      return db
        .select({
          shortListId: shortListInfluencers.shortListId,
          influencerId: shortListInfluencers.influencerId,
        })
        .from(shortListInfluencers)
        .where(inArray(shortListInfluencers.shortListId, shortListIds))
        .orderBy(desc(shortListInfluencers.createdAt), desc(shortListInfluencers.influencerId));
    },

    async isShortListMember(shortListId: number, influencerId: number): Promise<boolean> {
      const rows = await db
        .select({ id: shortListInfluencers.influencerId })
        .from(shortListInfluencers)
        .where(
          and(
            eq(shortListInfluencers.shortListId, shortListId),
            eq(shortListInfluencers.influencerId, influencerId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async countShortListMembers(shortListId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::integer` })
        .from(shortListInfluencers)
        .where(eq(shortListInfluencers.shortListId, shortListId));
      return Number(row?.count ?? 0);
    },

    async addShortListMember(shortListId: number, influencerId: number): Promise<void> {
      await db
        .insert(shortListInfluencers)
        .values({ shortListId, influencerId })
        .onConflictDoNothing();
    },

    async removeShortListMember(shortListId: number, influencerId: number): Promise<boolean> {
      const rows = await db
        .delete(shortListInfluencers)
        .where(
          and(
            eq(shortListInfluencers.shortListId, shortListId),
            eq(shortListInfluencers.influencerId, influencerId),
          ),
        )
        .returning({ id: shortListInfluencers.influencerId });
      return rows.length > 0;
    },
  };
}

export type DiscoveryQueries = ReturnType<typeof createDiscoveryQueries>;

export function createDiscoveryRepository(db: Db) {
  return {
    ...createDiscoveryQueries(db),
    /** Runs `work` in one database transaction with the same queries bound to it. */
    transaction<T>(work: (tx: DiscoveryQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createDiscoveryQueries(tx)));
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;

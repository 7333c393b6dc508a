import {
  and,
  arrayOverlaps,
  asc,
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
  followers: NumberRange[];
  engagement: NumberRange[];
  reached: NumberRange[];
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

function inRanges(
  column: typeof creatorSearch.followersCount | typeof creatorSearch.personsReached,
  ranges: NumberRange[],
) {
  return or(
    ...ranges.map((r) => and(gte(column, r.min), r.max === null ? undefined : lt(column, r.max))),
  );
}

/** Where-conditions of a search; each one can be answered from an index of creator_search. */
function searchConditions(c: SearchCriteria): SQL[] {
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
  if (c.followers.length > 0) conditions.push(inRanges(cs.followersCount, c.followers));
  // numeric compared with numeric parameters: no float rounding at band edges (0.99 vs 1).
  if (c.engagement.length > 0) {
    conditions.push(
      or(
        ...c.engagement.map((r) =>
          and(
            sql`${cs.engagementRate} >= ${String(r.min)}::numeric`,
            r.max === null ? undefined : sql`${cs.engagementRate} < ${String(r.max)}::numeric`,
          ),
        ),
      ),
    );
  }
  if (c.reached.length > 0) conditions.push(inRanges(cs.personsReached, c.reached));
  for (const word of c.words) {
    // Trigram word similarity forgives typos; the substring test catches short fragments
    // (an exact piece of a username) that have too few trigrams to be similar enough.
    conditions.push(
      sql`(${word} <% ${cs.searchText} or ${cs.searchText} like ${`%${escapeLike(word)}%`})`,
    );
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
     * Counts one search if the advertiser may search today, in one statement: concurrent
     * searches serialise on the row and none can pass the limit. The condition is the
     * service's quota rule (`quotaOf`): a paid period running, or a trial neither expired nor
     * used up. Undefined when refused.
     */
    async countSearch(advertiserId: number, today: string): Promise<QuotaRow | undefined> {
      const a = advertisers;
      const [row] = await db
        .update(a)
        .set({ searchCount: sql`${a.searchCount} + 1` })
        .where(
          and(
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
          ),
        )
        .returning(quotaColumns);
      return row;
    },

    /**
     * Records a search unless it equals the advertiser's last one (jsonb equality: key order
     * does not matter), then keeps only the newest `keep`. Callers hold the advertiser row
     * (counted in the same transaction), so two searches cannot both see the same "last".
     */
    async recordSearch(advertiserId: number, filters: SearchFilters, keep: number): Promise<void> {
      const json = JSON.stringify(filters);
      const inserted = await db.execute(sql`
        insert into ${searchHistory} (advertiser_id, filters)
        select ${advertiserId}::integer, ${json}::jsonb
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
        returning id`);
      if (rowsOf(inserted).length === 0) return;
      await db.execute(sql`
        delete from ${searchHistory}
        where advertiser_id = ${advertiserId}::integer
          and id not in (
            select h.id from ${searchHistory} h
            where h.advertiser_id = ${advertiserId}::integer
            order by h.id desc
            limit ${keep}::integer
          )`);
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
      const column = orderColumns[criteria.order];
      // "desc nulls last" matches the indexes drizzle-kit wrote, so the planner walks them.
      return db
        .select({
          influencerId: creatorSearch.influencerId,
          sortValue: sql<string>`${column}::text`,
        })
        .from(creatorSearch)
        .where(and(...searchConditions(criteria)))
        .orderBy(sql`${column} desc nulls last`, sql`${creatorSearch.influencerId} desc nulls last`)
        .limit(criteria.limit);
    },

    /** Cards of these creators with one platform's figures, in no particular order. */
    async findCards(
      ids: number[],
      platform: Platform,
      label: CategoryLabelColumn,
    ): Promise<{ cards: CardRow[]; categories: Map<number, { id: number; label: string }[]> }> {
      if (ids.length === 0) return { cards: [], categories: new Map() };
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
        })
        .from(influencers)
        .innerJoin(users, eq(users.id, influencers.userId))
        .leftJoin(files, eq(files.id, users.profileFileId))
        .leftJoin(cs, and(eq(cs.influencerId, influencers.id), eq(cs.platform, platform)))
        .where(inArray(influencers.id, ids));
      const categoryRows = await db
        .select({
          influencerId: influencerCategories.influencerId,
          id: categories.id,
          label: categories[label],
        })
        .from(influencerCategories)
        .innerJoin(categories, eq(categories.id, influencerCategories.categoryId))
        .where(inArray(influencerCategories.influencerId, ids))
        .orderBy(asc(categories.sortOrder), asc(categories.id));
      const byInfluencer = new Map<number, { id: number; label: string }[]>();
      for (const row of categoryRows) {
        const list = byInfluencer.get(row.influencerId) ?? [];
        list.push({ id: row.id, label: row.label });
        byInfluencer.set(row.influencerId, list);
      }
      return {
        cards: rows.map((row) => ({
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
        })),
        categories: byInfluencer,
      };
    },

    async influencerExists(influencerId: number): Promise<boolean> {
      const rows = await db
        .select({ id: influencers.id })
        .from(influencers)
        .where(eq(influencers.id, influencerId))
        .limit(1);
      return rows.length > 0;
    },

    /** Which of these creators the advertiser has favourited. */
    async findFavoriteIdsAmong(advertiserId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: favorites.influencerId })
        .from(favorites)
        .where(and(eq(favorites.advertiserId, advertiserId), inArray(favorites.influencerId, ids)));
      return new Set(rows.map((row) => row.id));
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

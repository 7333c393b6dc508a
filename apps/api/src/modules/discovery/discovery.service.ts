import type { z } from 'zod';
import {
  followersRangeOf,
  SEARCH_HISTORY_SIZE,
  searchFiltersSchema,
  SHORT_LIST_MAX_INFLUENCERS,
  type InfluencerCard,
  type SearchFilters,
  type SearchHistoryEntry,
  type SearchInfluencersResponse,
  type SearchQuota,
  type ShortList,
  searchInfluencersBodySchema,
} from '@clipmarket/contracts/discovery';
import { ageIntervals, genders, sizeBandOf, sizeBands } from '@clipmarket/contracts/enums';
import {
  communityBands,
  communityBandValues,
  engagementBands,
  engagementBandValues,
  sizeBandValues,
} from '@clipmarket/contracts/reference-data';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { LabelLanguage } from '../users/index.js';
import type {
  BandFilter,
  CardRow,
  CategoryLabelColumn,
  DiscoveryRepository,
  Gender,
  NumberRange,
  Platform,
  QuotaRow,
  SearchCriteria,
  ShortListRow,
} from './discovery.repository.js';
import type { SearchCursors } from './search-cursor.js';

export type SearchBody = z.output<typeof searchInfluencersBodySchema>;

/**
 * pg_trgm word similarity a typed word needs to match a name or username. 0.4 forgives one
 * wrong, missing or swapped letter in names of six letters and more ("trablesi" finds
 * "trabelsi") without letting unrelated names of the same length through.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** Words of the free text that are matched; further words are ignored. */
const MAX_QUERY_WORDS = 8;

const labelColumns: Record<LabelLanguage, CategoryLabelColumn> = {
  en: 'labelEn',
  fr: 'labelFr',
  ar: 'labelAr',
};

/** Calendar day (UTC) the quota dates are compared with, as sign-up writes them. */
function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** The values of `chosen` in the reference order of `all`. */
function inOrderOf<T>(chosen: readonly T[], all: readonly T[]): T[] {
  return all.filter((value) => chosen.includes(value));
}

/**
 * One spelling per search, so that history compares like with like and a cursor stays valid
 * for the same search asked in another order: lists deduplicated and sorted, cities without
 * any chosen city dropped, an empty text removed.
 */
export function canonicalFilters(filters: SearchFilters): SearchFilters {
  const city: Record<string, string[]> = {};
  for (const country of Object.keys(filters.city).sort()) {
    const cities = unique(filters.city[country] ?? []).sort();
    if (cities.length > 0) city[country] = cities;
  }
  const q = filters.q?.trim();
  return {
    platform: filters.platform,
    categories: unique(filters.categories).sort((a, b) => a - b),
    gender: inOrderOf(filters.gender, genders),
    age: unique(filters.age).sort(),
    origin: unique(filters.origin).sort(),
    residence: unique(filters.residence).sort(),
    city,
    followersCount: inOrderOf(filters.followersCount, sizeBandValues),
    engagementRate: inOrderOf(filters.engagementRate, engagementBandValues),
    personReached: inOrderOf(filters.personReached, communityBandValues),
    order_by: filters.order_by,
    ...(q ? { q } : {}),
  };
}

/**
 * Chosen bands as the repository reads them: their ordinals in the contract's list (the
 * generated band columns) and their ranges (max exclusive, as the engagement and community
 * bands are written; size bands pass their own, whose max is inclusive).
 */
function bandFilterOf<Value extends string>(
  selected: readonly Value[],
  bands: readonly { value: Value; min: number; max: number | null }[],
  rangeOf: (value: Value) => NumberRange = (value) => {
    const { min, max } = bands.find((band) => band.value === value)!;
    return { min, max };
  },
): BandFilter {
  const ordinals = bands.flatMap((band, ordinal) =>
    selected.includes(band.value) ? [ordinal] : [],
  );
  return { ordinals, ranges: ordinals.map((ordinal) => rangeOf(bands[ordinal]!.value)) };
}

/**
 * Spec §3 filters as query criteria. Values of one filter are alternatives (OR), filters
 * combine (AND). Ages: a plain band (`25-35`) matches any gender, a tied band (`F:18-25`)
 * only that gender, so "women 18-25 and men 25-35" can be asked for. Residence: a country
 * with chosen cities matches only those cities, a country without any matches all of them;
 * a country that only appears in `city` counts as a chosen residence.
 */
function criteriaOf(filters: SearchFilters): Omit<SearchCriteria, 'words' | 'after' | 'limit'> {
  const plainAges: string[] = [];
  const tied = new Map<Gender, string[]>();
  for (const value of filters.age) {
    const [gender, band] = value.includes(':') ? value.split(':') : [null, value];
    if (!band) continue;
    if (gender === 'F' || gender === 'M') tied.set(gender, [...(tied.get(gender) ?? []), band]);
    else plainAges.push(band);
  }
  const residence = unique([...filters.residence, ...Object.keys(filters.city)]);
  return {
    platform: filters.platform,
    categoryIds: filters.categories,
    genders: filters.gender,
    plainAges,
    agesByGender: [...tied].map(([gender, ages]) => ({ gender, ages })),
    origins: filters.origin,
    anyCityCountries: residence.filter((country) => !filters.city[country]?.length),
    citiesByCountry: Object.entries(filters.city).map(([country, cities]) => ({
      country,
      cities,
    })),
    followers: bandFilterOf(filters.followersCount, sizeBands, followersRangeOf),
    engagement: bandFilterOf(filters.engagementRate, engagementBands),
    reached: bandFilterOf(filters.personReached, communityBands),
    order: filters.order_by,
  };
}

/** Words of the folded text; a leading "@" (as usernames are often written) is not part of it. */
function wordsOf(normalized: string): string[] {
  return unique(
    normalized
      .split(' ')
      .map((word) => word.replace(/^@+/, ''))
      .filter((word) => word.length > 0),
  ).slice(0, MAX_QUERY_WORDS);
}

function isSubscribed(row: QuotaRow, today: string): boolean {
  return (
    row.accountValidityTo !== null &&
    row.accountValidityTo >= today &&
    (row.accountValidityFrom === null || row.accountValidityFrom <= today)
  );
}

/**
 * Spec §3 "Quota". A paid period (account_validity_from … to, a missing start meaning "since
 * always") allows unlimited searches; otherwise the free trial allows `max_search_count`
 * searches until `free_trial_expire_date` included. The same rule, as SQL, guards the count
 * (`countAndRecordSearch`).
 */
export function quotaOf(row: QuotaRow, today: string): SearchQuota {
  const subscribed = isSubscribed(row, today);
  const expired =
    !subscribed && row.freeTrialExpireDate !== null && row.freeTrialExpireDate < today;
  const left = Math.max(0, row.maxSearchCount - row.searchCount);
  return {
    status: subscribed ? 'subscribed' : expired ? 'expired' : left === 0 ? 'exhausted' : 'trial',
    search_count: row.searchCount,
    max_search_count: row.maxSearchCount,
    remaining: subscribed ? null : expired ? 0 : left,
    free_trial_expire_date: row.freeTrialExpireDate,
    account_validity_from: row.accountValidityFrom,
    account_validity_to: row.accountValidityTo,
  };
}

function refusalOf(row: QuotaRow, today: string): AppError {
  if (quotaOf(row, today).status === 'expired') {
    return new AppError(
      'SEARCH_TRIAL_EXPIRED',
      `Your free trial ended on ${row.freeTrialExpireDate}. Subscribe to keep searching for creators.`,
    );
  }
  return new AppError(
    'SEARCH_QUOTA_EXHAUSTED',
    `You have used all ${row.maxSearchCount} searches of your free trial. Subscribe to keep searching for creators.`,
  );
}

function nameTaken(name: string): AppError {
  const message = `You already have a shortlist named "${name}"`;
  return new AppError('NAME_TAKEN', message, [{ field: 'name', message }]);
}

/** Stored bands may predate the form's spelling ("45plus", spec §3). */
function toAgeInterval(value: string | null): InfluencerCard['age_intervale'] {
  const band = value === '45plus' ? '45+' : value;
  return ageIntervals.find((known) => known === band) ?? null;
}

/** Public fields only: a card never carries CIN, payout numbers, address, phone or e-mail. */
function toCard(row: CardRow, platform: Platform): InfluencerCard {
  const stats = row.stats;
  const followers = stats?.followersCount ?? 0;
  return {
    influencer_id: row.influencerId,
    influencer_name: row.influencerName,
    first_name: row.firstName,
    last_name: row.lastName,
    ig_username: row.igUsername,
    tiktok_username: row.tiktokUsername,
    efile: row.file
      ? {
          file_id: row.file.id,
          token: row.file.token,
          file_extension: row.file.fileExtension,
          original_name: row.file.originalName,
        }
      : null,
    categories: row.categories.map((c) => ({ category_id: c.id, label: c.label })),
    gender: row.gender,
    age_intervale: toAgeInterval(row.ageInterval),
    country: row.country,
    city: row.city,
    country_of_origin: row.countryOfOrigin,
    platform,
    size_band: sizeBandOf(followers),
    followers_count: followers,
    posts_count: stats?.postsCount ?? 0,
    avg_likes: stats?.avgLikes ?? 0,
    avg_comments: stats?.avgComments ?? 0,
    avg_video_views: stats?.avgVideoViews ?? 0,
    engagement_rate: Number(stats?.engagementRate ?? 0),
    persons_reached: stats?.personsReached ?? 0,
    stats_source: stats?.source ?? null,
    stats_updated_at: stats?.updatedAt ? new Date(stats.updatedAt).toISOString() : null,
    is_favorite: row.isFavorite,
  };
}

function toShortList(row: ShortListRow, influencerIds: number[]): ShortList {
  return {
    short_list_id: row.id,
    name: row.name,
    influencer_ids: influencerIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createDiscoveryService(deps: {
  repo: DiscoveryRepository;
  cursors: SearchCursors;
  /** The clock quota dates are read against; tests may pin it. */
  now?: () => Date;
}) {
  const { repo, cursors } = deps;
  const now = deps.now ?? (() => new Date());

  async function advertiserOf(userId: number): Promise<QuotaRow> {
    const advertiser = await repo.findAdvertiserByUser(userId);
    if (!advertiser) throw notFound('Advertiser profile');
    return advertiser;
  }

  /** Cards in the order of `ids`; creators deleted meanwhile are left out. */
  async function cardsOf(
    advertiserId: number,
    ids: number[],
    platform: Platform,
    language: LabelLanguage,
  ): Promise<InfluencerCard[]> {
    const cards = await repo.findCards(advertiserId, ids, platform, labelColumns[language]);
    const byId = new Map(cards.map((card) => [card.influencerId, card]));
    return ids.flatMap((id) => {
      const card = byId.get(id);
      return card ? [toCard(card, platform)] : [];
    });
  }

  async function membersOf(lists: ShortListRow[]): Promise<Map<number, number[]>> {
    const members = new Map<number, number[]>(lists.map((list) => [list.id, []]));
    for (const row of await repo.listShortListMembers(lists.map((list) => list.id))) {
      members.get(row.shortListId)?.push(row.influencerId);
    }
    return members;
  }

  async function shortListOf(row: ShortListRow): Promise<ShortList> {
    return toShortList(row, (await membersOf([row])).get(row.id) ?? []);
  }

  return {
    /**
     * POST /v2/search/influencers. Without a cursor: a new search, counted in the quota and
     * recorded in the history by one statement once its page is read, so a refused or failed
     * search changes nothing. With a cursor: the next page of that same search, free.
     */
    async search(
      userId: number,
      body: SearchBody,
      language: LabelLanguage,
    ): Promise<SearchInfluencersResponse['data']> {
      const { cursor, limit, ...wanted } = body;
      const filters = canonicalFilters(wanted);
      const advertiser = await advertiserOf(userId);
      const scope = `${advertiser.id}:${JSON.stringify(filters)}`;
      // Checked before anything is written: a bad cursor is a 400 that costs nothing.
      const after = cursor ? cursors.decode(scope, filters.order_by, cursor) : null;
      const today = todayOf(now());

      // Known refusals cost no query (the count below stays the rule under concurrency).
      const known = quotaOf(advertiser, today).status;
      if (!after && (known === 'expired' || known === 'exhausted')) {
        throw refusalOf(advertiser, today);
      }

      // One row more than asked tells whether a next page exists.
      const criteria = { ...criteriaOf(filters), after, limit: limit + 1 };
      const q = filters.q;
      const rows = q
        ? // The similarity threshold is set for a transaction: the page is read in the same.
          await repo.transaction(async (tx) =>
            tx.searchPage({
              ...criteria,
              words: wordsOf(await tx.prepareTextSearch(q, WORD_SIMILARITY_THRESHOLD)),
            }),
          )
        : await repo.searchPage({ ...criteria, words: [] });

      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > limit && last
          ? cursors.encode(scope, filters.order_by, {
              value: last.sortValue,
              id: last.influencerId,
            })
          : null;
      // Counted once the page is read, so a failed read costs nothing; the count holds the
      // advertiser row only for its own statement, while the cards are read beside it.
      const [counted, items] = await Promise.all([
        after
          ? advertiser
          : repo.countAndRecordSearch(advertiser.id, today, filters, SEARCH_HISTORY_SIZE),
        cardsOf(
          advertiser.id,
          page.map((row) => row.influencerId),
          filters.platform,
          language,
        ),
      ]);
      if (!counted) {
        throw refusalOf((await repo.findAdvertiser(advertiser.id)) ?? advertiser, today);
      }
      return { items, next_cursor: nextCursor, quota: quotaOf(counted, today) };
    },

    async getQuota(userId: number): Promise<SearchQuota> {
      return quotaOf(await advertiserOf(userId), todayOf(now()));
    },

    /** Newest first. Entries recorded under older filter rules are read with today's defaults. */
    async getHistory(userId: number): Promise<SearchHistoryEntry[]> {
      const advertiser = await advertiserOf(userId);
      const rows = await repo.listSearchHistory(advertiser.id, SEARCH_HISTORY_SIZE);
      return rows.flatMap((row) => {
        const parsed = searchFiltersSchema.safeParse(row.filters);
        if (!parsed.success) return [];
        return [
          {
            search_id: row.id,
            filters: canonicalFilters(parsed.data),
            created_at: row.createdAt.toISOString(),
          },
        ];
      });
    },

    /** "Creator favorised or disfavorised successfully" (spec §8). */
    async toggleFavorite(
      userId: number,
      influencerId: number,
    ): Promise<{ influencer_id: number; is_favorite: boolean }> {
      const advertiser = await advertiserOf(userId);
      return repo.transaction(async (tx) => {
        if (await tx.deleteFavorite(advertiser.id, influencerId)) {
          return { influencer_id: influencerId, is_favorite: false };
        }
        if (!(await tx.influencerExists(influencerId))) throw notFound('Creator');
        await tx.insertFavorite(advertiser.id, influencerId);
        return { influencer_id: influencerId, is_favorite: true };
      });
    },

    async listFavorites(
      userId: number,
      platform: Platform,
      language: LabelLanguage,
    ): Promise<InfluencerCard[]> {
      const advertiser = await advertiserOf(userId);
      const ids = await repo.listFavoriteIds(advertiser.id);
      return cardsOf(advertiser.id, ids, platform, language);
    },

    async listFavoriteIds(userId: number): Promise<number[]> {
      return repo.listFavoriteIds((await advertiserOf(userId)).id);
    },

    async listShortLists(userId: number): Promise<ShortList[]> {
      const advertiser = await advertiserOf(userId);
      const lists = await repo.listShortLists(advertiser.id);
      const members = await membersOf(lists);
      return lists.map((list) => toShortList(list, members.get(list.id) ?? []));
    },

    async createShortList(userId: number, name: string): Promise<ShortList> {
      const advertiser = await advertiserOf(userId);
      try {
        return await repo.transaction(async (tx) => {
          if (await tx.isShortListNameTaken(advertiser.id, name)) throw nameTaken(name);
          return toShortList(await tx.insertShortList(advertiser.id, name), []);
        });
      } catch (error) {
        // Lost a race with a simultaneous creation under the same name.
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
    },

    async renameShortList(userId: number, shortListId: number, name: string): Promise<ShortList> {
      const advertiser = await advertiserOf(userId);
      try {
        const row = await repo.transaction(async (tx) => {
          const list = await tx.findShortList(advertiser.id, shortListId, { lock: true });
          if (!list) throw notFound('Shortlist');
          if (await tx.isShortListNameTaken(advertiser.id, name, list.id)) throw nameTaken(name);
          return tx.renameShortList(list.id, name);
        });
        return await shortListOf(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
    },

    async deleteShortList(userId: number, shortListId: number): Promise<void> {
      const advertiser = await advertiserOf(userId);
      if (!(await repo.deleteShortList(advertiser.id, shortListId))) throw notFound('Shortlist');
    },

    async getShortList(
      userId: number,
      shortListId: number,
      platform: Platform,
      language: LabelLanguage,
    ): Promise<ShortList & { items: InfluencerCard[] }> {
      const advertiser = await advertiserOf(userId);
      const row = await repo.findShortList(advertiser.id, shortListId);
      if (!row) throw notFound('Shortlist');
      const list = await shortListOf(row);
      const items = await cardsOf(advertiser.id, list.influencer_ids, platform, language);
      return { ...list, items };
    },

    /** Idempotent: adding a creator already in the list changes nothing. */
    async addToShortList(
      userId: number,
      shortListId: number,
      influencerId: number,
    ): Promise<ShortList> {
      const advertiser = await advertiserOf(userId);
      const row = await repo.transaction(async (tx) => {
        // Locked: two adds at the limit cannot both pass the count.
        const list = await tx.findShortList(advertiser.id, shortListId, { lock: true });
        if (!list) throw notFound('Shortlist');
        if (!(await tx.influencerExists(influencerId))) throw notFound('Creator');
        if (await tx.isShortListMember(list.id, influencerId)) return list;
        if ((await tx.countShortListMembers(list.id)) >= SHORT_LIST_MAX_INFLUENCERS) {
          const message = `A shortlist holds at most ${SHORT_LIST_MAX_INFLUENCERS} creators`;
          throw new AppError('VALIDATION_FAILED', message, [{ field: 'influencer_id', message }]);
        }
        await tx.addShortListMember(list.id, influencerId);
        return tx.touchShortList(list.id);
      });
      return shortListOf(row);
    },

    /** Idempotent: removing a creator who is not in the list changes nothing. */
    async removeFromShortList(
      userId: number,
      shortListId: number,
      influencerId: number,
    ): Promise<ShortList> {
      const advertiser = await advertiserOf(userId);
      const row = await repo.transaction(async (tx) => {
        const list = await tx.findShortList(advertiser.id, shortListId, { lock: true });
        if (!list) throw notFound('Shortlist');
        if (!(await tx.removeShortListMember(list.id, influencerId))) return list;
        return tx.touchShortList(list.id);
      });
      return shortListOf(row);
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

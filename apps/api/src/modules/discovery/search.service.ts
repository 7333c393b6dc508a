import type { z } from 'zod';
import {
  SEARCH_HISTORY_SIZE,
  type SearchInfluencersResponse,
  searchInfluencersBodySchema,
} from '@clipmarket/contracts/discovery';
import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { cardsOf, type PriceSetsOf } from './cards.js';
import { createQuotaRepository } from './quota.repository.js';
import {
  findSearchQuota,
  isRepeatOfLastCounted,
  quotaOf,
  refusalOf,
  todayOf,
} from './quota.service.js';
import { createSearchRepository } from './search.repository.js';
import { canonicalFilters, criteriaOf, wordsOf } from './search-filters.js';
import type { SearchCursors } from './search-cursor.js';

export type SearchBody = z.output<typeof searchInfluencersBodySchema>;

/**
 * pg_trgm word similarity a typed word needs to match a name or username. 0.4 forgives one
 * wrong, missing or swapped letter in names of six letters and more ("trablesi" finds
 * "trabelsi") without letting unrelated names of the same length through.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

const searchRepository = createSearchRepository();
const quotaRepository = createQuotaRepository();

/** POST /search/influencers: filters, free text and keyset pages, within the quota. */
export function createSearchService(deps: {
  db: Db;
  cursors: SearchCursors;
  /** The advertiser of a user, or a 404 (see discovery.service.ts). */
  advertiserOf: (userId: number) => Promise<number>;
  now: () => Date;
  /** Creator prices' batched read, for the cards' prices. */
  priceSetsOf: PriceSetsOf;
}) {
  const { db, cursors, advertiserOf, now } = deps;

  return {
    /**
     * Without a cursor: a new search, counted in the quota and recorded in the history by one
     * statement once its page is read, so a refused or failed search changes nothing. With a
     * cursor: the next page of that same search, free.
     */
    async search(
      userId: number,
      body: SearchBody,
      language: ReferenceLanguage,
    ): Promise<SearchInfluencersResponse['data']> {
      const { cursor, limit, ...wanted } = body;
      const filters = canonicalFilters(wanted);
      const advertiserId = await advertiserOf(userId);
      const scope = `${advertiserId}:${JSON.stringify(filters)}`;
      // Checked before anything is written: a bad cursor is a 400 that costs nothing.
      const after = cursor ? cursors.decode(scope, filters.order_by, cursor) : null;
      const at = now();
      const today = todayOf(at);
      const quota = await findSearchQuota(db, advertiserId);

      // Known refusals cost no query (the count below stays the rule under concurrency). A
      // repeat of the last counted search is free, so a used-up trial still answers it.
      const known = quotaOf(quota, today).status;
      const isFreeRepeat = known === 'exhausted' && isRepeatOfLastCounted(quota, filters);
      if (
        !after &&
        !isFreeRepeat &&
        (known === 'expired' || known === 'exhausted' || known === 'not_started')
      ) {
        throw refusalOf(quota, today);
      }

      // One row more than asked tells whether a next page exists.
      const criteria = { ...criteriaOf(filters), after, limit: limit + 1 };
      const q = filters.q;
      const rows = q
        ? // The similarity threshold is set for a transaction: the page is read in the same.
          await inTransaction(db, async (tx) =>
            searchRepository.searchPage(tx, {
              ...criteria,
              words: wordsOf(
                await searchRepository.prepareTextSearch(tx, q, WORD_SIMILARITY_THRESHOLD),
              ),
            }),
          )
        : await searchRepository.searchPage(db, { ...criteria, words: [] });

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
      // quota row only for its own statement, while the cards are read beside it.
      const [counted, items] = await Promise.all([
        after
          ? quota
          : quotaRepository.countAndRecordSearch(
              db,
              advertiserId,
              today,
              filters,
              SEARCH_HISTORY_SIZE,
              at,
            ),
        cardsOf(
          db,
          advertiserId,
          page.map((row) => row.influencerId),
          filters.platform,
          language,
          deps.priceSetsOf,
        ),
      ]);
      if (!counted) throw refusalOf(await findSearchQuota(db, advertiserId), today);
      return { items, next_cursor: nextCursor, quota: quotaOf(counted, today) };
    },
  };
}

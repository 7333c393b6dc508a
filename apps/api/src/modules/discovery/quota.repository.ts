import { and, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SearchFilters } from '@clipmarket/contracts/discovery';
import type { DbOrTx } from '../../platform/db/client.js';
import { searchHistory, searchQuotas } from './discovery.schema.js';
import { rowsOf } from '../../platform/db/raw-rows.js';

/** An advertiser's quota as stored; dates are calendar days (YYYY-MM-DD). */
export interface QuotaRow {
  searchCount: number;
  maxSearchCount: number;
  freeTrialExpireDate: string | null;
  accountValidityFrom: string | null;
  accountValidityTo: string | null;
  /** The last counted search: the same filters again are free. */
  lastCountedFilters: SearchFilters | null;
  lastCountedAt: Date | null;
}

/** An advertiser without a quota row has neither a trial nor a paid period. */
export const noQuota: QuotaRow = {
  searchCount: 0,
  maxSearchCount: 0,
  freeTrialExpireDate: null,
  accountValidityFrom: null,
  accountValidityTo: null,
  lastCountedFilters: null,
  lastCountedAt: null,
};

const quotaColumns = {
  searchCount: searchQuotas.searchCount,
  maxSearchCount: searchQuotas.maxSearchCount,
  freeTrialExpireDate: searchQuotas.freeTrialExpireDate,
  accountValidityFrom: searchQuotas.accountValidityFrom,
  accountValidityTo: searchQuotas.accountValidityTo,
  lastCountedFilters: searchQuotas.lastCountedFilters,
  lastCountedAt: searchQuotas.lastCountedAt,
};

/** The search quota (search_quotas) and the search history (search_history). */
export function createQuotaRepository() {
  return {
    async findQuota(db: DbOrTx, advertiserId: number): Promise<QuotaRow | undefined> {
      const [row] = await db
        .select(quotaColumns)
        .from(searchQuotas)
        .where(eq(searchQuotas.advertiserId, advertiserId))
        .limit(1);
      return row;
    },

    /**
     * Opens a free trial: `searches` searches until `lastDay` included. A trial is given once:
     * an advertiser who already has a quota keeps it (and what it has used of it).
     */
    async insertFreeTrial(
      db: DbOrTx,
      advertiserId: number,
      trial: { lastDay: string; searches: number },
    ): Promise<void> {
      await db
        .insert(searchQuotas)
        .values({
          advertiserId,
          searchCount: 0,
          maxSearchCount: trial.searches,
          freeTrialExpireDate: trial.lastDay,
        })
        .onConflictDoNothing();
    },

    /**
     * Counts one search if the advertiser may search today and records it in the history, in
     * one statement that is its own transaction: it locks the quota row, so concurrent
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
      db: DbOrTx,
      advertiserId: number,
      today: string,
      filters: SearchFilters,
      keep: number,
      at: Date,
    ): Promise<QuotaRow | undefined> {
      const q = searchQuotas;
      const json = JSON.stringify(filters);
      const paidPeriod = and(
        or(isNull(q.accountValidityFrom), lte(q.accountValidityFrom, today)),
        gte(q.accountValidityTo, today),
      );
      const trialRunning = or(isNull(q.freeTrialExpireDate), gte(q.freeTrialExpireDate, today));
      // The same filters as the last counted search (jsonb equality: key order does not
      // matter; the filters are canonical, so list order does not either).
      const isRepeat = sql`(${q.lastCountedFilters} is not null
        and ${q.lastCountedFilters} = ${json}::jsonb)`;
      const allowed = and(
        eq(q.advertiserId, advertiserId),
        or(
          paidPeriod,
          and(trialRunning, lt(q.searchCount, q.maxSearchCount)),
          // A repeat costs nothing, so a used-up trial still shows it again (not an ended one).
          and(trialRunning, isRepeat),
        ),
      );
      // The count does not wait for its WAL flush: a crash could at worst forget the last
      // searches' counts (a free search or two), while every search would otherwise hold the
      // quota row for a disk flush and queue that advertiser's other searches behind it.
      // Set for this statement's own transaction (set_config local, read at its commit), so
      // the whole count is one round trip.
      const result = await db.execute(sql`
        with relaxed as (select set_config('synchronous_commit', 'off', true)),
        counted as (
          update ${q} set
            search_count = search_count + (case when ${isRepeat} then 0 else 1 end),
            last_counted_filters = case when ${isRepeat}
              then last_counted_filters else ${json}::jsonb end,
            last_counted_at = case when ${isRepeat}
              then last_counted_at else ${at.toISOString()}::timestamptz end
          from relaxed
          where ${allowed}
          returning advertiser_id, search_count, max_search_count,
            free_trial_expire_date::text, account_validity_from::text, account_validity_to::text,
            last_counted_filters, last_counted_at
        ),
        inserted as (
          insert into ${searchHistory} (advertiser_id, filters)
          select counted.advertiser_id, ${json}::jsonb
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
        searchCount: Number(row.search_count),
        maxSearchCount: Number(row.max_search_count),
        freeTrialExpireDate: date(row.free_trial_expire_date),
        accountValidityFrom: date(row.account_validity_from),
        accountValidityTo: date(row.account_validity_to),
        lastCountedFilters: (row.last_counted_filters ?? null) as SearchFilters | null,
        lastCountedAt:
          row.last_counted_at === null || row.last_counted_at === undefined
            ? null
            : new Date(row.last_counted_at as string | Date),
      };
    },

    async listSearchHistory(
      db: DbOrTx,
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
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;

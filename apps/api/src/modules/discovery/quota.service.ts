import {
  SEARCH_HISTORY_SIZE,
  type SearchFilters,
  searchFiltersSchema,
  type SearchHistoryEntry,
  type SearchQuota,
} from '@clipmarket/contracts/discovery';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { canonicalFilters } from './search-filters.js';
import { createQuotaRepository, noQuota, type QuotaRow } from './quota.repository.js';

export type { QuotaRow } from './quota.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const repository = createQuotaRepository();

/** Calendar day (UTC) the quota dates are compared with, as the trial's last day is written. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
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
 * (`countAndRecordSearch`). Without a trial nor a paid period (no quota row), the trial has
 * not started: it starts when the advertiser's e-mail address is verified (auth).
 */
export function quotaOf(row: QuotaRow, today: string): SearchQuota {
  const subscribed = isSubscribed(row, today);
  const notStarted =
    !subscribed &&
    row.maxSearchCount === 0 &&
    row.freeTrialExpireDate === null &&
    row.accountValidityTo === null;
  const expired =
    !subscribed && row.freeTrialExpireDate !== null && row.freeTrialExpireDate < today;
  const left = Math.max(0, row.maxSearchCount - row.searchCount);
  return {
    status: subscribed
      ? 'subscribed'
      : notStarted
        ? 'not_started'
        : expired
          ? 'expired'
          : left === 0
            ? 'exhausted'
            : 'trial',
    search_count: row.searchCount,
    max_search_count: row.maxSearchCount,
    remaining: subscribed ? null : expired ? 0 : left,
    free_trial_expire_date: row.freeTrialExpireDate,
    account_validity_from: row.accountValidityFrom,
    account_validity_to: row.accountValidityTo,
  };
}

/** Canonical filters as one comparable text: object keys sorted at every level. */
function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The same canonical filters as the advertiser's last counted search, however long ago: such a
 * search is not counted (spec §4: a search goes to the history only when it differs from the
 * last; coming back to Discover shows the last search again, and pressing Refine twice must not
 * cost two searches). The count's SQL applies the same rule; this one only spares a used-up
 * trial the refusal.
 */
export function isRepeatOfLastCounted(row: QuotaRow, filters: SearchFilters): boolean {
  return (
    row.lastCountedFilters !== null && stableText(row.lastCountedFilters) === stableText(filters)
  );
}

export function refusalOf(row: QuotaRow, today: string): AppError {
  const status = quotaOf(row, today).status;
  if (status === 'not_started') {
    return new AppError(
      'EMAIL_NOT_VERIFIED',
      'Please confirm your email address first: your free trial starts once it is verified.',
    );
  }
  if (status === 'expired') {
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

/**
 * An advertiser's quota as stored (getMe shows it through the users module, which the
 * composition root hands this function); zeros and no dates when the advertiser has none.
 */
export async function findSearchQuota(db: DbOrTx, advertiserId: number): Promise<QuotaRow> {
  return (await repository.findQuota(db, advertiserId)) ?? noQuota;
}

/**
 * Opens an advertiser's free trial (spec §3 "Quota"): `searches` searches until `days` days
 * from today included. Given once: an advertiser who already has a quota keeps it. Runs in
 * the caller's transaction (the sign-up's).
 */
export async function startFreeTrial(
  db: DbOrTx,
  advertiserId: number,
  trial: { days: number; searches: number; now?: Date },
): Promise<void> {
  const now = trial.now ?? new Date();
  await repository.insertFreeTrial(db, advertiserId, {
    lastDay: todayOf(new Date(now.getTime() + trial.days * DAY_MS)),
    searches: trial.searches,
  });
}

/** GET /search/quota and /search/history. */
export function createQuotaService(deps: {
  db: Db;
  /** The advertiser of a user, or a 404 (see discovery.service.ts). */
  advertiserOf: (userId: number) => Promise<number>;
  now: () => Date;
}) {
  const { db, advertiserOf, now } = deps;
  return {
    async getQuota(userId: number): Promise<SearchQuota> {
      return quotaOf(await findSearchQuota(db, await advertiserOf(userId)), todayOf(now()));
    },

    /** Newest first. Entries recorded under older filter rules are read with today's defaults. */
    async getHistory(userId: number): Promise<SearchHistoryEntry[]> {
      const advertiserId = await advertiserOf(userId);
      const rows = await repository.listSearchHistory(db, advertiserId, SEARCH_HISTORY_SIZE);
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
  };
}

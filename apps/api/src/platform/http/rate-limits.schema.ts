import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters (login, per account, uploads, searches), shared by every API
 * process: N processes do not give N times a limit (issue 26). One row per limit key and
 * window; a hit past `resets_at` starts a new window. Expired rows are deleted by a job. The
 * table is unlogged (migration 0035): a crash loses the counters, which only restarts windows.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets_at_idx').on(t.resetsAt)],
);

import { createHash } from 'node:crypto';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { defineJob, type JobQueue, type Logger } from '../jobs/job-queue.js';
import { rateLimitCounters } from './rate-limits.schema.js';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child`: the limit's options and the route it guards. */
interface LimitOptions {
  /** The route whose `config.rateLimit` this is; empty for `createRateLimit`'s extra limits. */
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * One hit, in one statement: the first hit of a key, or the first past its `resets_at`, opens
 * a window of `timeWindow` ms; any other adds one. Concurrent hits queue on the row's lock, so
 * they count 1, 2, … N with no gap whichever process sends them. The times are the database's,
 * the one clock every process shares.
 */
const HIT_SQL = `
  INSERT INTO rate_limit_counters AS counter (key, hits, resets_at)
  VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN counter.resets_at <= now() THEN 1 ELSE counter.hits + 1 END,
    resets_at = CASE WHEN counter.resets_at <= now() THEN excluded.resets_at
                     ELSE counter.resets_at END
  RETURNING hits, ceil(extract(epoch FROM resets_at - now()) * 1000)::int AS ttl_ms`;

interface RateLimitStoreDeps {
  database: Database;
  /** Separates the counters of apps sharing one database that must not count together (tests). */
  namespace: string;
  log: Logger;
}

/**
 * @fastify/rate-limit's options that count every limit in PostgreSQL (`rate_limit_counters`),
 * so N API processes do not give N times a limit (issue 26).
 *
 * When the database does not answer, the request goes through (`skipOnError`) with an error
 * logged: every limited route needs the database anyway, so an outage already stops them,
 * while a 500 or 503 from the counter alone would take them down for a failure of the limit
 * only. Passwords stay protected meanwhile by auth's per-account pause (`login_throttles`).
 */
export function sharedRateLimitOptions(
  deps: RateLimitStoreDeps,
): Pick<RateLimitPluginOptions, 'store' | 'skipOnError'> {
  return {
    // The plugin's type names the route's options `RouteOptions`; it hands `LimitOptions`.
    store: createRateLimitStore(deps) as unknown as RateLimitPluginOptions['store'],
    skipOnError: true,
  };
}

/**
 * The store class the plugin builds once and asks a `child` per route limit and per
 * `createRateLimit`. Each child prefixes its keys with the route (method and URL), as the
 * plugin's own stores keep one counter set per route, so two routes sharing a limit's options
 * never share a counter; extra limits carry no route, their key generators start with the
 * limit's name (`ExtraLimit`).
 *
 * The client part of a key (an address, an e-mail, a user id) is stored hashed: it is bounded
 * in size (a key may hold a body's e-mail before validation) and leaves no address or e-mail
 * at rest.
 */
export function createRateLimitStore(deps: RateLimitStoreDeps) {
  const { database, log } = deps;
  const prefix = deps.namespace ? `${deps.namespace}:` : '';

  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'extra',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const digest = createHash('sha256').update(key).digest('base64url');
      database
        .query<{ hits: number; ttl_ms: number }>(HIT_SQL, [
          `${prefix}${this.scope}|${digest}`,
          timeWindow,
        ])
        .then(
          ({ rows: [row] }) => callback(null, { current: row!.hits, ttl: row!.ttl_ms }),
          (error: unknown) => {
            log.error({ err: error }, 'Rate-limit counter unavailable: request let through');
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
    }

    child(options: LimitOptions) {
      // Windows restarted by every hit past the limit are not counted by this store.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('The PostgreSQL rate-limit store counts fixed windows only');
      }
      const route = options.routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(
        undefined,
        route?.url ? `route:${method} ${route.url}` : 'extra',
      );
    }
  };
}

/** Hourly, the counters whose window has passed (a later hit would start afresh anyway). */
export function registerRateLimitCleanup(deps: { database: Database; jobs: JobQueue }) {
  deps.jobs.register(
    defineJob<object>({
      name: 'rate-limit-counters-cleanup',
      cron: '23 * * * *',
      retryLimit: 2,
      handle: async () => {
        await deps.database.db
          .delete(rateLimitCounters)
          .where(lt(rateLimitCounters.resetsAt, sql`now()`));
      },
    }),
  );
}

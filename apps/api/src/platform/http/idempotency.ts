import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { defineJob, type JobQueue } from '../jobs/job-queue.js';
import { AppError } from './errors.js';
import { idempotencyKeys } from './idempotency.schema.js';

/** How long a key answers with its first result. */
const KEY_LIFETIME_HOURS = 24;
/** A first request still unanswered after this long has died (a crash): its key runs again. */
const ABANDONED_AFTER_MS = 5 * 60_000;

/** Routes declare it with contracts' `idempotencyHeadersSchema` (validated, documented). */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * `Idempotency-Key` for the money POSTs (DESIGN §7, after brandur's rocket-rides-atomic): the
 * same key (per caller) with the same request — method, full path with its query, body —
 * answers the first success again without running it; with another request,
 * `IDEMPOTENCY_KEY_REUSED`; while the first still runs, `REQUEST_IN_PROGRESS`.
 * Only successes are kept: a refused request changed nothing, so it may be sent again as is
 * (after the payer fixed what was wrong).
 */
export function createIdempotency(deps: { db: Db; jobs: JobQueue }) {
  const { db } = deps;

  deps.jobs.register(
    defineJob<object>({
      name: 'idempotency-keys-cleanup',
      cron: '41 3 * * *',
      retryLimit: 2,
      handle: async () => {
        await db
          .delete(idempotencyKeys)
          .where(
            lt(
              idempotencyKeys.createdAt,
              sql`now() - make_interval(hours => ${KEY_LIFETIME_HOURS})`,
            ),
          );
      },
    }),
  );

  /**
   * Runs `work` once per (caller, key): answers its result with `status`, or the stored one
   * for a repeat. `work` must leave nothing behind when it throws (one transaction).
   */
  async function once<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    status: number,
    work: () => Promise<T>,
  ): Promise<T> {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || key.trim() === '' || key.length > 255) {
      throw new AppError('VALIDATION_FAILED', 'An Idempotency-Key header is required', [
        {
          field: 'Idempotency-Key',
          message: 'Send a unique key (1 to 255 characters) per purchase',
        },
      ]);
    }
    // The full path (with its ids and query), not the route's pattern: a key sent first to
    // pay one line must never answer "paid" for another line of the same route.
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n`)
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');

    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first) throw new AppError('REQUEST_IN_PROGRESS', 'Please try again in a moment.');
      if (first.fingerprint !== fingerprint) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for another request',
        );
      }
      if (first.responseStatus !== null) {
        void reply.header('idempotent-replayed', 'true').status(first.responseStatus);
        return first.responseBody as T;
      }
      // Taken over only when the first attempt has died; never while it may still run.
      const [takenOver] = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.responseStatus),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
          ),
        )
        .returning();
      if (!takenOver) {
        throw new AppError(
          'REQUEST_IN_PROGRESS',
          'This request is still being processed. Please wait a moment.',
        );
      }
    }

    const forget = () =>
      db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await forget();
      throw error;
    }
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: result as object })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    void reply.status(status);
    return result;
  }

  return { once };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

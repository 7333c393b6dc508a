import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `Idempotency-Key` of the money POSTs (DESIGN §7): per caller and key, the request's
 * fingerprint and, once it succeeded, the answer that every repeat gets. Rows older than a day
 * are deleted by a daily job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** sha-256 of method, full path (ids and query) and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

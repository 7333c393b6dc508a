import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: a domain event is written here in the transaction that caused it,
 * and relayed to its handlers' job queues after commit (ADR 010).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /**
     * The job queue (its pg-boss schema) that relays the event: apps sharing a database but not
     * a queue never take each other's events (each test app has a queue of its own).
     */
    jobQueue: text('job_queue').notNull().default('pgboss'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once every handler's job is queued; null rows are what the relay still owes. */
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.jobQueue, t.id)
      .where(sql`${t.relayedAt} is null`),
  ],
);

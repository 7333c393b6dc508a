import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { PayoutStatus } from '@clipmarket/contracts/payouts';
import { users } from '../users/users.schema.js';

/**
 * A batch of payouts exported for the bank and D17 (issue 11 §6): who made it and when; the CSV
 * files are made again from its payouts on demand.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  createdByUserId: integer('created_by_user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What Clipmarket owes a creator for one paid line (issue 11 §6): scheduled when the advertiser
 * pays (earnings credited in the ledger in the same transaction), due after the payout delay,
 * paid by an admin's transfer (its reference and the ledger transaction that recorded it).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The state of `payoutProcess`; `version` is bumped by each of its transitions. */
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    version: integer('version').notNull().default(0),
    /** What the earning is for: `{ content_request_influencer_id, reference, title }`. */
    source: jsonb('source').$type<{
      content_request_influencer_id?: number;
      reference?: string;
      title?: string;
    }>(),
    /** Unique per earning (e.g. `line:42`): scheduling twice is one payout. */
    sourceKey: text('source_key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    batchId: integer('batch_id').references(() => payoutBatches.id),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByUserId: integer('paid_by_user_id').references(() => users.id),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payouts_source_key_unique').on(t.sourceKey),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    // The creator's list (keyset on id) and the admins' queue (by status, due date).
    index('payouts_creator_idx').on(t.creatorUserId, t.id),
    index('payouts_status_due_idx').on(t.status, t.dueAt, t.id),
  ],
);

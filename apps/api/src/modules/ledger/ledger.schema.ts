import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * One account per kind and owner (null owner: the platform's own accounts). For a person's
 * account, `balance` is a cache of the sum of its entries, written in the same transaction as
 * the entries with the row locked, and `version` counts them; the reconciliation job compares
 * the two. A person's account never goes below zero: the check constraint holds even if code
 * forgot (ADR 014). The platform's accounts take part in nearly every movement, so they keep
 * no cache (`balance` and `version` stay 0, their entries record neither): locking one row per
 * movement would queue every payment behind every other. Their balance is the sum of entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    mayGoNegative: boolean('may_go_negative').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Number of entries posted to the account; each entry records the version it made. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_kind_owner_unique').on(t.kind, t.ownerUserId).nullsNotDistinct(),
    check('ledger_accounts_not_negative', sql`${t.mayGoNegative} or ${t.balance} >= 0`),
  ],
);

/**
 * A money movement: its entries sum to zero (a deferred constraint trigger checks it at
 * commit) and neither it nor its entries can be changed or deleted (triggers): a mistake is
 * corrected by a new, reversing transaction.
 */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Unique: posting twice with one key gives the first transaction back. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  /** What the movement is about (payment id, hold id, request line…), for people and audits. */
  reference: jsonb('reference').$type<Record<string, string | number>>().notNull().default({}),
  reversesTransactionId: bigint('reverses_transaction_id', { mode: 'number' }).references(
    (): AnyPgColumn => ledgerTransactions.id,
  ),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Millimes; positive adds to the account, negative takes from it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** A person's account: its balance and version once this entry was posted; else null. */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    accountVersion: integer('account_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    // One entry per account version: two writers can never both post "version 7".
    unique('ledger_entries_account_version_unique').on(t.accountId, t.accountVersion),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // The platform's balances are sums of their entries.
    index('ledger_entries_account_idx').on(t.accountId, t.amount),
  ],
);

/**
 * What each advertiser's wallet and reserved accounts moved per content request and
 * opportunity, summed: the dashboard's spending without reading every entry (ADR 041). One row
 * per account and pair of ids the transactions' references name (`content_request_id`,
 * `content_opportunity_id`, as whole numbers; a reference naming neither has none), kept by a
 * trigger on `ledger_entries` (migration 0032): nothing else writes it. A sum back at zero (a
 * hold reserved and released) keeps its row.
 */
export const ledgerSourceSums = pgTable(
  'ledger_source_sums',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    contentRequestId: bigint('content_request_id', { mode: 'number' }),
    contentOpportunityId: bigint('content_opportunity_id', { mode: 'number' }),
    /** Millimes: the sum of the account's entries in those transactions. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The trigger's upsert key; also the owner's accounts' rows by request.
    unique('ledger_source_sums_source_unique')
      .on(t.accountId, t.contentRequestId, t.contentOpportunityId)
      .nullsNotDistinct(),
    index('ledger_source_sums_opportunity_idx').on(t.accountId, t.contentOpportunityId),
    check(
      'ledger_source_sums_names_a_source',
      sql`${t.contentRequestId} is not null or ${t.contentOpportunityId} is not null`,
    ),
  ],
);

/**
 * Money put aside from an advertiser's wallet (reserve now; capture or release later), the
 * two-phase transfer of TigerBeetle: `pending` → `settled`. A settled hold records how much
 * was captured; the rest went back to the wallet.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<'pending' | 'settled'>().notNull().default('pending'),
    capturedAmount: bigint('captured_amount', { mode: 'number' }).notNull().default(0),
    reference: jsonb('reference').$type<Record<string, string | number>>().notNull().default({}),
    reserveTransactionId: bigint('reserve_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check(
      'ledger_holds_captured_within',
      sql`${t.capturedAmount} >= 0 and ${t.capturedAmount} <= ${t.amount}`,
    ),
    index('ledger_holds_owner_idx').on(t.ownerUserId, t.status),
  ],
);

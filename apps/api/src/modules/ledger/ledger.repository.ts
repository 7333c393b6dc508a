import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LedgerAccountKind } from '@clipmarket/contracts/ledger';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { inIds } from '../../platform/db/any-of.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  ledgerSourceSums,
  ledgerTransactions,
} from './ledger.schema.js';

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerHoldRow = typeof ledgerHolds.$inferSelect;

/** The only SQL of the ledger module. */
type AccountRef = { kind: LedgerAccountKind; ownerUserId: number | null };

/** The accounts named by kind and owner (`kind:owner` keys, one query). */
function selectAccounts(db: DbOrTx, accounts: AccountRef[]) {
  const keys = accounts.map((a) => `${a.kind}:${a.ownerUserId ?? ''}`);
  return db
    .select()
    .from(ledgerAccounts)
    .where(
      inArray(
        sql`${ledgerAccounts.kind} || ':' || coalesce(${ledgerAccounts.ownerUserId}::text, '')`,
        keys,
      ),
    )
    .$dynamic();
}

export const ledgerRepository = {
  /**
   * Serialises work on one idempotency key until the transaction ends: the second of two
   * concurrent posts with the same key waits, then finds the first one's result.
   */
  async lockKey(tx: Tx, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  },

  async findTransactionByKey(db: DbOrTx, key: string): Promise<LedgerTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    return row;
  },

  async findTransaction(db: DbOrTx, id: number): Promise<LedgerTransactionRow | undefined> {
    const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
    return row;
  },

  async entriesOf(db: DbOrTx, transactionId: number): Promise<LedgerEntryRow[]> {
    return db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transactionId))
      .orderBy(asc(ledgerEntries.id));
  },

  /** Creates the accounts that do not exist yet (a second writer's insert does nothing). */
  async ensureAccounts(
    tx: Tx,
    accounts: Array<{
      kind: LedgerAccountKind;
      ownerUserId: number | null;
      mayGoNegative: boolean;
    }>,
  ): Promise<void> {
    await tx.insert(ledgerAccounts).values(accounts).onConflictDoNothing();
  },

  /**
   * Locks the accounts in id order, the one order every writer uses, so two transfers
   * between the same accounts wait for each other instead of deadlocking.
   */
  async lockAccounts(tx: Tx, accounts: AccountRef[]): Promise<LedgerAccountRow[]> {
    if (accounts.length === 0) return [];
    return selectAccounts(tx, accounts).orderBy(asc(ledgerAccounts.id)).for('update');
  },

  /** Accounts by kind and owner, without locking them (the platform's). */
  async findAccounts(db: DbOrTx, accounts: AccountRef[]): Promise<LedgerAccountRow[]> {
    if (accounts.length === 0) return [];
    return selectAccounts(db, accounts);
  },

  async sumOfEntries(db: DbOrTx, accountId: number): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    return Number(row?.sum ?? 0);
  },

  async findAccount(
    db: DbOrTx,
    kind: LedgerAccountKind,
    ownerUserId: number | null,
  ): Promise<LedgerAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, kind),
          ownerUserId === null
            ? sql`${ledgerAccounts.ownerUserId} is null`
            : eq(ledgerAccounts.ownerUserId, ownerUserId),
        ),
      );
    return row;
  },

  /** The accounts' kinds and owners, by id (to name the accounts of a past transaction). */
  async accountRefs(
    db: DbOrTx,
    ids: number[],
  ): Promise<Map<number, { kind: LedgerAccountKind; ownerUserId: number | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        ownerUserId: ledgerAccounts.ownerUserId,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids));
    return new Map(
      rows.map((r) => [r.id, { kind: r.kind as LedgerAccountKind, ownerUserId: r.ownerUserId }]),
    );
  },

  /** Every account of one person, by kind. */
  /**
   * The net of an owner's wallet and reserved accounts in the transactions that name these
   * requests or opportunities in their reference, by source and account kind: read from
   * `ledger_source_sums` (a row per account and source, kept by a trigger on the entries), a
   * few rows through the owner's two accounts, however many entries they have (ADR 041).
   */
  async ownerSumsBySource(
    db: DbOrTx,
    ownerUserId: number,
    sources: { contentRequestIds: readonly number[]; contentOpportunityIds: readonly number[] },
  ) {
    const rows = await db
      .select({
        kind: ledgerAccounts.kind,
        contentRequestId: ledgerSourceSums.contentRequestId,
        contentOpportunityId: ledgerSourceSums.contentOpportunityId,
        sum: ledgerSourceSums.amount,
      })
      .from(ledgerAccounts)
      .innerJoin(ledgerSourceSums, eq(ledgerSourceSums.accountId, ledgerAccounts.id))
      .where(
        and(
          eq(ledgerAccounts.ownerUserId, ownerUserId),
          inArray(ledgerAccounts.kind, ['advertiser_wallet', 'advertiser_reserved']),
          or(
            sources.contentRequestIds.length > 0
              ? inIds(ledgerSourceSums.contentRequestId, sources.contentRequestIds)
              : undefined,
            sources.contentOpportunityIds.length > 0
              ? inIds(ledgerSourceSums.contentOpportunityId, sources.contentOpportunityIds)
              : undefined,
          ),
        ),
      );
    return rows.map((row) => ({
      kind: row.kind as LedgerAccountKind,
      contentRequestId: row.contentRequestId,
      contentOpportunityId: row.contentOpportunityId,
      sum: row.sum,
    }));
  },

  async balancesOfOwner(db: DbOrTx, ownerUserId: number): Promise<Map<LedgerAccountKind, number>> {
    const rows = await db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerUserId, ownerUserId));
    return new Map(rows.map((r) => [r.kind as LedgerAccountKind, r.balance]));
  },

  async insertTransaction(
    tx: Tx,
    values: typeof ledgerTransactions.$inferInsert,
  ): Promise<LedgerTransactionRow> {
    const [row] = await tx.insert(ledgerTransactions).values(values).returning();
    return row!;
  },

  async insertEntries(
    tx: Tx,
    entries: Array<typeof ledgerEntries.$inferInsert>,
  ): Promise<LedgerEntryRow[]> {
    return tx.insert(ledgerEntries).values(entries).returning();
  },

  /** Each account's cached balance and version, as its new entry left them (one statement). */
  async setBalances(
    tx: Tx,
    entries: Array<{ accountId: number; balanceAfter: number; accountVersion: number }>,
  ): Promise<void> {
    if (entries.length === 0) return;
    const values = sql.join(
      entries.map(
        (e) => sql`(${e.accountId}::bigint, ${e.balanceAfter}::bigint, ${e.accountVersion}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ledger_accounts a set balance = v.balance, version = v.version
        from (values ${values}) as v(id, balance, version)
       where a.id = v.id`);
  },

  async findHoldByKey(db: DbOrTx, key: string): Promise<LedgerHoldRow | undefined> {
    const [row] = await db.select().from(ledgerHolds).where(eq(ledgerHolds.idempotencyKey, key));
    return row;
  },

  async lockHold(tx: Tx, holdId: number): Promise<LedgerHoldRow | undefined> {
    const [row] = await tx
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, holdId))
      .for('update');
    return row;
  },

  async insertHold(tx: Tx, values: typeof ledgerHolds.$inferInsert): Promise<LedgerHoldRow> {
    const [row] = await tx.insert(ledgerHolds).values(values).returning();
    return row!;
  },

  async settleHold(
    tx: Tx,
    holdId: number,
    values: { capturedAmount: number; settleTransactionId: number; settledAt: Date },
  ): Promise<LedgerHoldRow> {
    const [row] = await tx
      .update(ledgerHolds)
      .set({ ...values, status: 'settled' })
      .where(eq(ledgerHolds.id, holdId))
      .returning();
    return row!;
  },

  /** A person's accounts whose cached balance or version differs from their entries. */
  async accountsOutOfBalance(
    db: DbOrTx,
  ): Promise<Array<{ accountId: number; kind: string; cached: number; sum: number }>> {
    const result = await db.execute(sql`
      select a.id as "accountId", a.kind, a.balance::text as cached,
             coalesce(sum(e.amount), 0)::text as sum
        from ledger_accounts a
        left join ledger_entries e on e.account_id = a.id
       where a.owner_user_id is not null
       group by a.id
      having a.balance <> coalesce(sum(e.amount), 0)
          or a.version <> count(e.id)
       order by a.id`);
    return rowsOf<{ accountId: string | number; kind: string; cached: string; sum: string }>(
      result,
    ).map((r) => ({
      accountId: Number(r.accountId),
      kind: r.kind,
      cached: Number(r.cached),
      sum: Number(r.sum),
    }));
  },

  /** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
  async unbalancedTransactions(
    db: DbOrTx,
  ): Promise<Array<{ transactionId: number; sum: number; entries: number }>> {
    const result = await db.execute(sql`
      select t.id as "transactionId", coalesce(sum(e.amount), 0)::text as sum,
             count(e.id)::int as entries
        from ledger_transactions t
        left join ledger_entries e on e.transaction_id = t.id
       group by t.id
      having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2
       order by t.id`);
    return rowsOf<{ transactionId: string | number; sum: string; entries: number }>(result).map(
      (r) => ({ transactionId: Number(r.transactionId), sum: Number(r.sum), entries: r.entries }),
    );
  },

  /** Balance per account kind, across owners (the admin's overview). */
  async totalsByKind(
    db: DbOrTx,
  ): Promise<Array<{ kind: string; balance: number; accounts: number }>> {
    // A person's account: its cached balance; the platform's: the sum of its entries.
    const result = await db.execute(sql`
      select a.kind,
             coalesce(sum(case when a.owner_user_id is null
                               then (select coalesce(sum(e.amount), 0) from ledger_entries e
                                      where e.account_id = a.id)
                               else a.balance end), 0)::text as balance,
             count(*)::int as accounts
        from ledger_accounts a group by a.kind order by a.kind`);
    return rowsOf<{ kind: string; balance: string; accounts: number }>(result).map((r) => ({
      kind: r.kind,
      balance: Number(r.balance),
      accounts: r.accounts,
    }));
  },
};

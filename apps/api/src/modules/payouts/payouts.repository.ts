import { and, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PayoutStatus } from '@clipmarket/contracts/payouts';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { payoutBatches, payouts } from './payouts.schema.js';

export type PayoutRow = typeof payouts.$inferSelect;

/** Which payouts a list shows: `due` = pending with the due date passed. */
export type PayoutFilter = 'due' | 'pending' | 'paid';

function filterOf(filter: PayoutFilter | PayoutStatus | undefined, now: Date): SQL[] {
  if (filter === undefined) return [];
  if (filter === 'due') return [eq(payouts.status, 'pending'), lte(payouts.dueAt, now)];
  return [eq(payouts.status, filter)];
}

/** The SQL of the payouts module: its tables `payouts` and `payout_batches`. */
export const payoutsRepository = {
  /** Inserts the payout unless its source already has one (then nothing): one per earning. */
  async insertOnce(
    tx: Tx,
    values: Pick<
      typeof payouts.$inferInsert,
      'creatorUserId' | 'amount' | 'source' | 'sourceKey' | 'dueAt'
    >,
  ): Promise<void> {
    await tx.insert(payouts).values(values).onConflictDoNothing({ target: payouts.sourceKey });
  },

  async findBySourceKey(db: DbOrTx, sourceKey: string): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(payouts).where(eq(payouts.sourceKey, sourceKey));
    return row;
  },

  async find(db: DbOrTx, id: number): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<PayoutRow | undefined> {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    return row;
  },

  /** Newest first, keyset on id; `limit` rows at most (ask one more to know of a next page). */
  async list(
    db: DbOrTx,
    query: {
      creatorUserId?: number;
      filter?: PayoutFilter | PayoutStatus;
      before?: number | undefined;
      limit: number;
      now: Date;
    },
  ): Promise<PayoutRow[]> {
    return db
      .select()
      .from(payouts)
      .where(
        and(
          ...(query.creatorUserId === undefined
            ? []
            : [eq(payouts.creatorUserId, query.creatorUserId)]),
          ...filterOf(query.filter, query.now),
          ...(query.before === undefined ? [] : [lt(payouts.id, query.before)]),
        ),
      )
      .orderBy(desc(payouts.id))
      .limit(query.limit);
  },

  /** A creator's totals per status (millimes). */
  async totalsOfCreator(db: DbOrTx, creatorUserId: number): Promise<Record<PayoutStatus, number>> {
    const rows = await db
      .select({ status: payouts.status, total: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
      .from(payouts)
      .where(eq(payouts.creatorUserId, creatorUserId))
      .groupBy(payouts.status);
    const totals: Record<PayoutStatus, number> = { pending: 0, paid: 0 };
    for (const row of rows) totals[row.status] = Number(row.total);
    return totals;
  },

  /** What is due now per creator (pending, due date passed), in or out of a batch. */
  async dueByCreator(
    db: DbOrTx,
    now: Date,
  ): Promise<Array<{ creatorUserId: number; total: number }>> {
    const rows = await db
      .select({
        creatorUserId: payouts.creatorUserId,
        total: sql<string>`sum(${payouts.amount})`,
      })
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), lte(payouts.dueAt, now)))
      .groupBy(payouts.creatorUserId);
    return rows.map((row) => ({ creatorUserId: row.creatorUserId, total: Number(row.total) }));
  },

  /**
   * The due, unpaid payouts no batch holds yet, locked so two admins exporting at once never put
   * one payout in two batches (the second waits, then finds them taken).
   */
  async lockUnbatchedDue(tx: Tx, now: Date): Promise<PayoutRow[]> {
    return tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), lte(payouts.dueAt, now), isNull(payouts.batchId)))
      .orderBy(payouts.id)
      .for('update');
  },

  async insertBatch(tx: Tx, createdByUserId: number) {
    const [row] = await tx.insert(payoutBatches).values({ createdByUserId }).returning();
    return row!;
  },

  async findBatch(db: DbOrTx, id: number) {
    const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
    return row;
  },

  async setBatch(tx: Tx, ids: readonly number[], batchId: number): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(payouts)
      .set({ batchId })
      .where(inArray(payouts.id, [...ids]));
  },

  async listOfBatch(db: DbOrTx, batchId: number): Promise<PayoutRow[]> {
    return db.select().from(payouts).where(eq(payouts.batchId, batchId)).orderBy(payouts.id);
  },

  /** The payout process's store (`payoutProcess`): its state and version. */
  async saveState(tx: Tx, id: number, values: { status: PayoutStatus; version: number }) {
    await tx.update(payouts).set(values).where(eq(payouts.id, id));
  },

  /** The transfer an admin recorded with `mark_paid` (in that transition's transaction). */
  async recordTransfer(
    tx: Tx,
    id: number,
    values: { reference: string; paidAt: Date; paidByUserId: number; ledgerTransactionId: number },
  ): Promise<PayoutRow> {
    const [row] = await tx.update(payouts).set(values).where(eq(payouts.id, id)).returning();
    return row!;
  },
};

import { and, asc, desc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { lineLicences } from './licences.schema.js';

const DAY_MS = 86_400_000;

export type LineLicenceRow = typeof lineLicences.$inferSelect;

/**
 * The SQL of the licences' lifecycle (part B): the terms of a line once bought — start, expiry,
 * reminders, renewals, Spark code. Rates and the freezing of term 1 are in `licences.repository.ts`.
 */
export const lifecycleRepository = {
  /** Every term of a line, oldest first. */
  termsOf(db: DbOrTx, lineId: number): Promise<LineLicenceRow[]> {
    return db
      .select()
      .from(lineLicences)
      .where(eq(lineLicences.lineId, lineId))
      .orderBy(asc(lineLicences.term));
  },

  /** The latest term of a line (its current licence), or undefined for a line without one. */
  async latestOf(db: DbOrTx, lineId: number): Promise<LineLicenceRow | undefined> {
    const [row] = await db
      .select()
      .from(lineLicences)
      .where(eq(lineLicences.lineId, lineId))
      .orderBy(desc(lineLicences.term))
      .limit(1);
    return row;
  },

  /**
   * The latest term of a line, locked: renewals and the Spark code wait for each other. A
   * renewal committed while this one waited for the lock added a newer term, which the locking
   * statement cannot see (READ COMMITTED re-checks the locked row only): read again, and lock
   * the newer one.
   */
  async lockLatest(tx: Tx, lineId: number): Promise<LineLicenceRow | undefined> {
    for (;;) {
      const [locked] = await tx
        .select()
        .from(lineLicences)
        .where(eq(lineLicences.lineId, lineId))
        .orderBy(desc(lineLicences.term))
        .limit(1)
        .for('update');
      if (!locked) return undefined;
      const current = await lifecycleRepository.latestOf(tx, lineId);
      if (!current || current.term === locked.term) return locked;
    }
  },

  /** A term locked by id (the expiry job re-reads what it found). */
  async lock(tx: Tx, id: number): Promise<LineLicenceRow | undefined> {
    const [row] = await tx.select().from(lineLicences).where(eq(lineLicences.id, id)).for('update');
    return row;
  },

  /** Starts term 1 once: a second call (the payment replayed) changes nothing. */
  async startFirstTerm(
    db: DbOrTx,
    lineId: number,
    startsAt: Date,
    expiresAt: Date | null,
  ): Promise<boolean> {
    const rows = await db
      .update(lineLicences)
      .set({ startsAt, expiresAt })
      .where(
        and(
          eq(lineLicences.lineId, lineId),
          eq(lineLicences.term, 1),
          isNull(lineLicences.startsAt),
        ),
      )
      .returning({ id: lineLicences.id });
    return rows.length > 0;
  },

  async insertTerm(db: DbOrTx, row: typeof lineLicences.$inferInsert): Promise<LineLicenceRow> {
    const [inserted] = await db.insert(lineLicences).values(row).returning();
    return inserted!;
  },

  async update(
    db: DbOrTx,
    id: number,
    set: Partial<
      Pick<
        LineLicenceRow,
        | 'sparkCode'
        | 'sparkCodeExpiresAt'
        | 'remindedAt14Days'
        | 'remindedAt3Days'
        | 'expiredAt'
        | 'ledgerTransactionId'
      >
    >,
  ): Promise<void> {
    await db.update(lineLicences).set(set).where(eq(lineLicences.id, id));
  },

  /**
   * Running terms with something due at `now` (each row found is changed by the job, so the
   * next page moves on): ended and not marked yet, or the 3-day reminder due, or the 14-day one
   * (neither sent). Soonest end first, at most `limit`.
   */
  dueForExpiryJob(db: DbOrTx, now: Date, limit: number): Promise<LineLicenceRow[]> {
    const in3Days = new Date(now.getTime() + 3 * DAY_MS);
    const in14Days = new Date(now.getTime() + 14 * DAY_MS);
    return db
      .select()
      .from(lineLicences)
      .where(
        and(
          isNotNull(lineLicences.expiresAt),
          isNull(lineLicences.expiredAt),
          or(
            lte(lineLicences.expiresAt, now),
            and(isNull(lineLicences.remindedAt3Days), lte(lineLicences.expiresAt, in3Days)),
            and(
              isNull(lineLicences.remindedAt3Days),
              isNull(lineLicences.remindedAt14Days),
              lte(lineLicences.expiresAt, in14Days),
            ),
          ),
        ),
      )
      .orderBy(asc(lineLicences.expiresAt), asc(lineLicences.id))
      .limit(limit);
  },
};

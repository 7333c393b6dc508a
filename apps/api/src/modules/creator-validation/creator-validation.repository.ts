import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { CreatorValidationState } from '@clipmarket/contracts/workflows/creator-validation';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { creatorValidations } from './creator-validation.schema.js';

export type CreatorValidationRow = typeof creatorValidations.$inferSelect;

/** The only SQL of the creator-validation module. */
export const creatorValidationRepository = {
  /** Opens the process for a new creator; a second call for the same creator does nothing. */
  async insertPending(db: DbOrTx, userId: number, at: Date): Promise<boolean> {
    const rows = await db
      .insert(creatorValidations)
      .values({ userId, state: 'pending', stateEnteredAt: at })
      .onConflictDoNothing()
      .returning({ userId: creatorValidations.userId });
    return rows.length > 0;
  },

  async lock(tx: Tx, userId: number): Promise<CreatorValidationRow | undefined> {
    const [row] = await tx
      .select()
      .from(creatorValidations)
      .where(eq(creatorValidations.userId, userId))
      .for('update');
    return row;
  },

  async save(
    tx: Tx,
    userId: number,
    next: {
      state: CreatorValidationState;
      version: number;
      enteredAt: Date;
      rejectionReason: string | null;
    },
  ): Promise<void> {
    await tx
      .update(creatorValidations)
      .set({
        state: next.state,
        version: next.version,
        stateEnteredAt: next.enteredAt,
        rejectionReason: next.rejectionReason,
        lastReminderAt: null,
      })
      .where(eq(creatorValidations.userId, userId));
  },

  async find(db: DbOrTx, userId: number): Promise<CreatorValidationRow | undefined> {
    const [row] = await db
      .select()
      .from(creatorValidations)
      .where(eq(creatorValidations.userId, userId));
    return row;
  },

  /** One page in waiting order (oldest first), after the keyset position `after`. */
  async listByState(
    db: DbOrTx,
    state: CreatorValidationState,
    after: { enteredAt: Date; userId: number } | null,
    limit: number,
  ): Promise<CreatorValidationRow[]> {
    return db
      .select()
      .from(creatorValidations)
      .where(
        and(
          eq(creatorValidations.state, state),
          after
            ? or(
                gt(creatorValidations.stateEnteredAt, after.enteredAt),
                and(
                  eq(creatorValidations.stateEnteredAt, after.enteredAt),
                  gt(creatorValidations.userId, after.userId),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(asc(creatorValidations.stateEnteredAt), asc(creatorValidations.userId))
      .limit(limit);
  },

  async countByState(db: DbOrTx, state: CreatorValidationState): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(creatorValidations)
      .where(eq(creatorValidations.state, state));
    return row?.value ?? 0;
  },

  /**
   * Marks the accounts pending since before `waitingSince` and not reminded since
   * `remindedBefore` as reminded now; returns how many and the oldest waiting date.
   */
  async claimReminders(
    db: DbOrTx,
    waitingSince: Date,
    remindedBefore: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const rows = await db
      .update(creatorValidations)
      .set({ lastReminderAt: sql`now()` })
      .where(
        and(
          eq(creatorValidations.state, 'pending'),
          lt(creatorValidations.stateEnteredAt, waitingSince),
          or(
            isNull(creatorValidations.lastReminderAt),
            lt(creatorValidations.lastReminderAt, remindedBefore),
          ),
        ),
      )
      .returning({ enteredAt: creatorValidations.stateEnteredAt });
    const oldest = rows.reduce<Date | null>(
      (min, row) => (min && min < row.enteredAt ? min : row.enteredAt),
      null,
    );
    return { count: rows.length, oldest };
  },
};

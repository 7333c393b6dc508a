import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { ContestState } from '@clipmarket/contracts/reviews';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { reviews } from './reviews.schema.js';
import { isPubliclyVisible } from './reviews.summaries.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

/** The only code that touches the `reviews` table (summaries apart: reviews.summaries.ts). */
export const reviewsRepository = {
  async ofLine(q: DbOrTx, lineId: number): Promise<ReviewRow[]> {
    return q.select().from(reviews).where(eq(reviews.lineId, lineId)).orderBy(reviews.id);
  },

  async insert(tx: Tx, values: NewReviewRow): Promise<ReviewRow> {
    const [row] = await tx.insert(reviews).values(values).returning();
    return row!;
  },

  /** Both sides wrote: the other's review shows from `at` too (never later than it would). */
  async revealOther(tx: Tx, id: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(reviews)
      .set({ visibleFrom: at })
      .where(and(eq(reviews.id, id), gt(reviews.visibleFrom, at)))
      .returning({ id: reviews.id });
    return rows.length > 0;
  },

  async find(q: DbOrTx, id: number): Promise<ReviewRow | undefined> {
    const [row] = await q.select().from(reviews).where(eq(reviews.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<ReviewRow | undefined> {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    return row;
  },

  async update(tx: Tx, id: number, values: Partial<NewReviewRow>): Promise<ReviewRow> {
    const [row] = await tx.update(reviews).set(values).where(eq(reviews.id, id)).returning();
    return row!;
  },

  /** A user's visible reviews (as the reviewed party), newest first, keyset on id. */
  async visibleOfSubject(
    q: DbOrTx,
    subjectUserId: number,
    now: Date,
    page: { before?: number; limit: number },
  ): Promise<ReviewRow[]> {
    return q
      .select()
      .from(reviews)
      .where(
        and(
          eq(reviews.subjectUserId, subjectUserId),
          isPubliclyVisible(now),
          page.before === undefined ? undefined : lt(reviews.id, page.before),
        ),
      )
      .orderBy(desc(reviews.id))
      .limit(page.limit + 1);
  },

  /** The team's queue: reviews in a contest state, newest first. */
  async contested(
    q: DbOrTx,
    state: ContestState,
    page: { before?: number; limit: number },
  ): Promise<ReviewRow[]> {
    return q
      .select()
      .from(reviews)
      .where(
        and(
          eq(reviews.contestState, state),
          page.before === undefined ? undefined : lt(reviews.id, page.before),
        ),
      )
      .orderBy(desc(reviews.id))
      .limit(page.limit + 1);
  },

  /**
   * Reviews shown by time alone (their 7 days passed, the other side never wrote) in
   * (from, to]: a review shown by the other side's has an earlier `visible_from`.
   */
  async revealedByTimeBetween(q: DbOrTx, from: Date, to: Date, days: number): Promise<ReviewRow[]> {
    return q
      .select()
      .from(reviews)
      .where(
        and(
          gt(reviews.visibleFrom, from),
          lte(reviews.visibleFrom, to),
          isNull(reviews.contestState),
          sql`${reviews.visibleFrom} = ${reviews.createdAt} + make_interval(days => ${days})`,
        ),
      );
  },
};

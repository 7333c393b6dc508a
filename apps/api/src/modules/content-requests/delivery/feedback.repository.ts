import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { contentRequestFeedback, contentRequestLinks } from '../content-requests.schema.js';

export type FeedbackRow = typeof contentRequestFeedback.$inferSelect;
export type NewFeedback = typeof contentRequestFeedback.$inferInsert;
export type LinkRow = typeof contentRequestLinks.$inferSelect;

/** The SQL of a line's reviews (`content_request_feedback`) and the links its view shows. */
export const feedbackRepository = {
  async insert(tx: DbOrTx, values: NewFeedback): Promise<FeedbackRow> {
    const [row] = await tx.insert(contentRequestFeedback).values(values).returning();
    return row!;
  },

  /** A line's reviews, oldest first (the order they were written in). */
  async listOf(db: DbOrTx, lineId: number): Promise<FeedbackRow[]> {
    return db
      .select()
      .from(contentRequestFeedback)
      .where(eq(contentRequestFeedback.lineId, lineId))
      .orderBy(asc(contentRequestFeedback.id));
  },

  /** The newest review of a line, if any. */
  async latestOf(db: DbOrTx, lineId: number): Promise<FeedbackRow | undefined> {
    const [row] = await db
      .select()
      .from(contentRequestFeedback)
      .where(eq(contentRequestFeedback.lineId, lineId))
      .orderBy(desc(contentRequestFeedback.id))
      .limit(1);
    return row;
  },

  /** How many revisions (debriefs) a line has used: the `revision_cap` counts them. */
  async debriefsOf(db: DbOrTx, lineId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(contentRequestFeedback)
      .where(
        and(
          eq(contentRequestFeedback.lineId, lineId),
          eq(contentRequestFeedback.decision, 'debrief'),
        ),
      );
    return Number(row?.n ?? 0);
  },

  /** A line's publication links, oldest first (declined ones stay for the record). */
  async linksOf(db: DbOrTx, lineId: number): Promise<LinkRow[]> {
    return db
      .select()
      .from(contentRequestLinks)
      .where(eq(contentRequestLinks.lineId, lineId))
      .orderBy(asc(contentRequestLinks.id));
  },
};

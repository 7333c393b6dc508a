import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { contentRevisionNotes } from '../content-requests.schema.js';

export type RevisionNoteRow = typeof contentRevisionNotes.$inferSelect;
export type NewRevisionNote = typeof contentRevisionNotes.$inferInsert;

/** The SQL of the debriefs' revision notes (`content_revision_notes`, issue 27 §3). */
export const revisionNotesRepository = {
  /** A debrief's notes, in one statement (the debrief's transaction). */
  async insertMany(tx: DbOrTx, values: NewRevisionNote[]): Promise<RevisionNoteRow[]> {
    if (values.length === 0) return [];
    return tx.insert(contentRevisionNotes).values(values).returning();
  },

  /** A line's notes, by version then time (then the order they were written in). */
  async listOf(db: DbOrTx, lineId: number): Promise<RevisionNoteRow[]> {
    return db
      .select()
      .from(contentRevisionNotes)
      .where(eq(contentRevisionNotes.lineId, lineId))
      .orderBy(
        asc(contentRevisionNotes.videoVersion),
        asc(contentRevisionNotes.timeMs),
        asc(contentRevisionNotes.id),
      );
  },

  /** Ticks (a time) or unticks (null) one note of the line; undefined when the line has no such note. */
  async setAddressed(
    tx: DbOrTx,
    lineId: number,
    noteId: number,
    addressedAt: Date | null,
  ): Promise<RevisionNoteRow | undefined> {
    const [row] = await tx
      .update(contentRevisionNotes)
      .set({ addressedAt })
      .where(and(eq(contentRevisionNotes.id, noteId), eq(contentRevisionNotes.lineId, lineId)))
      .returning();
    return row;
  },

  async find(db: DbOrTx, lineId: number, noteId: number): Promise<RevisionNoteRow | undefined> {
    const [row] = await db
      .select()
      .from(contentRevisionNotes)
      .where(and(eq(contentRevisionNotes.id, noteId), eq(contentRevisionNotes.lineId, lineId)));
    return row;
  },
};

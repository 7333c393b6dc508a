import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { contentVideos } from './content-videos.schema.js';

export type VideoRow = typeof contentVideos.$inferSelect;
export type NewVideo = typeof contentVideos.$inferInsert;

/** The SQL of the content-videos module: `content_videos` only. */
export const contentVideosRepository = {
  /** Inserts the line's next version (1 + the highest so far). */
  async insertNextVersion(db: DbOrTx, values: Omit<NewVideo, 'version'>): Promise<VideoRow> {
    const [row] = await db
      .insert(contentVideos)
      .values({
        ...values,
        version: sql`(select coalesce(max(${contentVideos.version}), 0) + 1 from ${contentVideos} where ${contentVideos.lineId} = ${values.lineId})`,
      })
      .returning();
    return row!;
  },

  async find(db: DbOrTx, id: number): Promise<VideoRow | undefined> {
    const [row] = await db.select().from(contentVideos).where(eq(contentVideos.id, id));
    return row;
  },

  async findOfLine(db: DbOrTx, lineId: number, id: number): Promise<VideoRow | undefined> {
    const [row] = await db
      .select()
      .from(contentVideos)
      .where(and(eq(contentVideos.id, id), eq(contentVideos.lineId, lineId)));
    return row;
  },

  async lock(db: DbOrTx, id: number): Promise<VideoRow | undefined> {
    const [row] = await db
      .select()
      .from(contentVideos)
      .where(eq(contentVideos.id, id))
      .for('update');
    return row;
  },

  /** A line's versions, newest first. */
  async listOfLine(db: DbOrTx, lineId: number): Promise<VideoRow[]> {
    return db
      .select()
      .from(contentVideos)
      .where(eq(contentVideos.lineId, lineId))
      .orderBy(desc(contentVideos.version));
  },

  async latestOfLine(db: DbOrTx, lineId: number): Promise<VideoRow | undefined> {
    const [row] = await db
      .select()
      .from(contentVideos)
      .where(eq(contentVideos.lineId, lineId))
      .orderBy(desc(contentVideos.version))
      .limit(1);
    return row;
  },

  /** The line's newest ready version that has a poster (the one its advertiser approved). */
  async latestReadyWithPosterOfLine(db: DbOrTx, lineId: number): Promise<VideoRow | undefined> {
    const [row] = await db
      .select()
      .from(contentVideos)
      .where(
        and(
          eq(contentVideos.lineId, lineId),
          eq(contentVideos.status, 'ready'),
          isNotNull(contentVideos.posterKey),
        ),
      )
      .orderBy(desc(contentVideos.version))
      .limit(1);
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewVideo>): Promise<void> {
    await db.update(contentVideos).set(values).where(eq(contentVideos.id, id));
  },

  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(contentVideos).where(eq(contentVideos.id, id));
  },
};

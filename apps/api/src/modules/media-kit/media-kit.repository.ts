import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import {
  mediaKitNames,
  mediaKits,
  mediaKitVisits,
  type MediaKitRow,
  type MediaKitVisitKind,
} from './media-kit.schema.js';

type NewKit = typeof mediaKits.$inferInsert;

/** The media kit's tables: the kits, the names they were rendered under, and their visits. */
export const mediaKitRepository = {
  async findById(q: DbOrTx, kitId: number): Promise<MediaKitRow | undefined> {
    const [row] = await q.select().from(mediaKits).where(eq(mediaKits.id, kitId));
    return row;
  },

  async findByUser(q: DbOrTx, userId: number): Promise<MediaKitRow | undefined> {
    const [row] = await q.select().from(mediaKits).where(eq(mediaKits.userId, userId));
    return row;
  },

  async findByInfluencer(q: DbOrTx, influencerId: number): Promise<MediaKitRow | undefined> {
    const [row] = await q.select().from(mediaKits).where(eq(mediaKits.influencerId, influencerId));
    return row;
  },

  async findByRenderKey(q: DbOrTx, renderKey: string): Promise<MediaKitRow | undefined> {
    const [row] = await q.select().from(mediaKits).where(eq(mediaKits.renderKey, renderKey));
    return row;
  },

  async lock(tx: Tx, kitId: number): Promise<MediaKitRow | undefined> {
    const [row] = await tx.select().from(mediaKits).where(eq(mediaKits.id, kitId)).for('update');
    return row;
  },

  /**
   * Saves the creator's settings as a new version, marked `rendering`: a first save creates the
   * kit; concurrent saves are ordered by the row (the last one's version wins).
   */
  async saveSettings(
    tx: Tx,
    settings: Omit<NewKit, 'id' | 'version' | 'renderState'>,
  ): Promise<MediaKitRow> {
    const [row] = await tx
      .insert(mediaKits)
      .values({ ...settings, renderState: 'rendering', renderError: null })
      .onConflictDoUpdate({
        target: mediaKits.userId,
        set: {
          theme: settings.theme,
          language: settings.language,
          headline: settings.headline,
          coverFileId: settings.coverFileId,
          hiddenSections: settings.hiddenSections,
          featuredLineIds: settings.featuredLineIds,
          isPublished: settings.isPublished,
          version: sql`${mediaKits.version} + 1`,
          renderState: 'rendering',
          renderError: null,
          updatedAt: new Date(),
        },
      })
      .returning();
    return row!;
  },

  async saveRendering(
    tx: Tx,
    kitId: number,
    rendering: Pick<
      MediaKitRow,
      'content' | 'renderKey' | 'pageCount' | 'renderedVersion' | 'renderedAt'
    >,
  ): Promise<void> {
    await tx
      .update(mediaKits)
      .set({ ...rendering, renderState: 'ready', renderError: null, updatedAt: new Date() })
      .where(eq(mediaKits.id, kitId));
  },

  /** The rendering failed: the previous one (if any) stays public. */
  async markFailed(q: DbOrTx, kitId: number, version: number, error: string): Promise<void> {
    await q
      .update(mediaKits)
      .set({ renderState: 'failed', renderError: error, updatedAt: new Date() })
      .where(and(eq(mediaKits.id, kitId), eq(mediaKits.version, version)));
  },

  /** Records (or moves to this creator) a name the kit was rendered under. */
  async recordName(q: DbOrTx, name: string, influencerId: number, at: Date): Promise<void> {
    await q
      .insert(mediaKitNames)
      .values({ nameKey: name.trim().toLowerCase(), influencerId, lastUsedAt: at })
      .onConflictDoUpdate({
        target: mediaKitNames.nameKey,
        set: { influencerId, lastUsedAt: at },
      });
  },

  async influencerOfName(q: DbOrTx, name: string): Promise<number | undefined> {
    const [row] = await q
      .select({ influencerId: mediaKitNames.influencerId })
      .from(mediaKitNames)
      .where(eq(mediaKitNames.nameKey, name.trim().toLowerCase()));
    return row?.influencerId;
  },

  /**
   * Counts a visit unless this visitor was already counted for this kit and kind in this hour
   * (the unique index decides, also under concurrent requests); answers whether it counted.
   */
  async recordVisit(
    tx: Tx,
    visit: {
      kitId: number;
      kind: MediaKitVisitKind;
      visitorHash: string;
      visitHour: Date;
      at: Date;
    },
  ): Promise<boolean> {
    const inserted = await tx
      .insert(mediaKitVisits)
      .values({
        kitId: visit.kitId,
        kind: visit.kind,
        visitorHash: visit.visitorHash,
        visitHour: visit.visitHour,
        occurredAt: visit.at,
      })
      .onConflictDoNothing()
      .returning({ id: mediaKitVisits.id });
    if (inserted.length === 0) return false;
    await tx
      .update(mediaKits)
      .set(
        visit.kind === 'view'
          ? { views: sql`${mediaKits.views} + 1` }
          : { downloads: sql`${mediaKits.downloads} + 1` },
      )
      .where(eq(mediaKits.id, visit.kitId));
    return true;
  },

  /**
   * The views and downloads counted from `from` (included) to `to` (excluded), per creator
   * whose kit was viewed then, by user id: a page of those after `after`.
   */
  async visitsBetween(
    q: DbOrTx,
    period: { from: Date; to: Date },
    page: { after: number; limit: number },
  ): Promise<{ userId: number; views: number; downloads: number }[]> {
    const views = sql<number>`count(*) filter (where ${mediaKitVisits.kind} = 'view')::int`;
    return q
      .select({
        userId: mediaKits.userId,
        views,
        downloads: sql<number>`count(*) filter (where ${mediaKitVisits.kind} = 'download')::int`,
      })
      .from(mediaKitVisits)
      .innerJoin(mediaKits, eq(mediaKits.id, mediaKitVisits.kitId))
      .where(
        and(
          gte(mediaKitVisits.occurredAt, period.from),
          lt(mediaKitVisits.occurredAt, period.to),
          gt(mediaKits.userId, page.after),
        ),
      )
      .groupBy(mediaKits.userId)
      .having(sql`${views} > 0`)
      .orderBy(asc(mediaKits.userId))
      .limit(page.limit);
  },
};

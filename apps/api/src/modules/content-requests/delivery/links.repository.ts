import { and, asc, desc, eq, gt, inArray, lt, notInArray } from 'drizzle-orm';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import {
  contentRequestFeedback,
  contentRequestInfluencers,
  contentRequestLinks,
} from '../content-requests.schema.js';

export type LinkRow = typeof contentRequestLinks.$inferSelect;
export type NewLink = typeof contentRequestLinks.$inferInsert;
type Platform = LinkRow['platform'];

/** The SQL of publication links and of the admin queues (links waiting, disputed lines). */
export const linksRepository = {
  async insert(tx: DbOrTx, values: NewLink[]): Promise<LinkRow[]> {
    if (values.length === 0) return [];
    return tx.insert(contentRequestLinks).values(values).returning();
  },

  /** Every link of a line, oldest first (resubmissions after the declined rows). */
  async linksOf(db: DbOrTx, lineId: number): Promise<LinkRow[]> {
    return db
      .select()
      .from(contentRequestLinks)
      .where(eq(contentRequestLinks.lineId, lineId))
      .orderBy(asc(contentRequestLinks.id));
  },

  async lock(tx: Tx, linkId: number): Promise<LinkRow | undefined> {
    const [row] = await tx
      .select()
      .from(contentRequestLinks)
      .where(eq(contentRequestLinks.id, linkId))
      .for('update');
    return row;
  },

  async find(db: DbOrTx, linkId: number): Promise<LinkRow | undefined> {
    const [row] = await db
      .select()
      .from(contentRequestLinks)
      .where(eq(contentRequestLinks.id, linkId));
    return row;
  },

  async update(tx: DbOrTx, linkId: number, values: Partial<NewLink>): Promise<LinkRow> {
    const [row] = await tx
      .update(contentRequestLinks)
      .set(values)
      .where(eq(contentRequestLinks.id, linkId))
      .returning();
    return row!;
  },

  /** The team's queue: links waiting for a decision, oldest first (keyset on the link id). */
  async waiting(db: DbOrTx, query: { after?: number | undefined; limit: number }) {
    return db
      .select({
        link: contentRequestLinks,
        contentRequestId: contentRequestInfluencers.contentRequestId,
        lineNumber: contentRequestInfluencers.lineNumber,
        influencerId: contentRequestInfluencers.influencerId,
        advertiserUserId: contentRequestInfluencers.advertiserUserId,
      })
      .from(contentRequestLinks)
      .innerJoin(
        contentRequestInfluencers,
        eq(contentRequestInfluencers.id, contentRequestLinks.lineId),
      )
      .where(
        and(
          eq(contentRequestLinks.state, 'submitted'),
          query.after === undefined ? undefined : gt(contentRequestLinks.id, query.after),
        ),
      )
      .orderBy(asc(contentRequestLinks.id))
      .limit(query.limit);
  },

  /** Disputed lines, oldest line first (keyset on the line id). */
  async disputed(db: DbOrTx, query: { after?: number | undefined; limit: number }) {
    return db
      .select({ line: contentRequestInfluencers })
      .from(contentRequestInfluencers)
      .where(
        and(
          eq(contentRequestInfluencers.state, 'disputed'),
          query.after === undefined ? undefined : gt(contentRequestInfluencers.id, query.after),
        ),
      )
      .orderBy(asc(contentRequestInfluencers.id))
      .limit(query.limit);
  },

  /** Every line for admins, newest first: open (not ended), ended, or all. */
  async linesForAdmin(
    db: DbOrTx,
    query: {
      filter: 'open' | 'ended' | 'all';
      contentRequestId?: number | undefined;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const ended = contentRequestLineProcess.terminal;
    return db
      .select({
        line: contentRequestInfluencers,
      })
      .from(contentRequestInfluencers)
      .where(
        and(
          query.filter === 'open'
            ? notInArray(contentRequestInfluencers.state, [...ended])
            : query.filter === 'ended'
              ? inArray(contentRequestInfluencers.state, [...ended])
              : undefined,
          query.before === undefined ? undefined : lt(contentRequestInfluencers.id, query.before),
          query.contentRequestId === undefined
            ? undefined
            : eq(contentRequestInfluencers.contentRequestId, query.contentRequestId),
        ),
      )
      .orderBy(desc(contentRequestInfluencers.id))
      .limit(query.limit);
  },

  /** The newest rejection of each line (its reasons and comment), by line id. */
  async latestRejections(db: DbOrTx, lineIds: number[]) {
    const found = new Map<number, typeof contentRequestFeedback.$inferSelect>();
    if (lineIds.length === 0) return found;
    const rows = await db
      .select()
      .from(contentRequestFeedback)
      .where(
        and(
          inArray(contentRequestFeedback.lineId, lineIds),
          eq(contentRequestFeedback.decision, 'reject'),
        ),
      )
      .orderBy(desc(contentRequestFeedback.id));
    for (const row of rows) if (!found.has(row.lineId)) found.set(row.lineId, row);
    return found;
  },
};

/** A line's current link per platform: the newest row of each (older declined ones are history). */
export function currentLinks(rows: LinkRow[]): Map<Platform, LinkRow> {
  const current = new Map<Platform, LinkRow>();
  for (const row of rows) {
    const seen = current.get(row.platform);
    if (!seen || seen.id < row.id) current.set(row.platform, row);
  }
  return current;
}

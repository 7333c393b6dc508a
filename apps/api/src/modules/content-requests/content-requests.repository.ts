import { and, desc, eq, exists, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { contentRequestInfluencers, contentRequests } from './content-requests.schema.js';

export type ContentRequestRow = typeof contentRequests.$inferSelect;
export type NewContentRequest = typeof contentRequests.$inferInsert;
export type LineRow = typeof contentRequestInfluencers.$inferSelect;

/** The ledger's reference of a line's money: the line and its source (ADR 035). */
export const ledgerReferenceOf = (line: LineRow): Record<string, number> => ({
  ...(line.contentRequestId !== null
    ? { content_request_id: line.contentRequestId }
    : { content_opportunity_id: line.contentOpportunityId! }),
  content_request_influencer_id: line.id,
});

/** The SQL of the content-requests module: `content_requests` and their lines. */
export const contentRequestsRepository = {
  async insert(tx: DbOrTx, values: NewContentRequest): Promise<ContentRequestRow> {
    const [row] = await tx.insert(contentRequests).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, id: number): Promise<ContentRequestRow | undefined> {
    const [row] = await db.select().from(contentRequests).where(eq(contentRequests.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<ContentRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(contentRequests)
      .where(eq(contentRequests.id, id))
      .for('update');
    return row;
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewContentRequest>): Promise<void> {
    await tx
      .update(contentRequests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentRequests.id, id));
  },

  async delete(tx: DbOrTx, id: number): Promise<void> {
    await tx.delete(contentRequests).where(eq(contentRequests.id, id));
  },

  /**
   * An advertiser's requests, newest first (keyset on id): drafts (and requests waiting for
   * their payment), or sent ones having a line in one of `states` (any line when null).
   */
  async listOfAdvertiser(
    db: DbOrTx,
    advertiserUserId: number,
    query: {
      drafts: boolean;
      states: readonly ContentRequestLineState[] | null;
      before?: number | undefined;
      limit: number;
    },
  ): Promise<ContentRequestRow[]> {
    const conditions = [
      eq(contentRequests.advertiserUserId, advertiserUserId),
      query.drafts
        ? inArray(contentRequests.status, ['draft', 'awaiting_payment'])
        : eq(contentRequests.status, 'sent'),
      ...(query.before === undefined ? [] : [lt(contentRequests.id, query.before)]),
    ];
    if (!query.drafts && query.states) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(contentRequestInfluencers)
            .where(
              and(
                eq(contentRequestInfluencers.advertiserUserId, advertiserUserId),
                eq(contentRequestInfluencers.contentRequestId, contentRequests.id),
                inArray(contentRequestInfluencers.state, [...query.states]),
              ),
            ),
        ),
      );
    }
    return db
      .select()
      .from(contentRequests)
      .where(and(...conditions))
      .orderBy(desc(contentRequests.id))
      .limit(query.limit);
  },

  async insertLines(
    tx: Tx,
    values: (typeof contentRequestInfluencers.$inferInsert)[],
  ): Promise<LineRow[]> {
    if (values.length === 0) return [];
    return tx.insert(contentRequestInfluencers).values(values).returning();
  },

  async linesOf(db: DbOrTx, contentRequestIds: number[]): Promise<LineRow[]> {
    if (contentRequestIds.length === 0) return [];
    return db
      .select()
      .from(contentRequestInfluencers)
      .where(inArray(contentRequestInfluencers.contentRequestId, contentRequestIds))
      .orderBy(contentRequestInfluencers.id);
  },

  /** Lines with their request, in no particular order (delivery's line descriptions). */
  async linesWithRequests(
    db: DbOrTx,
    lineIds: readonly number[],
  ): Promise<{ line: LineRow; request: ContentRequestRow }[]> {
    if (lineIds.length === 0) return [];
    return db
      .select({ line: contentRequestInfluencers, request: contentRequests })
      .from(contentRequestInfluencers)
      .innerJoin(
        contentRequests,
        eq(contentRequests.id, contentRequestInfluencers.contentRequestId),
      )
      .where(inArray(contentRequestInfluencers.id, [...lineIds]));
  },

  async findLines(db: DbOrTx, ids: number[]): Promise<LineRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(contentRequestInfluencers)
      .where(inArray(contentRequestInfluencers.id, ids));
  },

  async findLine(db: DbOrTx, id: number): Promise<LineRow | undefined> {
    const [row] = await db
      .select()
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, id));
    return row;
  },

  async lockLine(tx: Tx, id: number): Promise<LineRow | undefined> {
    const [row] = await tx
      .select()
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, id))
      .for('update');
    return row;
  },

  async updateLine(
    tx: DbOrTx,
    id: number,
    values: Partial<typeof contentRequestInfluencers.$inferInsert>,
  ): Promise<void> {
    await tx
      .update(contentRequestInfluencers)
      .set(values)
      .where(eq(contentRequestInfluencers.id, id));
  },

  /** A creator's lines of one source, newest first (keyset on id), in `states` when given. */
  async linesOfCreator(
    db: DbOrTx,
    influencerUserId: number,
    query: {
      source: 'content-request' | 'opportunity';
      states: readonly ContentRequestLineState[] | null;
      before?: number | undefined;
      limit: number;
    },
  ): Promise<LineRow[]> {
    return db
      .select()
      .from(contentRequestInfluencers)
      .where(
        and(
          eq(contentRequestInfluencers.influencerUserId, influencerUserId),
          isNotNull(
            query.source === 'opportunity'
              ? contentRequestInfluencers.contentOpportunityId
              : contentRequestInfluencers.contentRequestId,
          ),
          ...(query.states ? [inArray(contentRequestInfluencers.state, [...query.states])] : []),
          ...(query.before === undefined ? [] : [lt(contentRequestInfluencers.id, query.before)]),
        ),
      )
      .orderBy(desc(contentRequestInfluencers.id))
      .limit(query.limit);
  },
};

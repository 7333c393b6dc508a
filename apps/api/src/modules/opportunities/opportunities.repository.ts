import { and, desc, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { OpportunityState } from '@clipmarket/contracts/workflows/opportunity';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { contentOpportunities, contentOpportunityInvitations } from './opportunities.schema.js';

export type OpportunityRow = typeof contentOpportunities.$inferSelect;
export type NewOpportunity = typeof contentOpportunities.$inferInsert;

/** The SQL of the opportunities module. */
export const opportunitiesRepository = {
  async insert(tx: DbOrTx, values: NewOpportunity): Promise<OpportunityRow> {
    const [row] = await tx.insert(contentOpportunities).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, id: number): Promise<OpportunityRow | undefined> {
    const [row] = await db
      .select()
      .from(contentOpportunities)
      .where(eq(contentOpportunities.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<OpportunityRow | undefined> {
    const [row] = await tx
      .select()
      .from(contentOpportunities)
      .where(eq(contentOpportunities.id, id))
      .for('update');
    return row;
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewOpportunity>): Promise<void> {
    await tx
      .update(contentOpportunities)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(contentOpportunities.id, id));
  },

  /** The invited creators of a private opportunity, replaced as a whole. */
  async replaceInvitations(tx: Tx, id: number, influencerIds: readonly number[]): Promise<void> {
    await tx
      .delete(contentOpportunityInvitations)
      .where(eq(contentOpportunityInvitations.contentOpportunityId, id));
    if (influencerIds.length === 0) return;
    await tx
      .insert(contentOpportunityInvitations)
      .values(influencerIds.map((influencerId) => ({ contentOpportunityId: id, influencerId })));
  },

  /** The invited creators of each opportunity (influencer ids, in the order invited). */
  async invitationsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number[]>> {
    const invited = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return invited;
    const rows = await db
      .select()
      .from(contentOpportunityInvitations)
      .where(inArray(contentOpportunityInvitations.contentOpportunityId, [...ids]))
      .orderBy(contentOpportunityInvitations.createdAt, contentOpportunityInvitations.influencerId);
    for (const row of rows) invited.get(row.contentOpportunityId)?.push(row.influencerId);
    return invited;
  },

  /**
   * An advertiser's opportunities, newest first (keyset on id): in `states`, or every one but
   * drafts and discarded ones when null.
   */
  async listOfAdvertiser(
    db: DbOrTx,
    advertiserUserId: number,
    query: {
      states: readonly OpportunityState[] | null;
      before?: number | undefined;
      limit: number;
    },
  ): Promise<OpportunityRow[]> {
    return db
      .select()
      .from(contentOpportunities)
      .where(
        and(
          eq(contentOpportunities.advertiserUserId, advertiserUserId),
          query.states
            ? inArray(contentOpportunities.state, [...query.states])
            : notInArray(contentOpportunities.state, ['draft', 'discarded']),
          query.before === undefined ? undefined : lt(contentOpportunities.id, query.before),
        ),
      )
      .orderBy(desc(contentOpportunities.id))
      .limit(query.limit);
  },
};

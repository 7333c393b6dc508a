import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import {
  campaignItems,
  campaigns,
  campaignShareLinks,
  type CampaignItemRow,
  type CampaignRow,
  type CampaignShareLinkRow,
  type NewCampaign,
} from './campaigns.schema.js';

/** A request or an opportunity, as `campaign_items` names it. */
export type ItemRef = { kind: 'content-request'; id: number } | { kind: 'opportunity'; id: number };

const itemColumn = (kind: ItemRef['kind']) =>
  kind === 'content-request' ? campaignItems.contentRequestId : campaignItems.contentOpportunityId;

/** The SQL of the campaigns module: `campaigns`, `campaign_items` and `campaign_share_links`. */
export const campaignsRepository = {
  async insert(tx: DbOrTx, values: NewCampaign): Promise<CampaignRow> {
    const [row] = await tx.insert(campaigns).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, id: number): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<CampaignRow | undefined> {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    return row;
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewCampaign>): Promise<CampaignRow> {
    const [row] = await tx
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    return row!;
  },

  async delete(tx: DbOrTx, id: number): Promise<void> {
    await tx.delete(campaigns).where(eq(campaigns.id, id));
  },

  /**
   * Advertisers with a campaign running on at least one day from `start` to `end` (calendar
   * days), by user id after `afterUserId` (keyset): who a weekly summary is about.
   */
  async advertisersWithCampaignsBetween(
    db: DbOrTx,
    days: { start: string; end: string },
    afterUserId: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await db
      .selectDistinct({ userId: campaigns.advertiserUserId })
      .from(campaigns)
      .where(
        and(
          lte(campaigns.startsOn, days.end),
          gte(campaigns.endsOn, days.start),
          gt(campaigns.advertiserUserId, afterUserId),
        ),
      )
      .orderBy(asc(campaigns.advertiserUserId))
      .limit(limit);
    return rows.map((row) => row.userId);
  },

  /** An advertiser's campaigns, newest first (keyset on id). */
  async listOfAdvertiser(
    db: DbOrTx,
    advertiserUserId: number,
    page: { before?: number | undefined; limit: number },
  ): Promise<CampaignRow[]> {
    return db
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.advertiserUserId, advertiserUserId),
          page.before === undefined ? undefined : lt(campaigns.id, page.before),
        ),
      )
      .orderBy(desc(campaigns.id))
      .limit(page.limit);
  },

  async itemsOf(db: DbOrTx, campaignIds: readonly number[]): Promise<CampaignItemRow[]> {
    if (campaignIds.length === 0) return [];
    return db
      .select()
      .from(campaignItems)
      .where(inArray(campaignItems.campaignId, [...campaignIds]))
      .orderBy(desc(campaignItems.attachedAt), desc(campaignItems.id));
  },

  /** The campaign each of these requests and opportunities is in, if any. */
  async campaignsOfItems(
    db: DbOrTx,
    items: { contentRequestIds: readonly number[]; contentOpportunityIds: readonly number[] },
  ) {
    const conditions: SQL[] = [];
    if (items.contentRequestIds.length > 0) {
      conditions.push(inArray(campaignItems.contentRequestId, [...items.contentRequestIds]));
    }
    if (items.contentOpportunityIds.length > 0) {
      conditions.push(
        inArray(campaignItems.contentOpportunityId, [...items.contentOpportunityIds]),
      );
    }
    if (conditions.length === 0) return [];
    return db
      .select({
        contentRequestId: campaignItems.contentRequestId,
        contentOpportunityId: campaignItems.contentOpportunityId,
        campaign: campaigns,
      })
      .from(campaignItems)
      .innerJoin(campaigns, eq(campaigns.id, campaignItems.campaignId))
      .where(or(...conditions));
  },

  /** Puts the item in the campaign, out of any other (an item is in one campaign at most). */
  async attach(tx: Tx, campaignId: number, item: ItemRef): Promise<void> {
    await tx.delete(campaignItems).where(eq(itemColumn(item.kind), item.id));
    await tx.insert(campaignItems).values({
      campaignId,
      ...(item.kind === 'content-request'
        ? { contentRequestId: item.id }
        : { contentOpportunityId: item.id }),
    });
  },

  /** Whether the item was in the campaign. */
  async detach(tx: DbOrTx, campaignId: number, item: ItemRef): Promise<boolean> {
    const removed = await tx
      .delete(campaignItems)
      .where(and(eq(campaignItems.campaignId, campaignId), eq(itemColumn(item.kind), item.id)))
      .returning({ id: campaignItems.id });
    return removed.length > 0;
  },

  /** The campaign's link that is not revoked, if any. */
  async activeShareLink(db: DbOrTx, campaignId: number): Promise<CampaignShareLinkRow | undefined> {
    const [row] = await db
      .select()
      .from(campaignShareLinks)
      .where(
        and(eq(campaignShareLinks.campaignId, campaignId), isNull(campaignShareLinks.revokedAt)),
      );
    return row;
  },

  /** Undefined when the token was used before (a revoked link's is never given again). */
  async insertShareLink(
    tx: DbOrTx,
    campaignId: number,
    token: string,
  ): Promise<CampaignShareLinkRow | undefined> {
    const [row] = await tx
      .insert(campaignShareLinks)
      .values({ campaignId, token })
      .onConflictDoNothing({ target: campaignShareLinks.token })
      .returning();
    return row;
  },

  async revokeShareLinks(tx: DbOrTx, campaignId: number, at: Date): Promise<void> {
    await tx
      .update(campaignShareLinks)
      .set({ revokedAt: at })
      .where(
        and(eq(campaignShareLinks.campaignId, campaignId), isNull(campaignShareLinks.revokedAt)),
      );
  },

  /**
   * A visit of a live link: counted, and answered with its campaign; undefined for an unknown
   * or revoked token.
   */
  async visitShareLink(db: DbOrTx, token: string, at: Date): Promise<CampaignRow | undefined> {
    const [visited] = await db
      .update(campaignShareLinks)
      .set({ visits: sql`${campaignShareLinks.visits} + 1`, lastVisitedAt: at })
      .where(and(eq(campaignShareLinks.token, token), isNull(campaignShareLinks.revokedAt)))
      .returning({ campaignId: campaignShareLinks.campaignId });
    if (!visited) return undefined;
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, visited.campaignId));
    return row;
  },
};

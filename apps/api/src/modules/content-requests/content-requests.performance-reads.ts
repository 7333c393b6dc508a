import { and, asc, eq, sql } from 'drizzle-orm';
import type { MetricPlatform as Platform } from '@clipmarket/contracts/publication-metrics';
import { inIds } from '../../platform/db/any-of.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertiserLinesOf, type LineSources } from './content-requests.campaign-reads.js';
import {
  contentRequestInfluencers as lines,
  contentRequestLinks,
} from './content-requests.schema.js';

/**
 * What the performance pages read of delivery lines (issue 24 §3): the lines of some requests
 * and opportunities with their price and whether it was paid, and the approved publication
 * links of some lines. Only the advertiser's own lines are ever answered.
 */
export const performanceReadsOfRequests = {
  async linesOf(q: DbOrTx, advertiserUserId: number, sources: LineSources) {
    const ofSources = advertiserLinesOf(advertiserUserId, sources);
    if (!ofSources) return [];
    const rows = await q
      .select({
        lineId: lines.id,
        contentRequestId: lines.contentRequestId,
        contentOpportunityId: lines.contentOpportunityId,
        lineNumber: lines.lineNumber,
        influencerId: lines.influencerId,
        price: lines.price,
        paidAt: lines.paidAt,
      })
      .from(lines)
      .where(ofSources)
      .orderBy(asc(lines.id));
    return rows.map(({ paidAt, ...row }) => ({ ...row, paid: paidAt !== null }));
  },

  /**
   * Per request or opportunity (the dashboard: an advertiser's thousands of lines in a row per
   * item): its lines' ids, the content fees of those paid, and how many have an approved
   * publication link.
   */
  async linesByItemOf(q: DbOrTx, advertiserUserId: number, sources: LineSources) {
    const ofSources = advertiserLinesOf(advertiserUserId, sources);
    if (!ofSources) return [];
    // A scalar subquery with a limit: found by the links' index line by line (an `exists`
    // there is planned as one hashed read of every approved link of every advertiser).
    const approved = sql`(select true from ${contentRequestLinks}
      where ${contentRequestLinks.lineId} = ${lines.id} and ${contentRequestLinks.state} = 'approved'
      limit 1)`;
    return q
      .select({
        contentRequestId: lines.contentRequestId,
        contentOpportunityId: lines.contentOpportunityId,
        lineIds: sql<number[]>`array_agg(${lines.id} order by ${lines.id})`,
        contentFees: sql<number>`coalesce(sum(${lines.price}) filter (where ${lines.paidAt} is not null), 0)::float8`,
        published: sql<number>`(count(*) filter (where ${approved}))::int`,
      })
      .from(lines)
      .where(ofSources)
      .groupBy(lines.contentRequestId, lines.contentOpportunityId);
  },

  /** The approved publication links of some lines, oldest first. */
  async approvedLinksOf(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<{ linkId: number; lineId: number; platform: Platform; url: string }[]> {
    if (lineIds.length === 0) return [];
    return q
      .select({
        linkId: contentRequestLinks.id,
        lineId: contentRequestLinks.lineId,
        platform: contentRequestLinks.platform,
        url: contentRequestLinks.url,
      })
      .from(contentRequestLinks)
      .where(
        and(inIds(contentRequestLinks.lineId, lineIds), eq(contentRequestLinks.state, 'approved')),
      )
      .orderBy(asc(contentRequestLinks.id));
  },
};

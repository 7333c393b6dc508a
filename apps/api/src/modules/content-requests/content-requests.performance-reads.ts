import { and, asc, eq } from 'drizzle-orm';
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

import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { contentRequestReference } from '@clipmarket/contracts/content-requests';
import { inIds } from '../../platform/db/any-of.js';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  contentRequestInfluencers as lines,
  contentRequestLinks,
  contentRequests,
} from './content-requests.schema.js';

/** Ids of requests and opportunities whose delivery lines are asked for. */
export interface LineSources {
  contentRequestIds: readonly number[];
  contentOpportunityIds: readonly number[];
}

/**
 * The advertiser's delivery lines of some requests and opportunities (both sources' lines are
 * rows of one table), as a condition; null when no source is asked for.
 */
export function advertiserLinesOf(advertiserUserId: number, sources: LineSources): SQL | null {
  const bySource: SQL[] = [];
  if (sources.contentRequestIds.length > 0) {
    bySource.push(inIds(lines.contentRequestId, sources.contentRequestIds));
  }
  if (sources.contentOpportunityIds.length > 0) {
    bySource.push(inIds(lines.contentOpportunityId, sources.contentOpportunityIds));
  }
  if (bySource.length === 0) return null;
  return and(eq(lines.advertiserUserId, advertiserUserId), or(...bySource))!;
}

/** At most this many of an advertiser's requests are offered for attaching to a campaign. */
const OWN_REQUESTS_LISTED = 200;

/**
 * What the campaigns module reads of requests and of every delivery line (issue 24 §1): the
 * advertiser's requests (some, or the newest), and the lines of some requests and opportunities
 * with their approved publication links. Only the advertiser's own rows are ever answered.
 */
export const campaignReadsOfRequests = {
  async requestsOf(q: DbOrTx, advertiserUserId: number, ids?: readonly number[]) {
    if (ids?.length === 0) return [];
    const rows = await q
      .select({
        id: contentRequests.id,
        title: contentRequests.title,
        status: contentRequests.status,
        createdAt: contentRequests.createdAt,
      })
      .from(contentRequests)
      .where(
        and(
          eq(contentRequests.advertiserUserId, advertiserUserId),
          ids ? inArray(contentRequests.id, [...ids]) : undefined,
        ),
      )
      .orderBy(desc(contentRequests.id))
      .limit(ids ? ids.length : OWN_REQUESTS_LISTED);
    return rows.map((row) => ({ ...row, reference: contentRequestReference(row.id) }));
  },

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
        state: lines.state,
        price: lines.price,
      })
      .from(lines)
      .where(ofSources)
      .orderBy(lines.id);
    const approved =
      rows.length === 0
        ? []
        : await q
            .select({ lineId: contentRequestLinks.lineId, count: count() })
            .from(contentRequestLinks)
            .where(
              and(
                inArray(
                  contentRequestLinks.lineId,
                  rows.map((row) => row.lineId),
                ),
                eq(contentRequestLinks.state, 'approved'),
              ),
            )
            .groupBy(contentRequestLinks.lineId);
    const approvedOf = new Map(approved.map((row) => [row.lineId, row.count]));
    return rows.map((row) => ({ ...row, approvedLinks: approvedOf.get(row.lineId) ?? 0 }));
  },
};

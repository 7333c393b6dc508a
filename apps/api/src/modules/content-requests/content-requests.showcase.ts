import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { platforms } from '@clipmarket/contracts/enums';
import { inIds } from '../../platform/db/any-of.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { notFound } from '../../platform/http/errors.js';
import { workflowAudit } from '../../platform/workflow/workflow.schema.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import type { Caller } from './content-requests.ports.js';
import { contentRequestsRepository as repository } from './content-requests.repository.js';
import {
  contentRequestFeedback,
  contentRequestInfluencers as lines,
  contentRequestLinks,
} from './content-requests.schema.js';

type Platform = (typeof platforms)[number];

/** A line whose video the advertiser approved: it counts in the creator's delivered work. */
const DELIVERED_STATES = [
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
] as const;

/**
 * The advertiser's showcase switch (issue 25): whether the creator may show the line's published
 * video in their media kit and Get inspired. Only the line's advertiser changes it; anyone else,
 * its creator included, finds no such line (404).
 */
export async function setLineShowcase(
  db: DbOrTx,
  caller: Caller,
  lineId: number,
  allowed: boolean,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const line = await repository.lockLine(tx, lineId);
    const isAdvertiser =
      (caller.role === 'BRAND' || caller.role === 'AGENCY') &&
      line?.advertiserUserId === caller.userId;
    if (!line || !isAdvertiser) throw notFound('Content request line');
    await repository.updateLine(tx, lineId, { showcaseAllowed: allowed });
  });
}

/** One delivered line of a creator, as the media kit reads it. */
export interface DeliveredLine {
  lineId: number;
  reference: string;
  title: string;
  advertiserUserId: number;
  contentType: string | null;
  videoDuration: number | null;
  deliveryDeadline: Date | null;
  /** When the approved video was sent (the last submission before the approval). */
  deliveredAt: Date | null;
  /** The advertiser's rating (1–5) of the approval, when given. */
  rating: number | null;
  showcaseAllowed: boolean;
  /** The approved publication links, oldest first (published: at least one). */
  links: { linkId: number; platform: Platform; url: string }[];
}

/**
 * What the media kit reads of a creator's work (issue 25 §1): every line whose video an
 * advertiser approved, requests' and opportunities' alike, with what was ordered (content type,
 * length, deadline), when it was delivered, its rating and its approved publication links. Only
 * the creator's own lines are ever answered.
 */
export const mediaKitReadsOfRequests = {
  async deliveredLinesOf(q: DbOrTx, creatorUserId: number): Promise<DeliveredLine[]> {
    const rows = await q
      .select({
        lineId: lines.id,
        advertiserUserId: lines.advertiserUserId,
        showcaseAllowed: lines.showcaseAllowed,
      })
      .from(lines)
      .where(
        and(eq(lines.influencerUserId, creatorUserId), inArray(lines.state, [...DELIVERED_STATES])),
      )
      .orderBy(desc(lines.id));
    if (rows.length === 0) return [];
    const lineIds = rows.map((row) => row.lineId);
    const descriptions = await deliveryLines.describeMany(q, lineIds);
    const ratings = await q
      .selectDistinctOn([contentRequestFeedback.lineId], {
        lineId: contentRequestFeedback.lineId,
        rating: contentRequestFeedback.rating,
      })
      .from(contentRequestFeedback)
      .where(
        and(
          inIds(contentRequestFeedback.lineId, lineIds),
          isNotNull(contentRequestFeedback.rating),
        ),
      )
      .orderBy(contentRequestFeedback.lineId, desc(contentRequestFeedback.id));
    // The delivery is the last `submit` of the line's process (the audit every step writes).
    const submissions = await q
      .select({
        lineId: workflowAudit.subjectId,
        at: sql<Date>`max(${workflowAudit.createdAt})`.mapWith((value: string | Date) =>
          value instanceof Date ? value : new Date(value),
        ),
      })
      .from(workflowAudit)
      .where(
        and(
          eq(workflowAudit.process, 'content-request-line'),
          eq(workflowAudit.transition, 'submit'),
          inIds(workflowAudit.subjectId, lineIds),
        ),
      )
      .groupBy(workflowAudit.subjectId);
    const links = await q
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
    const ratingOf = new Map(ratings.map((row) => [row.lineId, row.rating]));
    const deliveredAtOf = new Map(submissions.map((row) => [Number(row.lineId), row.at]));
    return rows.map((row) => {
      const description = descriptions.get(row.lineId)!;
      return {
        lineId: row.lineId,
        reference: description.source.reference,
        title: description.title,
        advertiserUserId: row.advertiserUserId,
        contentType: description.brief.content_type,
        videoDuration: description.videoDurationSeconds,
        deliveryDeadline: description.deliveryDeadline,
        deliveredAt: deliveredAtOf.get(row.lineId) ?? null,
        rating: ratingOf.get(row.lineId) ?? null,
        showcaseAllowed: row.showcaseAllowed,
        links: links
          .filter((link) => link.lineId === row.lineId)
          .map(({ linkId, platform, url }) => ({ linkId, platform, url })),
      };
    });
  },
};

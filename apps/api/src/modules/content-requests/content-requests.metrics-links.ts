import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import type { DeliverySourceKind } from './delivery/index.js';
import {
  contentRequestInfluencers as lines,
  contentRequestLinks,
} from './content-requests.schema.js';

/** An approved publication link as publication metrics read it (issue 24 §2). */
export interface ApprovedPublicationLink {
  linkId: number;
  lineId: number;
  platform: 'instagram' | 'tiktok';
  url: string;
  /** When the team approved it (the windows of its figures count from here). */
  approvedAt: Date;
  influencerUserId: number;
}

/** A delivery line as the team's queue of submitted figures names it. */
export interface MetricsLineDescription {
  /** The request (or opportunity) the line belongs to. */
  source: { kind: DeliverySourceKind; id: number };
  /** The line's public reference, `CR-000010-1` (an opportunity's: `OP-000010-1`). */
  reference: string;
  title: string;
  advertiserUserId: number;
  /** The creator's influencer id (users' `describeRequestCreators` names them). */
  influencerId: number;
}

const approvedLinks = (q: DbOrTx) =>
  q
    .select({
      linkId: contentRequestLinks.id,
      lineId: contentRequestLinks.lineId,
      platform: contentRequestLinks.platform,
      url: contentRequestLinks.url,
      approvedAt: contentRequestLinks.reviewedAt,
      influencerUserId: lines.influencerUserId,
    })
    .from(contentRequestLinks)
    .innerJoin(lines, eq(lines.id, contentRequestLinks.lineId));

const toLink = (
  row: Awaited<ReturnType<typeof approvedLinks>>[number],
): ApprovedPublicationLink => ({
  ...row,
  approvedAt: row.approvedAt ?? new Date(0),
});

/**
 * Publication metrics' `LinksForMetrics`: a line's approved links, and one approved link; the
 * approved links of several lines (the weekly campaign summary counts the videos published in
 * the week by their approval); and several lines described for the team's queue.
 */
export const metricsLinksOfRequests = {
  async approvedLinksOfLine(q: DbOrTx, lineId: number): Promise<ApprovedPublicationLink[]> {
    const rows = await approvedLinks(q).where(
      and(eq(contentRequestLinks.lineId, lineId), eq(contentRequestLinks.state, 'approved')),
    );
    return rows.map(toLink);
  },

  async approvedLinksOfLines(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<ApprovedPublicationLink[]> {
    if (lineIds.length === 0) return [];
    const rows = await approvedLinks(q).where(
      and(
        inArray(contentRequestLinks.lineId, [...lineIds]),
        eq(contentRequestLinks.state, 'approved'),
      ),
    );
    return rows.map(toLink);
  },

  async approvedLink(q: DbOrTx, linkId: number): Promise<ApprovedPublicationLink | undefined> {
    const [row] = await approvedLinks(q).where(
      and(eq(contentRequestLinks.id, linkId), eq(contentRequestLinks.state, 'approved')),
    );
    return row ? toLink(row) : undefined;
  },

  /**
   * Several lines by id, of any source, in a fixed number of queries (delivery's descriptions,
   * then the lines' creators); unknown ids are absent.
   */
  async describeLines(
    q: DbOrTx,
    lineIds: readonly number[],
  ): Promise<Map<number, MetricsLineDescription>> {
    const ids = [...new Set(lineIds)];
    if (ids.length === 0) return new Map();
    const rows = await q
      .select({ lineId: lines.id, influencerId: lines.influencerId })
      .from(lines)
      .where(inArray(lines.id, ids));
    const described = await deliveryLines.describeMany(
      q,
      rows.map((row) => row.lineId),
    );
    return new Map(
      rows.map(({ lineId, influencerId }) => {
        const { source, title, advertiserUserId } = described.get(lineId)!;
        return [
          lineId,
          {
            source: { kind: source.kind, id: source.id },
            reference: source.reference,
            title,
            advertiserUserId,
            influencerId,
          },
        ];
      }),
    );
  },
};

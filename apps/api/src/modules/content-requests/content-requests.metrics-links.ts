import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
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
 * Publication metrics' `LinksForMetrics`: a line's approved links, and one approved link; and
 * the approved links of several lines (the weekly campaign summary counts the videos published
 * in the week by their approval).
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
};

import { and, asc, desc, eq, exists, lt } from 'drizzle-orm';
import type { platforms } from '@clipmarket/contracts/enums';
import { inIds } from '../../platform/db/any-of.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import type { Caller } from './content-requests.ports.js';
import { contentRequestsRepository as repository } from './content-requests.repository.js';
import {
  contentRequestInfluencers as lines,
  contentRequestLinks as links,
} from './content-requests.schema.js';

type Platform = (typeof platforms)[number];

/** A line is published once one of its publication links is approved (it stays so). */
const isPublished = (lineId: typeof lines.id) => (q: DbOrTx) =>
  exists(
    q
      .select({ one: links.id })
      .from(links)
      .where(and(eq(links.lineId, lineId), eq(links.state, 'approved'))),
  );

/**
 * The creator's consent to Get inspired (issue 25 §3): whether the line's published video may
 * be shown there (it is, only while its advertiser's `showcase_allowed` is on too). Only the
 * line's creator changes it (anyone else finds no such line: 404), and only once the video is
 * published (409 `VIDEO_NOT_PUBLISHED`): before that there is nothing to show.
 */
export async function setLineInspiration(
  db: DbOrTx,
  caller: Caller,
  lineId: number,
  allowed: boolean,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const line = await repository.lockLine(tx, lineId);
    if (!line || caller.role !== 'TALENT' || line.influencerUserId !== caller.userId) {
      throw notFound('Content request line');
    }
    const [published] = await tx
      .select({ lineId: lines.id })
      .from(lines)
      .where(and(eq(lines.id, lineId), isPublished(lines.id)(tx)));
    if (!published) {
      throw new AppError(
        'VIDEO_NOT_PUBLISHED',
        'This video can be shown in Get inspired once its publication link is approved.',
      );
    }
    await repository.updateLine(tx, lineId, { creatorShowcaseAllowed: allowed });
  });
}

/** A published video both parties allowed showing in Get inspired. */
export interface ConsentedLine {
  lineId: number;
  influencerId: number;
  influencerUserId: number;
  /** The brief's content type key; null when none was given. */
  contentType: string | null;
  videoDurationSeconds: number | null;
  /** The approved publication links, oldest first (at least one). */
  links: { linkId: number; platform: Platform; url: string }[];
}

/**
 * What Get inspired reads of the delivery lines (issue 25 §3): the published lines both the
 * creator and the advertiser consented to, newest first, on the partial index of consented
 * lines (`content_request_influencers_inspiration_idx`).
 */
export const inspirationReadsOfRequests = {
  /** A page of consented lines with an id below `before` (all when undefined), newest first. */
  async consentedLines(
    q: DbOrTx,
    page: { before?: number | undefined; limit: number },
  ): Promise<ConsentedLine[]> {
    const rows = await q
      .select({
        lineId: lines.id,
        influencerId: lines.influencerId,
        influencerUserId: lines.influencerUserId,
      })
      .from(lines)
      .where(
        and(
          eq(lines.showcaseAllowed, true),
          eq(lines.creatorShowcaseAllowed, true),
          page.before === undefined ? undefined : lt(lines.id, page.before),
          isPublished(lines.id)(q),
        ),
      )
      .orderBy(desc(lines.id))
      .limit(page.limit);
    if (rows.length === 0) return [];
    const lineIds = rows.map((row) => row.lineId);
    const descriptions = await deliveryLines.describeMany(q, lineIds);
    const approved = await q
      .select({ linkId: links.id, lineId: links.lineId, platform: links.platform, url: links.url })
      .from(links)
      .where(and(inIds(links.lineId, lineIds), eq(links.state, 'approved')))
      .orderBy(asc(links.id));
    return rows.map((row) => {
      const description = descriptions.get(row.lineId)!;
      return {
        ...row,
        contentType: description.brief.content_type,
        videoDurationSeconds: description.videoDurationSeconds,
        links: approved
          .filter((link) => link.lineId === row.lineId)
          .map(({ linkId, platform, url }) => ({ linkId, platform, url })),
      };
    });
  },

  /** Whether this line is in the gallery now: published, both consents on. */
  async isConsented(q: DbOrTx, lineId: number): Promise<boolean> {
    const [row] = await q
      .select({ lineId: lines.id })
      .from(lines)
      .where(
        and(
          eq(lines.id, lineId),
          eq(lines.showcaseAllowed, true),
          eq(lines.creatorShowcaseAllowed, true),
          isPublished(lines.id)(q),
        ),
      );
    return row !== undefined;
  },
};

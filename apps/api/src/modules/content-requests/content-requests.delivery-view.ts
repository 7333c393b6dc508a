import type {
  ContentVideo,
  LineDelivery,
  VideoStatus,
} from '@clipmarket/contracts/content-delivery';
import type { Role } from '@clipmarket/contracts/enums';
import type { PayoutStatus } from '@clipmarket/contracts/payouts';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import type { SettingsReader } from '../settings/index.js';
import { feedbackRepository } from './content-requests.feedback.repository.js';
import type { LineRow } from './content-requests.repository.js';

/** What content requests need of the content-videos module (its index's `listForLine`, `latestOf`). */
export interface VideosForRequests {
  /** The line's videos for this viewer (newest first), signed short-lived URLs. */
  listForLine(
    db: DbOrTx,
    lineId: number,
    viewer: { userId: number; role: Role },
  ): Promise<ContentVideo[]>;
  /** The newest video of a line (any status), or undefined. */
  latestOf(
    db: DbOrTx,
    lineId: number,
  ): Promise<{ videoId: number; version: number; status: VideoStatus } | undefined>;
}

/** What content requests need of the payouts module (its index's `schedule`, `payoutOfSource`). */
export interface PayoutsForRequests {
  /** In the paying transaction: the payout due after the payout delay; idempotent per key. */
  schedule(
    tx: Tx,
    input: {
      creatorUserId: number;
      amount: number;
      sourceKey: string;
      source: { content_request_influencer_id: number; reference: string; title: string };
      paidAt: Date;
    },
  ): Promise<{ payoutId: number; dueAt: Date }>;
  payoutOfSource(
    db: DbOrTx,
    sourceKey: string,
  ): Promise<{ dueAt: Date; status: PayoutStatus; paidAt: Date | null } | undefined>;
}

/** The payout of a line's earning: one per line, keyed by this source key. */
export const payoutSourceKey = (lineId: number) => `line:${lineId}`;

/**
 * What a line adds in part 2 (contracts `lineDeliverySchema`), the same for its creator and its
 * advertiser: the videos (signed for the viewer), the reviews, the publication links, the
 * revisions left, when the review window ends, when it was paid and when the creator is paid.
 */
export function createDeliveryView(deps: {
  settings: SettingsReader;
  videos: VideosForRequests;
  payouts: PayoutsForRequests;
}) {
  return async function deliveryOf(
    q: DbOrTx,
    line: LineRow,
    viewer: { userId: number; role: Role },
  ): Promise<LineDelivery> {
    // One after the other: `q` may be a transaction, one connection.
    const videos = await deps.videos.listForLine(q, line.id, viewer);
    const feedback = await feedbackRepository.listOf(q, line.id);
    const links = await feedbackRepository.linksOf(q, line.id);
    const revisionsUsed = await feedbackRepository.debriefsOf(q, line.id);
    const revisionCap = await deps.settings.get(q, 'revision_cap');
    const payout = line.paidAt
      ? await deps.payouts.payoutOfSource(q, payoutSourceKey(line.id))
      : undefined;
    const reviewHours =
      line.state === 'submitted' ? await deps.settings.getHours(q, 'review_window_days') : 0;
    return {
      videos,
      feedback: feedback.map((row) => ({
        decision: row.decision,
        feedback_reasons: row.reasons,
        rating: row.rating,
        comment: row.comment,
        video_version: row.videoVersion,
        created_at: row.createdAt.toISOString(),
      })),
      links: links.map((link) => ({
        link_id: link.id,
        platform: link.platform,
        url: link.url,
        state: link.state,
        reason: link.reason,
        submitted_at: link.createdAt.toISOString(),
        reviewed_at: link.reviewedAt?.toISOString() ?? null,
      })),
      revisions_used: revisionsUsed,
      revision_cap: revisionCap,
      review_due_at:
        line.state === 'submitted'
          ? new Date(line.enteredAt.getTime() + reviewHours * 3_600_000).toISOString()
          : null,
      paid_at: line.paidAt?.toISOString() ?? null,
      expected_payout_at: payout ? (payout.paidAt ?? payout.dueAt).toISOString() : null,
    };
  };
}

export type DeliveryView = ReturnType<typeof createDeliveryView>;

import type {
  ContentVideo,
  LineDelivery,
  LineDispute,
  VideoStatus,
} from '@clipmarket/contracts/content-delivery';
import type { Role } from '@clipmarket/contracts/enums';
import type { PayoutStatus } from '@clipmarket/contracts/payouts';
import {
  contentRequestLineProcess,
  type ContentRequestLineState,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import type { Workflow } from '../../../platform/workflow/workflow.js';
import { licenceSummaryOf } from '../../licences/index.js';
import type { SettingsReader } from '../../settings/index.js';
import { feedbackRepository } from './feedback.repository.js';
import { revisionNotesOf } from './revision-notes.js';
import type { LineRow } from '../content-requests.repository.js';

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

/** States a disputed line may be in: disputed, then approved and on, or closed. */
const DISPUTE_STATES: readonly ContentRequestLineState[] = [
  'disputed',
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
  'closed',
  'cancelled',
];

/**
 * What a line adds in part 2 (contracts `lineDeliverySchema`), the same for its creator and its
 * advertiser: the videos (signed for the viewer), the reviews and their revision notes, the
 * publication links, the revisions left, when the review window ends, when it was paid and when
 * the creator is paid.
 */
export function createDeliveryView(deps: {
  workflow: Pick<Workflow, 'history'>;
  settings: SettingsReader;
  videos: VideosForRequests;
  payouts: PayoutsForRequests;
}) {
  /** The line's latest dispute and its settlement, read from the line's recorded steps. */
  async function disputeOf(q: DbOrTx, line: LineRow): Promise<LineDispute | null> {
    // Only a line that went through `rejected` may have one: spare the others the read.
    if (!DISPUTE_STATES.includes(line.state)) return null;
    const steps = await deps.workflow.history(q, contentRequestLineProcess, line.id);
    const openedAt = steps.findLastIndex((step) => step.transition === 'dispute');
    if (openedAt === -1) return null;
    const opened = steps[openedAt]!;
    const settled = steps
      .slice(openedAt + 1)
      .find(
        (step) =>
          step.transition === 'settle_for_creator' || step.transition === 'settle_for_advertiser',
      );
    return {
      reason: opened.reason,
      opened_at: opened.at.toISOString(),
      outcome: settled
        ? settled.transition === 'settle_for_creator'
          ? 'for_creator'
          : 'for_advertiser'
        : null,
      decision_reason: settled?.reason ?? null,
      decided_at: settled?.at.toISOString() ?? null,
    };
  }

  return async function deliveryOf(
    q: DbOrTx,
    line: LineRow,
    viewer: { userId: number; role: Role },
  ): Promise<LineDelivery> {
    // One after the other: `q` may be a transaction, one connection.
    const videos = await deps.videos.listForLine(q, line.id, viewer);
    const feedback = await feedbackRepository.listOf(q, line.id);
    const revisionNotes = await revisionNotesOf(q, line.id);
    const links = await feedbackRepository.linksOf(q, line.id);
    const revisionsUsed = await feedbackRepository.debriefsOf(q, line.id);
    const revisionCap = await deps.settings.get(q, 'revision_cap');
    const payout = line.paidAt
      ? await deps.payouts.payoutOfSource(q, payoutSourceKey(line.id))
      : undefined;
    const reviewHours =
      line.state === 'submitted' ? await deps.settings.getHours(q, 'review_window_days') : 0;
    const dispute = await disputeOf(q, line);
    // Issue 27 §1: the licence's state is decided at read time (`expires_at <= now`).
    const usageLicence = await licenceSummaryOf(q, line.id, deps.settings);
    return {
      showcase_allowed: line.showcaseAllowed,
      creator_showcase_allowed: line.creatorShowcaseAllowed,
      videos,
      feedback: feedback.map((row) => ({
        decision: row.decision,
        feedback_reasons: row.reasons,
        rating: row.rating,
        comment: row.comment,
        video_version: row.videoVersion,
        created_at: row.createdAt.toISOString(),
      })),
      revision_notes: revisionNotes,
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
      paid_from: line.paidAt ? (line.holdId !== null ? 'reserved_funds' : 'payment') : null,
      dispute,
      usage_licence: usageLicence,
    };
  };
}

export type DeliveryView = ReturnType<typeof createDeliveryView>;

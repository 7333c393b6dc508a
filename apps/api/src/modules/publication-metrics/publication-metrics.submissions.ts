import type { z } from 'zod';
import type {
  AdminMetricSubmission,
  MetricSubmission,
  MetricSubmissionDecision,
  adminMetricSubmissionsQuerySchema,
  metricSubmissionBodySchema,
} from '@clipmarket/contracts/publication-metrics';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Accounts } from './publication-metrics.accounts.js';
import type { PublicationMetricsEvents } from './publication-metrics.events.js';
import type {
  LinksForMetrics,
  MediaForMetrics,
  UsersForMetrics,
} from './publication-metrics.ports.js';
import {
  snapshotsRepository as snapshots,
  submissionsRepository as submissions,
  type SubmissionRow,
} from './publication-metrics.repository.js';

type SubmissionBody = z.output<typeof metricSubmissionBodySchema>;
type AdminQuery = z.output<typeof adminMetricSubmissionsQuerySchema>;

export const toMetricSubmission = (row: SubmissionRow): MetricSubmission => ({
  submission_id: row.id,
  link_id: row.linkId,
  content_request_influencer_id: row.lineId,
  platform: row.platform,
  url: row.url,
  window: row.window,
  views: row.views,
  reach: row.reach,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  saves: row.saves,
  watch_time_ms: row.watchTimeMs,
  screenshot_file_id: row.screenshotFileId,
  state: row.state,
  reason: row.reason,
  submitted_at: row.createdAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
});

/**
 * Figures a creator submits with an insights screenshot when no account of the platform is
 * connected (issue 24 §2), and the team's check: approved figures become the window's snapshot
 * (source `creator`) unless the platform's API gave that window already.
 */
export function createSubmissions(deps: {
  db: Db;
  accounts: Accounts;
  links: LinksForMetrics;
  media: MediaForMetrics;
  users: UsersForMetrics;
  events: EventEmitter<PublicationMetricsEvents>;
  now: () => Date;
}) {
  const { db } = deps;

  return {
    async submit(
      caller: { userId: number },
      linkId: number,
      body: SubmissionBody,
    ): Promise<MetricSubmission> {
      const link = await deps.links.approvedLink(db, linkId);
      if (!link || link.influencerUserId !== caller.userId) throw notFound('Publication link');
      if (await deps.accounts.connectedAccount(caller.userId, link.platform)) {
        throw new AppError(
          'INVALID_TRANSITION',
          'Your account on this platform is connected: its figures are read from the platform.',
        );
      }
      const screenshot = (
        await deps.media.findOwnedFiles(db, caller.userId, [body.screenshot_file_id])
      ).get(body.screenshot_file_id);
      if (!screenshot || !screenshot.mime_type.startsWith('image/')) {
        const message = 'Upload the screenshot of your post’s insights (an image).';
        throw new AppError('VALIDATION_FAILED', message, [
          { field: 'screenshot_file_id', message },
        ]);
      }
      return inTransaction(db, async (tx) => {
        if (await submissions.waitingFor(tx, linkId, body.window)) {
          throw new AppError(
            'INVALID_TRANSITION',
            'Figures for this post are waiting for our team already.',
          );
        }
        const row = await submissions.insert(tx, {
          linkId,
          lineId: link.lineId,
          creatorUserId: caller.userId,
          platform: link.platform,
          url: link.url,
          window: body.window,
          views: body.views,
          reach: body.reach,
          likes: body.likes,
          comments: body.comments,
          shares: body.shares,
          saves: body.saves,
          watchTimeMs: body.watch_time_ms,
          screenshotFileId: body.screenshot_file_id,
          createdAt: deps.now(),
        });
        return toMetricSubmission(row);
      }).catch((error: unknown) => {
        // Two submissions at once: the waiting one's unique index refuses the second.
        if ((error as { code?: string }).code === '23505') {
          throw new AppError(
            'INVALID_TRANSITION',
            'Figures for this post are waiting for our team already.',
          );
        }
        throw error;
      });
    },

    /**
     * The team's queue, each submission named by its delivery line (reference, title, both
     * parties' names) in a fixed number of queries whatever the page's size.
     */
    async list(query: AdminQuery) {
      const rows = await submissions.list(db, { ...query, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const lines = await deps.links.describeLines(
        db,
        page.map((row) => row.lineId),
      );
      const described = [...lines.values()];
      const creators = await deps.users.describeRequestCreators(
        db,
        described.map((line) => line.influencerId),
      );
      const advertisers = await deps.users.describeRequestAdvertisers(
        db,
        described.map((line) => line.advertiserUserId),
      );
      const data: AdminMetricSubmission[] = page.map((row) => {
        // Its link's line, always there: the empty names are only a guard.
        const line = lines.get(row.lineId);
        return {
          ...toMetricSubmission(row),
          creator_user_id: row.creatorUserId,
          reference: line?.reference ?? '',
          title: line?.title ?? '',
          creator_name: (line && creators.get(line.influencerId)?.name) ?? '',
          advertiser_name: (line && advertisers.get(line.advertiserUserId)?.name) ?? '',
          content_request_id: line?.source.kind === 'content-request' ? line.source.id : null,
          content_opportunity_id: line?.source.kind === 'opportunity' ? line.source.id : null,
        };
      });
      return { data, next_after: rows.length > query.limit ? page.at(-1)!.id : null };
    },

    async decide(admin: { userId: number }, submissionId: number, body: MetricSubmissionDecision) {
      return inTransaction(db, async (tx) => {
        const row = await submissions.lock(tx, submissionId);
        if (!row) throw notFound('Metric submission');
        if (row.state !== 'submitted') {
          throw new AppError('INVALID_TRANSITION', `These figures were ${row.state} already.`);
        }
        const reviewedAt = deps.now();
        const decided = await submissions.update(tx, submissionId, {
          state: body.decision === 'approve' ? 'approved' : 'declined',
          reason: body.decision === 'decline' ? body.reason : null,
          reviewedByUserId: admin.userId,
          reviewedAt,
        });
        if (body.decision === 'approve') {
          await snapshots.write(tx, {
            linkId: row.linkId,
            lineId: row.lineId,
            platform: row.platform,
            window: row.window,
            source: 'creator',
            // When the creator read them (the screenshot's figures), not when we checked.
            readAt: row.createdAt,
            views: row.views,
            reach: row.reach,
            likes: row.likes,
            comments: row.comments,
            shares: row.shares,
            saves: row.saves,
            watchTimeMs: row.watchTimeMs,
            submissionId: row.id,
          });
        }
        // The creator hears of the team's check (notifications).
        await deps.events.emit(tx, 'publication-metrics.submission-decided', {
          submissionId: row.id,
          linkId: row.linkId,
          lineId: row.lineId,
          creatorUserId: row.creatorUserId,
          platform: row.platform,
          decision: decided.state === 'approved' ? 'approved' : 'declined',
          reason: decided.reason,
        });
        return toMetricSubmission(decided);
      });
    },
  };
}

export type Submissions = ReturnType<typeof createSubmissions>;

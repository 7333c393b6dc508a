import type { z } from 'zod';
import type { reviewBodySchema } from '@clipmarket/contracts/content-delivery';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, Tx } from '../../../platform/db/client.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import { AppError, notFound } from '../../../platform/http/errors.js';
import { defineJob, type JobQueue } from '../../../platform/jobs/job-queue.js';
import { InvalidTransitionError, type Workflow } from '../../../platform/workflow/workflow.js';
import type { SettingsReader } from '../../settings/index.js';
import type { VideosForRequests } from './view.js';
import type { ContentRequestsEvents } from '../content-requests.events.js';
import { feedbackRepository } from './feedback.repository.js';
import { contentRequestsRepository as repository } from '../content-requests.repository.js';
import type { ContentPayment } from './content-payment.js';
import type { Caller } from '../content-requests.ports.js';
import type { ContentRequestsService } from '../content-requests.service.js';
import { checkNotesWithinVideo, writeRevisionNotes } from './revision-notes.js';

type ReviewBody = z.infer<typeof reviewBodySchema>;

/** Hours before the review window ends that the advertiser is reminded to review. */
export const REVIEW_REMINDER_HOURS_BEFORE = 24;

/**
 * The advertiser's review of a submitted video (issue 11 §3, spec §3 feedback reasons): approve
 * with a rating, debrief (a revision, at most `revision_cap` per line) or reject, each kept as a
 * feedback row on the reviewed version in the transition's transaction; the automatic approval
 * when the review window passes is recorded the same way; the advertiser is reminded a day
 * before the window ends. A debrief may carry revision notes on the reviewed version's timeline
 * (issue 27 §3), written in its transaction.
 */
export function createLineReview(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  settings: SettingsReader;
  videos: VideosForRequests;
  requests: Pick<ContentRequestsService, 'onLineEntered' | 'getLine'>;
  /** The content fee's capture from the line's hold, in the approval's transaction. */
  payment: Pick<ContentPayment, 'captureHeld'>;
}) {
  const { db, workflow, events, settings, videos, requests } = deps;

  const reviewReminderJob = defineJob<{ lineId: number; version: number }>({
    name: 'content-request-review-reminder',
    retryLimit: 5,
    handle: async ({ lineId, version }) => {
      const line = await repository.findLine(db, lineId);
      if (!line || line.state !== 'submitted' || line.version !== version) return;
      await events.emit(db, 'content-request-line.reminder', {
        lineId,
        kind: 'review',
        influencerUserId: line.influencerUserId,
      });
    },
  });
  deps.jobs.register(reviewReminderJob);

  requests.onLineEntered(async (tx: Tx, { lineId, state, version, transition }) => {
    if (state === 'submitted') {
      const windowHours = await settings.getHours(tx, 'review_window_days');
      if (windowHours > REVIEW_REMINDER_HOURS_BEFORE) {
        const remindAt = Date.now() + (windowHours - REVIEW_REMINDER_HOURS_BEFORE) * 3_600_000;
        await events.stageJob(
          tx,
          reviewReminderJob,
          { lineId, version },
          { startAfter: new Date(remindAt) },
        );
      }
    }
    // Approved without the advertiser's review: the timer's automatic approval of a version
    // nobody reviewed is recorded as its feedback; a dispute settled for the creator is not
    // (its version carries the rejection already).
    if (state === 'approved' && transition !== 'approve') {
      const video = await videos.latestOf(tx, lineId);
      const latest = await feedbackRepository.latestOf(tx, lineId);
      if (!latest || latest.videoVersion !== (video?.version ?? null)) {
        await feedbackRepository.insert(tx, {
          lineId,
          decision: 'auto_approve',
          videoVersion: video?.version ?? null,
          authorUserId: null,
        });
      }
    }
  });

  return {
    /** `POST /v2/content-request-influencers/{id}/review`: answers the line after it. */
    async review(caller: Caller, lineId: number, body: ReviewBody) {
      const line = await repository.findLine(db, lineId);
      const isAdvertiser =
        (caller.role === 'BRAND' || caller.role === 'AGENCY') &&
        line?.advertiserUserId === caller.userId;
      if (!line || !isAdvertiser) throw notFound('Content request line');
      await inTransaction(db, async (tx) => {
        // Locked first: two reviews at once are one after the other, the second refused.
        const locked = (await repository.lockLine(tx, lineId))!;
        if (locked.state !== 'submitted') {
          throw new InvalidTransitionError(
            contentRequestLineProcess.name,
            body.decision,
            locked.state,
          );
        }
        const video = await videos.latestOf(tx, lineId);
        if (!video || video.status !== 'ready') {
          throw new AppError('VIDEO_NOT_READY', 'The video is not ready to be reviewed yet.');
        }
        if (body.decision === 'debrief') {
          const cap = await settings.get(tx, 'revision_cap');
          if ((await feedbackRepository.debriefsOf(tx, lineId)) >= cap) {
            throw new AppError(
              'REVISION_CAP_REACHED',
              `You have already asked for ${cap} revision(s) of this video: approve or reject it.`,
            );
          }
        }
        await workflow.apply(tx, {
          process: contentRequestLineProcess,
          subjectId: lineId,
          transition: body.decision,
          actor: { role: caller.role, userId: caller.userId },
          // Debrief and reject tell the creator why, in the line's reason too.
          reason: body.decision === 'approve' ? null : body.comment,
        });
        // Issue 27 §3: a debrief's notes point into the reviewed version, not past its end.
        const notes = body.decision === 'debrief' ? body.notes : [];
        if (notes.length > 0) {
          const versions = await videos.listForLine(tx, lineId, caller);
          const reviewed = versions.find((v) => v.version === video.version);
          checkNotesWithinVideo(notes, reviewed?.duration_seconds ?? null);
        }
        const feedback = await feedbackRepository.insert(tx, {
          lineId,
          decision: body.decision,
          reasons: body.feedback_reasons,
          rating: body.decision === 'approve' ? body.rating : null,
          comment: body.comment?.trim() ? body.comment : null,
          videoVersion: video.version,
          authorUserId: caller.userId,
        });
        if (notes.length > 0) {
          await writeRevisionNotes(tx, {
            lineId,
            feedbackId: feedback.id,
            videoVersion: video.version,
            notes,
          });
        }
        // Approved with its fee reserved at sending: the creator is paid in this transaction.
        if (body.decision === 'approve') await deps.payment.captureHeld(tx, lineId);
      });
      return requests.getLine(caller, lineId);
    },
  };
}

export type LineReview = ReturnType<typeof createLineReview>;

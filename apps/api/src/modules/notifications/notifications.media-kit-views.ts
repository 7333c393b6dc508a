import { deadlineOf } from '@clipmarket/contracts/request-dates';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import { findNotificationParty } from '../users/index.js';
import { pastWeekOf } from './notifications.campaign-summary.js';
import { buildMediaKitViewsEmail } from './notifications.media-kit-views-email.js';
import type { NotificationsService } from './notifications.service.js';

/** What the weekly views notice reads of the media kit (handed in by app.ts). */
export interface MediaKitViewsReads {
  /** Each creator's views and downloads of the period, those with a view only, by user id. */
  visitsOfKitsBetween(
    q: DbOrTx,
    period: { from: Date; to: Date },
    page: { after: number; limit: number },
  ): Promise<{ userId: number; views: number; downloads: number }[]>;
}

const DAY_MS = 86_400_000;
const CREATOR_PAGE = 500;
/** Mondays at 07:15 UTC (08:15 in Tunisia), after the campaign summaries. */
const MEDIA_KIT_VIEWS_CRON = '15 7 * * 1';

/** The instants the week's Tunisian days start and end (Monday 00:00 to next Monday 00:00). */
export function instantsOfWeek(week: { start: string; end: string }): { from: Date; to: Date } {
  const nextMonday = new Date(Date.parse(`${week.end}T00:00:00Z`) + DAY_MS)
    .toISOString()
    .slice(0, 10);
  return { from: deadlineOf(week.start, '00:00'), to: deadlineOf(nextMonday, '00:00') };
}

/** `notified`: in the bell only (the creator's allow_emails is N, or the e-mail failed). */
export type MediaKitViewsOutcome = 'emailed' | 'notified' | 'already-sent';

/**
 * The weekly "your media kit was viewed N times" (issue 25 §5): every Monday, each creator
 * whose public kit was viewed during the past week (Monday to Sunday, Tunisia's days; views
 * counted as the public page counts them: bots left out, one per visitor and hour) gets the
 * bell's `media_kit_weekly_views` with the week's views and PDF downloads, and, when their
 * `allow_emails` is Y (`notify` decides), the e-mail in their language. A week without a view
 * sends nothing. Once per creator and week, whatever reruns or workers: the idempotency key
 * `media-kit-views:{userId}:{Monday}` (as the campaign summary's).
 */
export function createMediaKitViewSummaries(deps: {
  db: Db;
  jobs: JobQueue;
  service: Pick<NotificationsService, 'notify'>;
  reads: MediaKitViewsReads;
  publicUrl: string;
  log: Logger;
}) {
  const { db } = deps;

  async function notifyCreator(
    visits: { userId: number; views: number; downloads: number },
    week: { start: string; end: string },
  ): Promise<MediaKitViewsOutcome | undefined> {
    const party = await findNotificationParty(db, visits.userId);
    if (!party?.influencer) return undefined;
    const { influencer } = party;
    const name =
      influencer.name || [influencer.firstName, influencer.lastName].filter(Boolean).join(' ');
    const result = await deps.service.notify({
      receiverUserId: visits.userId,
      module: 'account',
      type: 'media_kit_weekly_views',
      params: { view_count: visits.views, download_count: visits.downloads },
      idempotencyKey: `media-kit-views:${visits.userId}:${week.start}`,
      email: buildMediaKitViewsEmail({
        to: party.email,
        language: party.language,
        name: name || null,
        week,
        views: visits.views,
        downloads: visits.downloads,
        publicUrl: deps.publicUrl,
      }),
    });
    if (result.isRepeat) return 'already-sent';
    return result.emailed ? 'emailed' : 'notified';
  }

  /**
   * The notices of the week before `now`'s, creator by creator; one creator's failure does not
   * stop the others, the job then fails and its retry sends only what was not sent.
   */
  async function sendWeeklyViews(now: Date) {
    const counts: Record<MediaKitViewsOutcome | 'failed', number> = {
      emailed: 0,
      notified: 0,
      'already-sent': 0,
      failed: 0,
    };
    const week = pastWeekOf(now);
    const period = instantsOfWeek(week);
    let after = 0;
    for (;;) {
      const page = await deps.reads.visitsOfKitsBetween(db, period, {
        after,
        limit: CREATOR_PAGE,
      });
      for (const visits of page) {
        try {
          const outcome = await notifyCreator(visits, week);
          if (outcome) counts[outcome] += 1;
        } catch (error) {
          counts.failed += 1;
          deps.log.error({ err: error, userId: visits.userId }, 'media kit views notice failed');
        }
      }
      if (page.length < CREATOR_PAGE) break;
      after = page[page.length - 1]!.userId;
    }
    deps.log.info({ week, ...counts }, 'media kit weekly views sent');
    if (counts.failed > 0) throw new Error(`${counts.failed} media kit views notices failed`);
    return counts;
  }

  deps.jobs.register(
    defineJob<object>({
      name: 'media-kit-weekly-views',
      cron: MEDIA_KIT_VIEWS_CRON,
      retryLimit: 3,
      retryDelaySeconds: 600,
      expireInSeconds: 60 * 60,
      // The clock is read here only: the work takes `now`, which tests choose.
      handle: async () => {
        await sendWeeklyViews(new Date());
      },
    }),
  );

  return { sendWeeklyViews };
}

export type MediaKitViewSummaries = ReturnType<typeof createMediaKitViewSummaries>;

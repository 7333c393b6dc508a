import { REVIEW_BLIND_DAYS } from '@clipmarket/contracts/reviews';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import type { ReviewsEvents } from './reviews.events.js';
import { reviewsRepository as repository } from './reviews.repository.js';

const DAY_MS = 24 * 3_600_000;
/** Looked for over a few days, so that a missed run still tells (the notice is once per review). */
const LOOK_BACK_DAYS = 3;

/**
 * A review nobody answered shows 7 days after it was written, with no write to announce it:
 * this daily job emits `reviews.revealed` for those shown since its last runs (notifications
 * tell the subject once per review, whichever way it became visible).
 */
export function createRevealAnnouncements(deps: {
  db: Db;
  events: EventEmitter<ReviewsEvents>;
  jobs: JobQueue;
  clock: { now: () => Date };
  log: Logger;
}) {
  async function announceRevealed(): Promise<number> {
    const to = deps.clock.now();
    const from = new Date(to.getTime() - LOOK_BACK_DAYS * DAY_MS);
    const rows = await repository.revealedByTimeBetween(deps.db, from, to, REVIEW_BLIND_DAYS);
    await inTransaction(deps.db, async (tx) => {
      for (const row of rows) {
        await deps.events.emit(tx, 'reviews.revealed', {
          reviewId: row.id,
          lineId: row.lineId,
          authorUserId: row.authorUserId,
          subjectUserId: row.subjectUserId,
        });
      }
    });
    deps.log.info({ count: rows.length }, 'reviews shown after 7 days announced');
    return rows.length;
  }

  deps.jobs.register(
    defineJob<object>({
      name: 'reviews-revealed-by-time',
      cron: '20 6 * * *',
      retryLimit: 2,
      retryDelaySeconds: 600,
      handle: async () => {
        await announceRevealed();
      },
    }),
  );

  return { announceRevealed };
}

import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import type { Accounts } from './publication-metrics.accounts.js';
import type { PublicationMetricsEvents } from './publication-metrics.events.js';
import {
  snapshotsRepository as snapshots,
  type PublicationRow,
} from './publication-metrics.repository.js';

const DAY_MS = 24 * 3_600_000;
/** The creator is asked for the 7-day figures once the window is reached... */
const DUE_AFTER_DAYS = 7;
/** ...and looked for over a few days, so that a missed run still asks (the notice is once per link). */
const LOOK_BACK_DAYS = 3;

/**
 * The daily reminder of figures due (issue 24 §6): a link approved 7 days ago on a platform
 * where its creator has no connected account, with no figures and no submission for its 7-day
 * window, asks the creator for them (notifications send it once per link).
 */
export function createFiguresReminders(deps: {
  db: Db;
  events: EventEmitter<PublicationMetricsEvents>;
  jobs: JobQueue;
  accounts: Accounts;
  now: () => Date;
  log: Logger;
}) {
  const { db } = deps;

  async function remindFiguresDue(): Promise<number> {
    const to = new Date(deps.now().getTime() - DUE_AFTER_DAYS * DAY_MS);
    const from = new Date(to.getTime() - LOOK_BACK_DAYS * DAY_MS);
    const owed: PublicationRow[] = [];
    for (const publication of await snapshots.withoutFigures(db, '7d', from, to)) {
      if (await deps.accounts.connectedAccount(publication.creatorUserId, publication.platform))
        continue;
      owed.push(publication);
    }
    await inTransaction(db, async (tx) => {
      for (const publication of owed) {
        await deps.events.emit(tx, 'publication-metrics.figures-due', {
          linkId: publication.linkId,
          lineId: publication.lineId,
          creatorUserId: publication.creatorUserId,
          platform: publication.platform,
        });
      }
    });
    deps.log.info({ count: owed.length }, 'figures due reminded');
    return owed.length;
  }

  deps.jobs.register(
    defineJob<object>({
      name: 'publication-metrics-figures-due',
      cron: '10 9 * * *',
      retryLimit: 2,
      retryDelaySeconds: 600,
      handle: async () => {
        await remindFiguresDue();
      },
    }),
  );

  return { remindFiguresDue };
}

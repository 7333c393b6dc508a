import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import type { LicencesEvents } from './licences.events.js';
import { lifecycleRepository, type LineLicenceRow } from './licences.lifecycle.repository.js';
import type { LinesForLicences } from './licences.ports.js';

const DAY_MS = 86_400_000;
const PAGE = 200;
/** Every hour, at minute 7 (away from the hour's other crons). */
export const LICENCE_EXPIRY_CRON = '7 * * * *';

export type ExpiryOutcome = 'reminded_14_days' | 'reminded_3_days' | 'expired' | 'superseded';

/**
 * The licences' expiry job (issue 27 §1): every hour, each running licence's advertiser is
 * reminded 14 days and 3 days before its end (once each: `reminded_at_14_days`,
 * `reminded_at_3_days`; a licence found within 3 days gets the 3-day one only), and at its end
 * `expired_at` is set and both parties are told. A term renewed meanwhile (a later term
 * exists) is marked without a word: the licence goes on. Whether HD opens does not wait for
 * this job: the read-time rule (`expires_at <= now`) decides it.
 *
 * Each term is handled in its own transaction, locked and re-read, so two workers or a rerun
 * send nothing twice; events leave through the outbox.
 */
export function createLicenceExpiry(deps: {
  db: Db;
  events: EventEmitter<LicencesEvents>;
  jobs: JobQueue;
  lines: LinesForLicences;
  clock: { now(): Date };
  log: Logger;
}) {
  const { db } = deps;

  async function handle(found: LineLicenceRow, now: Date): Promise<ExpiryOutcome | undefined> {
    return inTransaction(db, async (tx) => {
      const row = await lifecycleRepository.lock(tx, found.id);
      if (!row || row.expiresAt === null || row.expiredAt !== null) return undefined;
      const latest = await lifecycleRepository.latestOf(tx, row.lineId);
      const isSuperseded = latest !== undefined && latest.term > row.term;
      const left = row.expiresAt.getTime() - now.getTime();
      if (isSuperseded) {
        // Renewed: this term's reminders and end are not the licence's.
        await lifecycleRepository.update(tx, row.id, {
          remindedAt14Days: row.remindedAt14Days ?? now,
          remindedAt3Days: row.remindedAt3Days ?? now,
          ...(left <= 0 ? { expiredAt: now } : {}),
        });
        return 'superseded';
      }
      const line = await deps.lines.describeLineParties(tx, row.lineId);
      if (!line) return undefined;
      const expiresAt = row.expiresAt.toISOString();
      if (left <= 0) {
        await lifecycleRepository.update(tx, row.id, {
          expiredAt: now,
          remindedAt14Days: row.remindedAt14Days ?? now,
          remindedAt3Days: row.remindedAt3Days ?? now,
        });
        await deps.events.emit(tx, 'licence.expired', {
          lineId: row.lineId,
          term: row.term,
          expiresAt,
          advertiserUserId: line.advertiserUserId,
          creatorUserId: line.influencerUserId,
        });
        return 'expired';
      }
      const daysBefore = left <= 3 * DAY_MS ? 3 : left <= 14 * DAY_MS ? 14 : undefined;
      if (daysBefore === 3 && row.remindedAt3Days === null) {
        // Found within 3 days (a short term, or the job was down): the 14-day one is moot.
        await lifecycleRepository.update(tx, row.id, {
          remindedAt3Days: now,
          remindedAt14Days: row.remindedAt14Days ?? now,
        });
      } else if (daysBefore === 14 && row.remindedAt14Days === null) {
        await lifecycleRepository.update(tx, row.id, { remindedAt14Days: now });
      } else {
        return undefined;
      }
      await deps.events.emit(tx, 'licence.expiring', {
        lineId: row.lineId,
        term: row.term,
        daysBefore,
        expiresAt,
        advertiserUserId: line.advertiserUserId,
      });
      return daysBefore === 3 ? 'reminded_3_days' : 'reminded_14_days';
    });
  }

  /** One pass at `now` (the cron's, or a test's clock): what it did, by outcome. */
  async function run(now: Date = deps.clock.now()) {
    const counts: Record<ExpiryOutcome | 'failed', number> = {
      reminded_14_days: 0,
      reminded_3_days: 0,
      expired: 0,
      superseded: 0,
      failed: 0,
    };
    const failedIds = new Set<number>();
    for (;;) {
      const page = (await lifecycleRepository.dueForExpiryJob(db, now, PAGE + failedIds.size))
        .filter((row) => !failedIds.has(row.id))
        .slice(0, PAGE);
      if (page.length === 0) break;
      for (const row of page) {
        try {
          const outcome = await handle(row, now);
          if (outcome) counts[outcome] += 1;
          // Nothing changed (a line gone): do not find it again in this pass.
          else failedIds.add(row.id);
        } catch (error) {
          counts.failed += 1;
          failedIds.add(row.id);
          deps.log.error({ err: error, licenceId: row.id }, 'licence expiry failed');
        }
      }
      if (page.length < PAGE) break;
    }
    deps.log.info({ ...counts }, 'licence expiry ran');
    if (counts.failed > 0) throw new Error(`${counts.failed} licences could not be handled`);
    return counts;
  }

  deps.jobs.register(
    defineJob<object>({
      name: 'licence-expiry',
      cron: LICENCE_EXPIRY_CRON,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInSeconds: 30 * 60,
      // The clock is read here only: the work takes `now`, which tests choose.
      handle: async () => {
        await run();
      },
    }),
  );

  return { run };
}

export type LicenceExpiry = ReturnType<typeof createLicenceExpiry>;

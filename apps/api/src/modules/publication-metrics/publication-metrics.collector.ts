import {
  metricWindowHours,
  scheduledMetricWindows,
  type MetricWindow,
  type ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventSubscriber, JobStager } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import type { WorkflowEvents } from '../../platform/workflow/workflow.js';
import type { Accounts, MetricsSources } from './publication-metrics.accounts.js';
import type { LinksForMetrics } from './publication-metrics.ports.js';
import {
  snapshotsRepository as snapshots,
  type PublicationRow,
} from './publication-metrics.repository.js';
import { MetricsSourceError } from './sources/metrics-source.js';

const HOUR_MS = 3_600_000;
/** The daily refresh reads the publications approved within this many days. */
const DAILY_REFRESH_DAYS = 30;
const DAILY_REFRESH_BATCH = 200;

export type ReadOutcome =
  'read' | 'post_deleted' | 'no_account' | 'not_found' | 'not_enough_viewers';

/**
 * Snapshots of publication figures (issue 24 §2): when the team approves a line's links, each
 * link is tracked and read at +24 h, +72 h, +7 d and +30 d after the approval (delayed jobs),
 * and every day in between for the latest figures. A refused token marks the account for
 * reconnection (nothing to retry until then), a rate limit is retried later by the job's
 * backoff, a deleted post is recorded once and read no more.
 */
export function createCollector(deps: {
  db: Db;
  events: EventSubscriber<WorkflowEvents> & JobStager;
  jobs: JobQueue;
  accounts: Accounts;
  sources: MetricsSources;
  links: LinksForMetrics;
  now: () => Date;
  log: Logger;
}) {
  const { db, accounts, sources } = deps;

  /** Reads one publication now and writes the window's snapshot (and the latest). */
  async function readPublication(
    publication: PublicationRow,
    window: MetricWindow,
  ): Promise<ReadOutcome> {
    if (publication.postState === 'deleted') return 'post_deleted';
    const source = sources[publication.platform];
    const readAt = deps.now();
    const base = {
      linkId: publication.linkId,
      lineId: publication.lineId,
      platform: publication.platform,
      source: source.source,
      readAt,
    };
    try {
      const read = await accounts.withAccount(
        publication.creatorUserId,
        publication.platform,
        async (account) => {
          const mediaId =
            publication.externalMediaId ?? (await source.findMedia(account, publication.url));
          if (!mediaId) return null;
          if (!publication.externalMediaId) {
            await snapshots.updatePublication(db, publication.linkId, { externalMediaId: mediaId });
          }
          return source.readFigures(account, mediaId);
        },
      );
      if (!read) return 'no_account';
      if (!read.value) return 'not_found';
      await inTransaction(db, async (tx) => {
        for (const target of new Set<MetricWindow>([window, 'latest'])) {
          await snapshots.write(tx, { ...base, ...read.value!, window: target });
        }
      });
      return 'read';
    } catch (error) {
      if (!(error instanceof MetricsSourceError)) throw error;
      if (error.failure === 'post_deleted') {
        await inTransaction(db, async (tx) => {
          await snapshots.updatePublication(tx, publication.linkId, { postState: 'deleted' });
          await snapshots.write(tx, { ...base, window, postDeleted: true });
        });
        return 'post_deleted';
      }
      if (error.failure === 'not_enough_viewers') return 'not_enough_viewers';
      // Rate limits and outages: the job fails and pg-boss retries it later, with backoff.
      throw error;
    }
  }

  const windowJob = defineJob<{ linkId: number; window: ScheduledMetricWindow }>({
    name: 'publication-metrics-window',
    retryLimit: 6,
    retryDelaySeconds: 60,
    handle: async ({ linkId, window }) => {
      const publication = await snapshots.publication(db, linkId);
      if (!publication) return;
      const outcome = await readPublication(publication, window);
      deps.log.info({ linkId, window, outcome }, 'publication figures read');
    },
  });

  const dailyRefreshJob = defineJob<object>({
    name: 'publication-metrics-daily',
    cron: '40 4 * * *',
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 3600,
    handle: async () => {
      await refreshLatest();
    },
  });

  const tokenRefreshJob = defineJob<object>({
    name: 'social-accounts-token-refresh',
    cron: '25 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 300,
    handle: async () => {
      await accounts.refreshExpiring();
    },
  });

  for (const job of [windowJob, dailyRefreshJob, tokenRefreshJob]) deps.jobs.register(job);

  /** The latest figures of every live publication approved within 30 days. */
  async function refreshLatest(): Promise<Record<ReadOutcome | 'failed', number>> {
    const counts = {
      read: 0,
      post_deleted: 0,
      no_account: 0,
      not_found: 0,
      not_enough_viewers: 0,
      failed: 0,
    };
    const since = new Date(deps.now().getTime() - DAILY_REFRESH_DAYS * 24 * HOUR_MS);
    let after = 0;
    for (;;) {
      const batch = await snapshots.recentLive(db, since, after, DAILY_REFRESH_BATCH);
      for (const publication of batch) {
        try {
          counts[await readPublication(publication, 'latest')] += 1;
        } catch (error) {
          // One publication's failure (a rate limit) does not stop the others; tomorrow reads it.
          counts.failed += 1;
          deps.log.warn({ err: error, linkId: publication.linkId }, 'daily figures not read');
        }
      }
      if (batch.length < DAILY_REFRESH_BATCH) return counts;
      after = batch.at(-1)!.linkId;
    }
  }

  /** Tracks a line's approved links and stages their four window reads (idempotent). */
  async function trackLine(lineId: number): Promise<void> {
    await inTransaction(db, async (tx) => {
      for (const link of await deps.links.approvedLinksOfLine(tx, lineId)) {
        await snapshots.track(tx, {
          linkId: link.linkId,
          lineId: link.lineId,
          platform: link.platform,
          creatorUserId: link.influencerUserId,
          url: link.url,
          approvedAt: link.approvedAt,
        });
        for (const window of scheduledMetricWindows) {
          await deps.events.stageJob(
            tx,
            windowJob,
            { linkId: link.linkId, window },
            {
              startAfter: new Date(link.approvedAt.getTime() + metricWindowHours[window] * HOUR_MS),
              idempotencyKey: `publication-metrics:${link.linkId}:${window}`,
            },
          );
        }
      }
    });
  }

  deps.events.on('workflow.transitioned', 'publication-metrics.track-links', async (moved) => {
    if (moved.process !== contentRequestLineProcess.name || moved.transition !== 'approve_link')
      return;
    await trackLine(moved.subjectId);
  });

  return { readPublication, refreshLatest, trackLine, windowJob };
}

export type Collector = ReturnType<typeof createCollector>;

import type { Db } from '../../platform/db/client.js';
import type { EventEmitter, EventSubscriber, JobStager } from '../../platform/events/event-bus.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { WorkflowEvents } from '../../platform/workflow/workflow.js';
import { createAccounts, type MetricsSources } from './publication-metrics.accounts.js';
import { createCollector } from './publication-metrics.collector.js';
import type { PublicationMetricsEvents } from './publication-metrics.events.js';
import { createLineReads } from './publication-metrics.line-reads.js';
import type {
  LinksForMetrics,
  MediaForMetrics,
  UsersForMetrics,
} from './publication-metrics.ports.js';
import { createFiguresReminders } from './publication-metrics.reminders.js';
import { createPublicationMetricsRoutes } from './publication-metrics.routes.js';
import { createSubmissions } from './publication-metrics.submissions.js';
import { createTokenCipher } from './token-cipher.js';

export type { PublicationMetricsEvents } from './publication-metrics.events.js';
export type {
  LinksForMetrics,
  MediaForMetrics,
  UsersForMetrics,
  ApprovedLinkFacts,
} from './publication-metrics.ports.js';
export {
  figuresOfLineGroups,
  metricsOfLines,
  publicFiguresOf,
  type LabelledFigures,
  type LineGroupFigures,
  type LinkMetrics,
} from './publication-metrics.reads.js';
export { resolveMetricsTokenKey } from './token-cipher.js';
export { createInstagramSource, type InstagramConfig } from './sources/instagram-source.js';
export { createTikTokSource, type TikTokConfig } from './sources/tiktok-source.js';
export { MetricsSourceError, type MetricsSource } from './sources/metrics-source.js';

/**
 * Publication metrics (issue 24 §2): creators' connected Instagram and TikTok accounts (OAuth,
 * tokens encrypted at rest and refreshed by a job), the figures of every approved publication
 * link read at +24 h, +72 h, +7 d, +30 d and daily, and the figures creators submit with a
 * screenshot when no account is connected, checked by the team (the creator hears of the check,
 * and is reminded of the 7-day figures a day's job finds owed). Owns `social_accounts`,
 * `metric_publications`, `metric_snapshots` and `metric_submissions`.
 */
export function createPublicationMetricsModule(deps: {
  db: Db;
  events: EventSubscriber<WorkflowEvents> & EventEmitter<PublicationMetricsEvents> & JobStager;
  jobs: JobQueue;
  sources: MetricsSources;
  links: LinksForMetrics;
  media: MediaForMetrics;
  /** Users' names of creators and advertisers (the team's queue of submitted figures). */
  users: UsersForMetrics;
  tokenKey: Buffer;
  stateSecret: string;
  publicUrl: string;
  /** The clock of every read and schedule (tests move it). */
  clock: { now: () => Date };
  log: Logger;
}) {
  const now = () => deps.clock.now();
  const accounts = createAccounts({
    db: deps.db,
    sources: deps.sources,
    cipher: createTokenCipher(deps.tokenKey),
    now,
    stateSecret: deps.stateSecret,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  const collector = createCollector({ ...deps, accounts, now });
  const submissions = createSubmissions({ ...deps, accounts, now });
  const reminders = createFiguresReminders({ ...deps, accounts, now });
  const lineReads = createLineReads({ db: deps.db, accounts, links: deps.links });
  return {
    routes: createPublicationMetricsRoutes(accounts, submissions, lineReads),
    accounts,
    collector,
    submissions,
    reminders,
    clock: deps.clock,
  };
}

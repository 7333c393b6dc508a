import type { Role } from '@clipmarket/contracts/enums';
import {
  metricSubmissionBodySchema,
  metricWindowHours,
  scheduledMetricWindows,
  type MetricPlatform,
  type ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import type { DbOrTx } from '../platform/db/client.js';
import type { Logger } from '../platform/jobs/job-queue.js';
import type { ContentRequestsService } from '../modules/content-requests/index.js';
import type { MediaService } from '../modules/media/index.js';
import {
  metricsOfLines,
  type createPublicationMetricsModule,
} from '../modules/publication-metrics/index.js';
import { sandboxFigures, type SocialSandboxService } from '../modules/social-sandbox/index.js';
import { findAccountByEmail } from '../modules/users/index.js';
import { DEMO_DELIVERIES } from './demo-deliveries.js';
import { DEMO_OPPORTUNITY_DELIVERIES } from './demo-opportunities.js';
import { renderDemoPicture } from './demo-pictures.js';

const CREATOR_EMAIL = 'creator@clipmarket.tn';
const ADMIN_EMAIL = 'admin@clipmarket.tn';
/** The demo creator's account name on both platforms (as in her posts' links). */
const CREATOR_HANDLE = 'yasmine.trabelsi';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The published videos went out a month ago: every window is due, 30 days included. */
const POSTED_DAYS_AGO = 31;
/** A window's job runs a little after its time, as pg-boss would. */
const JOB_DELAY_MS = 40 * 60_000;
/** The figures the creator sent herself: her first day's, before she connected Instagram. */
const SUBMITTED = { platform: 'instagram', window: '24h' } as const;

type PublicationMetricsModule = ReturnType<typeof createPublicationMetricsModule>;

export interface DemoPublicationFiguresDeps {
  contentRequests: Pick<ContentRequestsService, 'listCreatorLines' | 'getLine'>;
  metrics: Pick<PublicationMetricsModule, 'accounts' | 'collector' | 'submissions' | 'clock'>;
  sandbox: Pick<SocialSandboxService, 'accountIdOf' | 'issue' | 'mediaOf' | 'publishPost'>;
  /** The screenshot of the creator's figures goes through the media service. */
  media: Pick<MediaService, 'upload'>;
  log: Pick<Logger, 'info' | 'warn'>;
}

export interface DemoPublicationFiguresResult {
  postsPublished: number;
  accountsConnected: number;
  /** Window figures read from the sandboxes in this run (the `latest` ones apart). */
  windowsRead: number;
  figuresSubmitted: number;
  figuresApproved: number;
}

interface Publication {
  linkId: number;
  lineId: number;
  platform: MetricPlatform;
  url: string;
}

/** Instagram's shortcode or TikTok's video id: the last part of the post's link. */
const postKeyOf = (url: string) => new URL(url).pathname.split('/').filter(Boolean).at(-1)!;

/**
 * The figures of the demo's published videos (issue 24 §7), the way production gets them: the
 * demo creator's posts published in the built-in Instagram and TikTok sandboxes a month ago,
 * her accounts connected through the OAuth flow, and each approved link read by the collector
 * at +24 h, +72 h, +7 d and +30 d (the module's clock moved to each time, so the figures follow
 * the sandbox's curves) and once more now for the latest. One window's figures come from the
 * creator instead, sent with a screenshot before she connected Instagram and approved by the
 * demo admin. Resumable and idempotent: a post, an account, a submission or a window that
 * exists is left alone, so a second start reads nothing.
 */
export async function seedDemoPublicationFigures(
  db: DbOrTx,
  deps: DemoPublicationFiguresDeps,
  now = new Date(),
): Promise<DemoPublicationFiguresResult> {
  const result: DemoPublicationFiguresResult = {
    postsPublished: 0,
    accountsConnected: 0,
    windowsRead: 0,
    figuresSubmitted: 0,
    figuresApproved: 0,
  };
  const creator = await findAccountByEmail(db, CREATOR_EMAIL);
  const admin = await findAccountByEmail(db, ADMIN_EMAIL);
  if (!creator || !admin) return result;
  const creatorActor = { userId: creator.id, role: creator.role };

  const publications = await demoPublications(deps, creatorActor);
  if (publications.length === 0) return result;

  // Posts first: their publication times are where every window counts from.
  const postedAt = new Map<number, Date>();
  for (const [index, publication] of publications.entries()) {
    const accountId = deps.sandbox.accountIdOf(publication.platform, CREATOR_HANDLE);
    const postKey = postKeyOf(publication.url);
    const posted = (await deps.sandbox.mediaOf(publication.platform, accountId)).find(
      (media) => media.postKey === postKey,
    );
    if (posted) {
      postedAt.set(publication.linkId, posted.publishedAt);
      continue;
    }
    // A few hours apart, so each video has its own age.
    const publishedAt = new Date(now.getTime() - POSTED_DAYS_AGO * DAY_MS - index * 5 * HOUR_MS);
    await deps.sandbox.publishPost({
      platform: publication.platform,
      username: CREATOR_HANDLE,
      postKey,
      publishedAt,
    });
    postedAt.set(publication.linkId, publishedAt);
    result.postsPublished += 1;
  }

  const clock = deps.metrics.clock;
  const realNow = clock.now;
  /** Runs `work` with the metrics' and the sandboxes' clock at `at`. */
  const at = async <T>(time: Date, work: () => Promise<T>): Promise<T> => {
    clock.now = () => time;
    try {
      return await work();
    } finally {
      clock.now = realNow;
    }
  };

  const submitted = publications.find((p) => p.platform === SUBMITTED.platform);
  if (submitted) {
    try {
      await creatorFigures(deps, submitted, postedAt.get(submitted.linkId)!, {
        creator: creator.id,
        admin: admin.id,
        at,
        result,
      });
    } catch (error) {
      // The demo must not stop the server: the API's figures are read all the same.
      deps.log.warn({ err: error, linkId: submitted.linkId }, "the creator's demo figures failed");
    }
  }

  for (const platform of new Set(publications.map((p) => p.platform))) {
    if (await deps.metrics.accounts.connectedAccount(creator.id, platform)) continue;
    if (await connect(deps, creator.id, platform)) result.accountsConnected += 1;
  }

  const lineIds = [...new Set(publications.map((p) => p.lineId))];
  // Tracked already by the approval's event, unless the relay has not handled it yet.
  for (const lineId of lineIds) await deps.metrics.collector.trackLine(lineId);
  const known = await metricsOfLines(db, lineIds);
  const hasWindow = (publication: Publication, window: ScheduledMetricWindow) =>
    (known.get(publication.lineId) ?? []).some(
      (metrics) => metrics.linkId === publication.linkId && metrics.windows[window] !== null,
    );
  // What pg-boss runs at the window's time: the collector reads the link and writes its figures.
  const runWindowJob = async (publication: Publication, window: ScheduledMetricWindow) =>
    deps.metrics.collector.windowJob.handle(
      { linkId: publication.linkId, window },
      { jobId: `demo-${publication.linkId}-${window}`, retryCount: 0 },
    );
  let attempted = 0;
  for (const publication of publications) {
    const published = postedAt.get(publication.linkId)!.getTime();
    for (const window of scheduledMetricWindows) {
      const due = new Date(published + metricWindowHours[window] * HOUR_MS + JOB_DELAY_MS);
      if (hasWindow(publication, window) || due.getTime() > now.getTime()) continue;
      try {
        await at(due, () => runWindowJob(publication, window));
        attempted += 1;
      } catch (error) {
        deps.log.warn(
          { err: error, linkId: publication.linkId, window },
          'a demo window was not read: the next start reads it',
        );
      }
    }
  }
  if (attempted > 0) {
    // Today's figures, as the daily job reads them.
    await deps.metrics.collector.refreshLatest();
    const after = await metricsOfLines(db, lineIds);
    const windowsOf = (metrics: Map<number, { windows: Record<string, unknown> }[]>) =>
      [...metrics.values()]
        .flat()
        .reduce(
          (sum, link) => sum + Object.values(link.windows).filter((w) => w !== null).length,
          0,
        );
    result.windowsRead = windowsOf(after) - windowsOf(known);
  }
  return result;
}

/** The approved links of the demo's completed deliveries (the demo creator's). */
async function demoPublications(
  deps: DemoPublicationFiguresDeps,
  creator: { userId: number; role: Role },
): Promise<Publication[]> {
  const wanted = {
    'content-request': new Set(
      DEMO_DELIVERIES.filter((d) => d.target === 'completed').map((d) => d.title),
    ),
    opportunity: new Set(
      DEMO_OPPORTUNITY_DELIVERIES.filter(
        (d) => d.target === 'completed' && d.creatorEmail === CREATOR_EMAIL,
      ).map((d) => d.title),
    ),
  };
  const publications: Publication[] = [];
  for (const source of ['content-request', 'opportunity'] as const) {
    let before: number | undefined;
    const lineIds = new Map<string, number>();
    do {
      const page = await deps.contentRequests.listCreatorLines(creator, {
        source,
        filter: 'all',
        content_filter: 'all',
        limit: 50,
        ...(before === undefined ? {} : { before }),
      });
      for (const line of page.data) {
        if (wanted[source].has(line.title) && !lineIds.has(line.title)) {
          lineIds.set(line.title, line.content_request_influencer_id);
        }
      }
      before = page.next_before ?? undefined;
    } while (before !== undefined);
    for (const lineId of lineIds.values()) {
      const line = await deps.contentRequests.getLine(creator, lineId);
      if (line.status !== 'completed') continue;
      for (const link of line.links) {
        if (link.state !== 'approved') continue;
        publications.push({
          linkId: link.link_id,
          lineId,
          platform: link.platform,
          url: link.url,
        });
      }
    }
  }
  return publications;
}

/**
 * Connects the creator's account of the platform as its OAuth flow does: the service's
 * authorize address (its signed state), the sandbox's code for "Allow" as the creator, and the
 * callback's exchange of that code.
 */
async function connect(
  deps: DemoPublicationFiguresDeps,
  userId: number,
  platform: MetricPlatform,
): Promise<boolean> {
  const authorize = new URL(deps.metrics.accounts.connectUrl({ userId }, platform));
  const redirectUri = authorize.searchParams.get('redirect_uri') ?? undefined;
  const account = {
    accountId: deps.sandbox.accountIdOf(platform, CREATOR_HANDLE),
    username: CREATOR_HANDLE,
  };
  const code = deps.sandbox.issue(platform, 'code', account, redirectUri).token;
  const back = new URL(
    await deps.metrics.accounts.completeConnection(platform, {
      code,
      state: authorize.searchParams.get('state') ?? undefined,
    }),
  );
  if (back.searchParams.get('connected') === platform) return true;
  deps.log.warn({ platform, back: back.search }, 'a demo social account was not connected');
  return false;
}

/**
 * The creator's own figures for one window, with a screenshot of her insights, sent the day
 * after the post (her Instagram was not connected yet) and approved by the team that evening.
 * Left out once her account is connected (the service refuses figures then).
 */
async function creatorFigures(
  deps: DemoPublicationFiguresDeps,
  publication: Publication,
  postedAt: Date,
  context: {
    creator: number;
    admin: number;
    at: <T>(time: Date, work: () => Promise<T>) => Promise<T>;
    result: DemoPublicationFiguresResult;
  },
): Promise<void> {
  const { submissions } = deps.metrics;
  const ofLink = async (state: 'submitted' | 'approved') => {
    const found = [];
    let after: number | undefined;
    do {
      const page = await submissions.list({ state, limit: 100, ...(after ? { after } : {}) });
      found.push(...page.data.filter((s) => s.link_id === publication.linkId));
      after = page.next_after ?? undefined;
    } while (after !== undefined);
    return found;
  };
  if ((await ofLink('approved')).length > 0) return;
  const windowAt = postedAt.getTime() + metricWindowHours[SUBMITTED.window] * HOUR_MS;
  let submissionId = (await ofLink('submitted'))[0]?.submission_id;
  if (submissionId === undefined) {
    if (await deps.metrics.accounts.connectedAccount(context.creator, publication.platform)) {
      return;
    }
    const screenshot = await deps.media.upload({
      ownerUserId: context.creator,
      purpose: 'metric_screenshot',
      accept: 'image',
      filename: 'instagram-insights.png',
      stream: await renderDemoPicture('insights'),
    });
    // What her insights showed then: the sandbox's curve at that age.
    const figures = sandboxFigures(postKeyOf(publication.url), windowAt - postedAt.getTime());
    const sent = await context.at(new Date(windowAt + 3 * HOUR_MS), () =>
      submissions.submit(
        { userId: context.creator },
        publication.linkId,
        metricSubmissionBodySchema.parse({
          window: SUBMITTED.window,
          views: figures.views,
          reach: figures.reach,
          likes: figures.likes,
          comments: figures.comments,
          shares: figures.shares,
          saves: figures.saves,
          watch_time_ms: figures.watchTimeMs,
          screenshot_file_id: screenshot.file_id,
        }),
      ),
    );
    submissionId = sent.submission_id;
    context.result.figuresSubmitted += 1;
  }
  const id = submissionId;
  await context.at(new Date(windowAt + 9 * HOUR_MS), () =>
    submissions.decide({ userId: context.admin }, id, { decision: 'approve' }),
  );
  context.result.figuresApproved += 1;
}

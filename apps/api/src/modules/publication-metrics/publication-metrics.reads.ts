import {
  scheduledMetricWindows,
  type MetricPlatform,
  type MetricSource,
  type MetricWindow,
  type ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  snapshotsRepository as snapshots,
  submissionsRepository as submissions,
  type SnapshotRow,
  type SubmissionRow,
} from './publication-metrics.repository.js';

/** One set of figures with where it came from and when it was read. */
export interface LabelledFigures {
  source: MetricSource;
  readAt: Date;
  /** For the creator's figures: whether our team checked them against the screenshot. */
  checked: boolean | null;
  /** Read after the post was deleted: no figures. */
  postDeleted: boolean;
  views: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  watchTimeMs: number | null;
}

export interface LinkMetrics {
  linkId: number;
  platform: MetricPlatform;
  latest: LabelledFigures | null;
  windows: Record<ScheduledMetricWindow, LabelledFigures | null>;
}

const fromSnapshot = (row: SnapshotRow): LabelledFigures => ({
  source: row.source,
  readAt: row.readAt,
  checked: row.source === 'creator' ? true : null,
  postDeleted: row.postDeleted,
  views: row.views,
  reach: row.reach,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  saves: row.saves,
  watchTimeMs: row.watchTimeMs,
});

const fromWaitingSubmission = (row: SubmissionRow): LabelledFigures => ({
  source: 'creator',
  readAt: row.createdAt,
  checked: false,
  postDeleted: false,
  views: row.views,
  reach: row.reach,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  saves: row.saves,
  watchTimeMs: row.watchTimeMs,
});

/**
 * For the performance pages: per delivery line, each publication link's latest figures and
 * each window's, labelled with their source and read time; a creator's figures still waiting
 * for the team stand where no checked figures are, marked unchecked. Lines without any figures
 * are absent.
 */
export async function metricsOfLines(
  q: DbOrTx,
  lineIds: readonly number[],
): Promise<Map<number, LinkMetrics[]>> {
  const [rows, waiting] = [
    await snapshots.snapshotsOfLines(q, lineIds),
    (await submissions.openOfLines(q, lineIds)).filter((row) => row.state === 'submitted'),
  ];
  const links = new Map<number, { lineId: number; metrics: LinkMetrics }>();
  const entryOf = (linkId: number, lineId: number, platform: MetricPlatform) => {
    let entry = links.get(linkId);
    if (!entry) {
      const windows = Object.fromEntries(
        scheduledMetricWindows.map((w) => [w, null]),
      ) as LinkMetrics['windows'];
      entry = { lineId, metrics: { linkId, platform, latest: null, windows } };
      links.set(linkId, entry);
    }
    return entry.metrics;
  };
  const place = (metrics: LinkMetrics, window: MetricWindow, figures: LabelledFigures) => {
    if (window === 'latest') metrics.latest = figures;
    else metrics.windows[window] = figures;
  };
  for (const row of rows)
    place(entryOf(row.linkId, row.lineId, row.platform), row.window, fromSnapshot(row));
  for (const row of waiting) {
    const metrics = entryOf(row.linkId, row.lineId, row.platform);
    const current = row.window === 'latest' ? metrics.latest : metrics.windows[row.window];
    if (!current) place(metrics, row.window, fromWaitingSubmission(row));
  }
  const byLine = new Map<number, LinkMetrics[]>();
  for (const { lineId, metrics } of links.values()) {
    byLine.set(lineId, [...(byLine.get(lineId) ?? []), metrics]);
  }
  return byLine;
}

/** A link's figures as the totals of the performance pages count them. */
export interface LinkFiguresSummary {
  linkId: number;
  /** Its current read: the newest of the live post, else (deleted since) the newest. */
  current: Omit<LabelledFigures, 'postDeleted' | 'watchTimeMs'>;
  /** Views and engagements of each window read while the post was live; null when not read. */
  windows: Record<
    ScheduledMetricWindow,
    { views: number | null; engagements: number | null } | null
  >;
}

const windowOf = (read: boolean, views: number | null, engagements: number | null) =>
  read ? { views, engagements } : null;

/**
 * For the dashboard, per delivery line: each publication link's current figures and its
 * windows' views and engagements, as the database keeps them summed up (one row per link
 * instead of one per read: an advertiser's thousands of videos stay one query's small answer).
 * The same reads as `metricsOfLines`; lines without any figures are absent.
 */
export async function figuresSummariesOfLines(
  q: DbOrTx,
  lineIds: readonly number[],
): Promise<Map<number, LinkFiguresSummary[]>> {
  const byLine = new Map<number, LinkFiguresSummary[]>();
  for (const row of await snapshots.summariesOfLines(q, lineIds)) {
    const summary: LinkFiguresSummary = {
      linkId: row.linkId,
      current: {
        source: row.source,
        readAt: row.readAt,
        checked: row.checked,
        views: row.views,
        reach: row.reach,
        likes: row.likes,
        comments: row.comments,
        shares: row.shares,
        saves: row.saves,
      },
      windows: {
        '24h': windowOf(row.read24h, row.views24h, row.engagements24h),
        '72h': windowOf(row.read72h, row.views72h, row.engagements72h),
        '7d': windowOf(row.read7d, row.views7d, row.engagements7d),
        '30d': windowOf(row.read30d, row.views30d, row.engagements30d),
      },
    };
    const own = byLine.get(row.lineId);
    if (own) own.push(summary);
    else byLine.set(row.lineId, [summary]);
  }
  return byLine;
}

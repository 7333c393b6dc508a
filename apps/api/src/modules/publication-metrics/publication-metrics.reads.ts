import {
  scheduledMetricWindows,
  type MetricPlatform,
  type MetricSource,
  type MetricWindow,
  type ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import type { SharedFigures } from '@clipmarket/contracts/campaign-sharing';
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

/**
 * A set of figures as the pages show it (a media kit, Get inspired, the advertiser's
 * performance pages): the contracts' `SharedFigures`, engagements the sum of the counts the
 * platform gave (null when none).
 */
export function publicFiguresOf(figures: LabelledFigures): SharedFigures;
export function publicFiguresOf(figures: LabelledFigures | null): SharedFigures | null;
export function publicFiguresOf(figures: LabelledFigures | null): SharedFigures | null {
  if (!figures) return null;
  const parts = [figures.likes, figures.comments, figures.shares, figures.saves];
  const known = parts.filter((value): value is number => value !== null);
  return {
    source: figures.source,
    read_at: figures.readAt.toISOString(),
    checked: figures.checked,
    post_deleted: figures.postDeleted,
    views: figures.views,
    reach: figures.reach,
    likes: figures.likes,
    comments: figures.comments,
    shares: figures.shares,
    saves: figures.saves,
    engagements: known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0),
  };
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

/** Some lines' figures summed up: what a request's or opportunity's row of the dashboard shows. */
export interface LineGroupFigures {
  /** The lines read at least once, and those with figures still waiting for the team. */
  linesRead: number;
  linesUnchecked: number;
  sources: MetricSource[];
  newestReadAt: Date;
  oldestReadAt: Date;
  /** Sums of the publications' current reads (null when none gives the figure). */
  views: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  engagements: number | null;
  /** Each window: the lines read then while the post was live, and their figures summed. */
  windows: Record<
    ScheduledMetricWindow,
    { lines: number; views: number | null; engagements: number | null }
  >;
}

/**
 * For the dashboard: the figures of some lines summed up per group (`groups[i]` is the group of
 * `lineIds[i]`, e.g. its request), as the database keeps each publication's figures — the
 * same reads as `metricsOfLines`, one row per group however many videos and reads it has.
 * Groups without any figures are absent.
 */
export async function figuresOfLineGroups(
  q: DbOrTx,
  lineIds: readonly number[],
  groups: readonly number[],
): Promise<Map<number, LineGroupFigures>> {
  const byGroup = new Map<number, LineGroupFigures>();
  for (const row of await snapshots.sumsOfLineGroups(q, lineIds, groups)) {
    byGroup.set(row.line_group, {
      linesRead: row.lines_read,
      linesUnchecked: row.lines_unchecked,
      sources: row.sources,
      newestReadAt: new Date(row.newest_read_at),
      oldestReadAt: new Date(row.oldest_read_at),
      views: row.views,
      reach: row.reach,
      likes: row.likes,
      comments: row.comments,
      shares: row.shares,
      saves: row.saves,
      engagements: row.engagements,
      windows: Object.fromEntries(
        scheduledMetricWindows.map((window) => [
          window,
          {
            lines: row[`lines_${window}`],
            views: row[`views_${window}`],
            engagements: row[`engagements_${window}`],
          },
        ]),
      ) as LineGroupFigures['windows'],
    });
  }
  return byGroup;
}

import type { CampaignGoal } from '@clipmarket/contracts/campaigns';
import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import {
  headlineOfGoal,
  headlineWithoutGoal,
  type LabelledFiguresWire,
  type PerformanceDashboard,
  type PerformanceDashboardRow,
  type PerformanceDetail,
  type PerformanceFigure,
  type PerformancePoint,
  type PerformancePublication,
  type PerformanceSums,
  type PerformanceTotals,
  type PerformanceVideo,
  type PerformanceView,
} from '@clipmarket/contracts/performance';
import { metricSources, scheduledMetricWindows } from '@clipmarket/contracts/publication-metrics';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type { LabelledFigures, LinkMetrics } from '../publication-metrics/index.js';
import { costsOfLines, engagementsOf, ratiosOf, sumPresent } from './performance.figures.js';
import type {
  CampaignsForPerformance,
  CreatorsForPerformance,
  FiguresForPerformance,
  ItemsForPerformance,
  LedgerForPerformance,
  PerformanceLine,
  SourceIds,
} from './performance.ports.js';

type Caller = { userId: number };

const requestKey = (id: number) => `content-request:${id}`;
const opportunityKey = (id: number) => `opportunity:${id}`;
const keyOfLine = (line: PerformanceLine) =>
  line.contentRequestId !== null
    ? requestKey(line.contentRequestId)
    : opportunityKey(line.contentOpportunityId!);
const keysOf = (ids: SourceIds) => [
  ...ids.contentRequestIds.map(requestKey),
  ...ids.contentOpportunityIds.map(opportunityKey),
];

const wireOf = (figures: LabelledFigures): LabelledFiguresWire => ({
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
  engagements: engagementsOf(figures),
});

/**
 * A publication's current figures: the newest read of a live post (the daily `latest` or a
 * window read after it); once the post is deleted, the last figures read before.
 */
function currentOf(metrics: LinkMetrics): LabelledFigures | null {
  const reads = [metrics.latest, ...Object.values(metrics.windows)].filter(
    (figures): figures is LabelledFigures => figures !== null,
  );
  const newestFirst = reads.sort((a, b) => b.readAt.getTime() - a.readAt.getTime());
  return newestFirst.find((figures) => !figures.postDeleted) ?? newestFirst[0] ?? null;
}

/** What the figures of a page are computed from, read in a fixed number of queries. */
interface Facts {
  lines: PerformanceLine[];
  costOfLine: Map<number, number>;
  /** Cost of each request or opportunity (its lines', or what it spent when it has none). */
  costOfSource: Map<string, number>;
  publications: Map<number, (PerformancePublication & { windows: LinkMetrics['windows'] })[]>;
  clicks: Map<number, number>;
}

interface VideoFigures {
  cost: number;
  sums: PerformanceSums;
}

function figuresOfLine(facts: Facts, lineId: number): VideoFigures {
  const publications = facts.publications.get(lineId) ?? [];
  const current = publications.flatMap((p) => (p.latest ? [p.latest] : []));
  const at7d = publications.flatMap((p) => (p.at_7d ? [p.at_7d] : []));
  return {
    cost: facts.costOfLine.get(lineId) ?? 0,
    sums: {
      views: sumPresent(current.map((f) => f.views)),
      reach: sumPresent(current.map((f) => f.reach)),
      likes: sumPresent(current.map((f) => f.likes)),
      comments: sumPresent(current.map((f) => f.comments)),
      shares: sumPresent(current.map((f) => f.shares)),
      saves: sumPresent(current.map((f) => f.saves)),
      engagements: sumPresent(current.map((f) => f.engagements)),
      clicks: facts.clicks.get(lineId) ?? 0,
      views_7d: sumPresent(at7d.map((f) => f.views)),
    },
  };
}

/** Totals over some requests and opportunities of the facts. */
function totalsOf(facts: Facts, keys: ReadonlySet<string>): PerformanceTotals {
  const lines = facts.lines.filter((line) => keys.has(keyOfLine(line)));
  const videos = lines.map((line) => figuresOfLine(facts, line.lineId));
  const published = lines.filter((line) => (facts.publications.get(line.lineId) ?? []).length > 0);
  let cost = 0;
  for (const key of keys) cost += facts.costOfSource.get(key) ?? 0;
  const sum = (pick: (v: VideoFigures['sums']) => number | null) =>
    sumPresent(videos.map((v) => pick(v.sums)));
  const sums = {
    views: sum((v) => v.views),
    reach: sum((v) => v.reach),
    likes: sum((v) => v.likes),
    comments: sum((v) => v.comments),
    shares: sum((v) => v.shares),
    saves: sum((v) => v.saves),
    engagements: sum((v) => v.engagements),
    clicks: videos.reduce((total, v) => total + v.sums.clicks, 0),
    views_7d: sum((v) => v.views_7d),
  };
  const reads = published.flatMap((line) =>
    (facts.publications.get(line.lineId) ?? []).flatMap((p) => (p.latest ? [p.latest] : [])),
  );
  const readTimes = reads.map((figures) => figures.read_at).sort();
  return {
    ...sums,
    ...ratiosOf({ cost, ...sums }),
    cost,
    sources: metricSources.filter((source) => reads.some((f) => f.source === source)),
    newest_read_at: readTimes.at(-1) ?? null,
    oldest_read_at: readTimes[0] ?? null,
    unchecked: published.filter((line) =>
      (facts.publications.get(line.lineId) ?? []).some((p) => p.latest?.checked === false),
    ).length,
    videos: lines.length,
    published: published.length,
    with_figures: published.filter((line) =>
      (facts.publications.get(line.lineId) ?? []).some((p) => p.latest !== null),
    ).length,
  };
}

/** Each window's views and engagements, summed over the videos read at that window. */
function seriesOf(facts: Facts, keys: ReadonlySet<string>): PerformancePoint[] {
  const lines = facts.lines.filter((line) => keys.has(keyOfLine(line)));
  return scheduledMetricWindows.map((window) => {
    const reads = lines.flatMap((line) =>
      (facts.publications.get(line.lineId) ?? []).flatMap((p) => {
        const figures = p.windows[window];
        return figures && !figures.postDeleted ? [{ lineId: line.lineId, figures }] : [];
      }),
    );
    return {
      window,
      views: sumPresent(reads.map((r) => r.figures.views)),
      engagements: sumPresent(reads.map((r) => engagementsOf(r.figures))),
      videos: new Set(reads.map((r) => r.lineId)).size,
    };
  });
}

/** The two figures a goal puts first (views and CPM outside a campaign). */
function headlineFigures(goal: CampaignGoal | null): [PerformanceFigure, PerformanceFigure] {
  const [first, second] = goal ? headlineOfGoal[goal] : headlineWithoutGoal;
  return [first, second];
}

const headlineOf = (goal: CampaignGoal | null) => ({ goal, figures: headlineFigures(goal) });

/**
 * Performance (issue 24 §3): the advertiser's own only (another's id is a 404), read-only.
 * Costs come from the ledger; figures from publication metrics; clicks from tracked links.
 * Every page reads in a fixed number of queries, whatever its number of videos.
 */
export function createPerformanceService(deps: {
  db: Db;
  items: ItemsForPerformance;
  campaigns: CampaignsForPerformance;
  figures: FiguresForPerformance;
  ledger: LedgerForPerformance;
  creators: CreatorsForPerformance;
}) {
  const { db, items } = deps;

  async function factsOf(q: DbOrTx, advertiserUserId: number, ids: SourceIds): Promise<Facts> {
    const lines = await items.linesOf(q, advertiserUserId, ids);
    const lineIds = lines.map((line) => line.lineId);
    const links = await items.approvedLinksOf(q, lineIds);
    const metrics = await deps.figures.metricsOfLines(q, lineIds);
    const clicks = await deps.figures.clicksOfLines(q, lineIds);
    const spending = await deps.ledger.advertiserSpending(q, advertiserUserId, ids);

    const costOfLine = new Map<number, number>();
    const costOfSource = new Map<string, number>();
    const linesBySource = new Map<string, PerformanceLine[]>();
    for (const line of lines) {
      linesBySource.set(keyOfLine(line), [...(linesBySource.get(keyOfLine(line)) ?? []), line]);
    }
    for (const key of keysOf(ids)) {
      const spent = spending.bySource.get(key)?.spent ?? 0;
      const own = linesBySource.get(key) ?? [];
      if (own.length === 0) {
        costOfSource.set(key, spent);
        continue;
      }
      let total = 0;
      for (const [lineId, cost] of costsOfLines(own, spent)) {
        costOfLine.set(lineId, cost);
        total += cost;
      }
      costOfSource.set(key, total);
    }

    const metricsOfLink = new Map<number, LinkMetrics>();
    for (const linkMetrics of metrics.values())
      for (const m of linkMetrics) metricsOfLink.set(m.linkId, m);
    const publications: Facts['publications'] = new Map();
    for (const link of links) {
      const m = metricsOfLink.get(link.linkId);
      const current = m ? currentOf(m) : null;
      const at7d = m?.windows['7d'] ?? null;
      publications.set(link.lineId, [
        ...(publications.get(link.lineId) ?? []),
        {
          link_id: link.linkId,
          platform: link.platform,
          url: link.url,
          latest: current ? wireOf(current) : null,
          at_7d: at7d && !at7d.postDeleted ? wireOf(at7d) : null,
          windows: m?.windows ?? { '24h': null, '72h': null, '7d': null, '30d': null },
        },
      ]);
    }
    return {
      lines,
      costOfLine,
      costOfSource,
      publications,
      clicks: new Map([...clicks].map(([lineId, c]) => [lineId, c.people])),
    };
  }

  /** One row per published video of some requests and opportunities. */
  async function videosOf(q: DbOrTx, advertiserUserId: number, ids: SourceIds, facts: Facts) {
    const published = facts.lines.filter((line) => facts.publications.has(line.lineId));
    const requests = await items.requestsOf(q, advertiserUserId, ids.contentRequestIds);
    const opportunities = await items.opportunitiesOf(
      q,
      advertiserUserId,
      ids.contentOpportunityIds,
    );
    const titles = new Map([
      ...requests.map((r) => [requestKey(r.id), r.title] as const),
      ...opportunities.map((o) => [opportunityKey(o.id), o.title] as const),
    ]);
    const creators = await deps.creators.describeRequestCreators(q, [
      ...new Set(published.map((line) => line.influencerId)),
    ]);
    return published.map((line): PerformanceVideo => {
      const { cost, sums } = figuresOfLine(facts, line.lineId);
      return {
        content_request_influencer_id: line.lineId,
        kind: line.contentRequestId !== null ? 'content-request' : 'opportunity',
        reference:
          line.contentRequestId !== null
            ? contentRequestLineReference(line.contentRequestId, line.lineNumber)
            : `${opportunityReference(line.contentOpportunityId!)}-${line.lineNumber}`,
        title: titles.get(keyOfLine(line)) ?? '',
        creator_name: creators.get(line.influencerId)?.name ?? '',
        publications: (facts.publications.get(line.lineId) ?? []).map(
          ({ windows: _windows, ...publication }) => publication,
        ),
        cost,
        ...sums,
        ...ratiosOf({ cost, ...sums }),
      };
    });
  }

  async function detailOf(
    q: DbOrTx,
    caller: Caller,
    subject: PerformanceDetail['subject'],
    ids: SourceIds,
    goal: CampaignGoal | null,
  ): Promise<PerformanceDetail> {
    const facts = await factsOf(q, caller.userId, ids);
    const keys = new Set(keysOf(ids));
    return {
      subject,
      headline: headlineOf(goal),
      totals: totalsOf(facts, keys),
      series: seriesOf(facts, keys),
      videos: await videosOf(q, caller.userId, ids, facts),
    };
  }

  return {
    /** The advertiser's totals, a row per campaign and per sent item in no campaign. */
    async dashboard(caller: Caller): Promise<PerformanceDashboard> {
      const campaigns = await deps.campaigns.campaignsWithItems(db, caller.userId);
      const placed = new Set(campaigns.flatMap(keysOf));
      const requests = (await items.requestsOf(db, caller.userId)).filter(
        (r) => r.status === 'sent' && !placed.has(requestKey(r.id)),
      );
      const opportunities = (await items.opportunitiesOf(db, caller.userId)).filter(
        (o) =>
          o.status !== 'draft' && o.status !== 'discarded' && !placed.has(opportunityKey(o.id)),
      );
      const ids: SourceIds = {
        contentRequestIds: [
          ...campaigns.flatMap((c) => c.contentRequestIds),
          ...requests.map((r) => r.id),
        ],
        contentOpportunityIds: [
          ...campaigns.flatMap((c) => c.contentOpportunityIds),
          ...opportunities.map((o) => o.id),
        ],
      };
      const facts = await factsOf(db, caller.userId, ids);
      const all = new Set(keysOf(ids));
      const rows: PerformanceDashboardRow[] = [
        ...campaigns.map((c) => ({
          kind: 'campaign' as const,
          id: c.id,
          reference: null,
          title: c.name,
          goal: c.goal,
          headline: headlineFigures(c.goal),
          totals: totalsOf(facts, new Set(keysOf(c))),
        })),
        ...requests.map((r) => ({
          kind: 'content-request' as const,
          id: r.id,
          reference: r.reference,
          title: r.title,
          goal: null,
          headline: headlineFigures(null),
          totals: totalsOf(facts, new Set([requestKey(r.id)])),
        })),
        ...opportunities.map((o) => ({
          kind: 'opportunity' as const,
          id: o.id,
          reference: o.reference,
          title: o.title,
          goal: null,
          headline: headlineFigures(null),
          totals: totalsOf(facts, new Set([opportunityKey(o.id)])),
        })),
      ];
      return {
        headline: headlineOf(null),
        totals: totalsOf(facts, all),
        series: seriesOf(facts, all),
        rows,
      };
    },

    async contentRequest(caller: Caller, contentRequestId: number) {
      const [request] = await items.requestsOf(db, caller.userId, [contentRequestId]);
      if (!request) throw notFound('Content request');
      const campaign = await deps.campaigns.campaignOfSource(db, {
        kind: 'content-request',
        id: request.id,
      });
      return detailOf(
        db,
        caller,
        {
          kind: 'content-request',
          id: request.id,
          reference: request.reference,
          title: request.title,
          view: null,
        },
        { contentRequestIds: [request.id], contentOpportunityIds: [] },
        campaign?.goal ?? null,
      );
    },

    async opportunity(caller: Caller, contentOpportunityId: number) {
      const [opportunity] = await items.opportunitiesOf(db, caller.userId, [contentOpportunityId]);
      if (!opportunity) throw notFound('Opportunity');
      const campaign = await deps.campaigns.campaignOfSource(db, {
        kind: 'opportunity',
        id: opportunity.id,
      });
      return detailOf(
        db,
        caller,
        {
          kind: 'opportunity',
          id: opportunity.id,
          reference: opportunity.reference,
          title: opportunity.title,
          view: null,
        },
        { contentRequestIds: [], contentOpportunityIds: [opportunity.id] },
        campaign?.goal ?? null,
      );
    },

    async campaign(caller: Caller, campaignId: number, view: PerformanceView) {
      const [campaign] = await deps.campaigns.campaignsWithItems(db, caller.userId, campaignId);
      if (!campaign) throw notFound('Campaign');
      return detailOf(
        db,
        caller,
        { kind: 'campaign', id: campaign.id, reference: null, title: campaign.name, view },
        {
          contentRequestIds: view === 'opportunity' ? [] : campaign.contentRequestIds,
          contentOpportunityIds: view === 'request' ? [] : campaign.contentOpportunityIds,
        },
        campaign.goal,
      );
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;

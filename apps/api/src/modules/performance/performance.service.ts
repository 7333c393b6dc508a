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
import {
  metricSources,
  scheduledMetricWindows,
  type MetricSource,
  type ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import {
  publicFiguresOf,
  type LabelledFigures,
  type LineGroupFigures,
  type LinkMetrics,
} from '../publication-metrics/index.js';
import {
  addPresent,
  costOfItem,
  costsOfLines,
  engagementsOf,
  ratiosOf,
} from './performance.figures.js';
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
const keyOfLine = (line: Pick<PerformanceLine, 'contentRequestId' | 'contentOpportunityId'>) =>
  line.contentRequestId !== null
    ? requestKey(line.contentRequestId)
    : opportunityKey(line.contentOpportunityId!);
const keysOf = (ids: SourceIds) => [
  ...ids.contentRequestIds.map(requestKey),
  ...ids.contentOpportunityIds.map(opportunityKey),
];

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

/** A publication's figures as the totals and the series count them. */
interface PublicationFigures {
  /** Its current read (`currentOf`), null when never read. */
  current: Pick<
    LabelledFiguresWire,
    | 'source'
    | 'read_at'
    | 'checked'
    | 'views'
    | 'reach'
    | 'likes'
    | 'comments'
    | 'shares'
    | 'saves'
    | 'engagements'
  > | null;
  /** Views read at 7 days, the post live then. */
  views7d: number | null;
  /** Each window read while the post was live. */
  windows: Record<ScheduledMetricWindow, WindowRead | null>;
}

interface WindowRead {
  views: number | null;
  engagements: number | null;
}

/** What one delivery line brings to the totals and the series. */
interface LineFigures {
  cost: number;
  sums: PerformanceSums;
  /** Its approved publication links. */
  publications: number;
  /** The current read of each of its publications that has one. */
  reads: NonNullable<PublicationFigures['current']>[];
  /** Each window's reads of its live posts. */
  windows: Record<ScheduledMetricWindow, WindowRead[]>;
}

const noReads = () =>
  Object.fromEntries(scheduledMetricWindows.map((window) => [window, []])) as unknown as Record<
    ScheduledMetricWindow,
    WindowRead[]
  >;

/** Sums with no figure yet (null: none read) and some clicks. */
const noSums = (clicks: number): PerformanceSums => ({
  views: null,
  reach: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  engagements: null,
  clicks,
  views_7d: null,
});

type Figures = Pick<
  PerformanceSums,
  'views' | 'reach' | 'likes' | 'comments' | 'shares' | 'saves' | 'engagements'
>;

/** Adds the figures present to the sums (in place: a dashboard adds thousands). */
function addFigures(sums: PerformanceSums, figures: Figures) {
  sums.views = addPresent(sums.views, figures.views);
  sums.reach = addPresent(sums.reach, figures.reach);
  sums.likes = addPresent(sums.likes, figures.likes);
  sums.comments = addPresent(sums.comments, figures.comments);
  sums.shares = addPresent(sums.shares, figures.shares);
  sums.saves = addPresent(sums.saves, figures.saves);
  sums.engagements = addPresent(sums.engagements, figures.engagements);
}

/** A line's figures, from its publications' (in plain loops: a dashboard has thousands). */
function lineFiguresOf(
  cost: number,
  clicks: number,
  publications: readonly PublicationFigures[],
): LineFigures {
  const sums = noSums(clicks);
  const reads: LineFigures['reads'] = [];
  const windows = noReads();
  for (const publication of publications) {
    sums.views_7d = addPresent(sums.views_7d, publication.views7d);
    for (const window of scheduledMetricWindows) {
      const read = publication.windows[window];
      if (read) windows[window].push(read);
    }
    const current = publication.current;
    if (!current) continue;
    reads.push(current);
    addFigures(sums, current);
  }
  return { cost, sums, publications: publications.length, reads, windows };
}

/** A link's figures, from all its reads (the pages that list each video). */
function publicationFiguresOf(metrics: LinkMetrics | undefined): {
  figures: PublicationFigures;
  latest: LabelledFiguresWire | null;
  at7d: LabelledFiguresWire | null;
} {
  const current = metrics ? currentOf(metrics) : null;
  const at7d = metrics?.windows['7d'] ?? null;
  const latest = current ? publicFiguresOf(current) : null;
  const live = (figures: LabelledFigures | null | undefined) =>
    figures && !figures.postDeleted ? figures : null;
  return {
    figures: {
      current: latest,
      views7d: live(at7d)?.views ?? null,
      windows: Object.fromEntries(
        scheduledMetricWindows.map((window) => {
          const read = live(metrics?.windows[window]);
          return [window, read ? { views: read.views, engagements: engagementsOf(read) } : null];
        }),
      ) as PublicationFigures['windows'],
    },
    latest,
    at7d: live(at7d) ? publicFiguresOf(at7d!) : null,
  };
}

/** What the figures of a page are computed from, read in a fixed number of queries. */
interface Facts {
  lines: PerformanceLine[];
  /** The lines of each request and opportunity (by key), so a row reads its own lines only. */
  linesBySource: Map<string, PerformanceLine[]>;
  /** Each line's figures, computed once for all the rows that count it. */
  figures: Map<number, LineFigures>;
  /** Cost of each request or opportunity (its lines', or what it spent when it has none). */
  costOfSource: Map<string, number>;
  /** Each line's publications as the video lists show them. */
  publications: Map<number, PerformancePublication[]>;
}

/** The lines of some requests and opportunities of the facts. */
const linesOfKeys = (facts: Facts, keys: ReadonlySet<string>) =>
  [...keys].flatMap((key) => facts.linesBySource.get(key) ?? []);

const figuresOfLines = (facts: Facts, keys: ReadonlySet<string>) =>
  linesOfKeys(facts, keys).map((line) => facts.figures.get(line.lineId)!);

/** Totals over some requests and opportunities of the facts. */
function totalsOf(facts: Facts, keys: ReadonlySet<string>): PerformanceTotals {
  const lines = figuresOfLines(facts, keys);
  let cost = 0;
  for (const key of keys) cost += facts.costOfSource.get(key) ?? 0;
  const sums = noSums(0);
  const sources = new Set<MetricSource>();
  let newest: string | null = null;
  let oldest: string | null = null;
  let published = 0;
  let unchecked = 0;
  let withFigures = 0;
  for (const line of lines) {
    addFigures(sums, line.sums);
    sums.clicks += line.sums.clicks;
    sums.views_7d = addPresent(sums.views_7d, line.sums.views_7d);
    if (line.publications === 0) continue;
    published += 1;
    if (line.reads.length > 0) withFigures += 1;
    if (line.reads.some((read) => read.checked === false)) unchecked += 1;
    for (const read of line.reads) {
      sources.add(read.source);
      // ISO times of one format: their text order is their time order.
      if (newest === null || read.read_at > newest) newest = read.read_at;
      if (oldest === null || read.read_at < oldest) oldest = read.read_at;
    }
  }
  return {
    ...sums,
    ...ratiosOf({ cost, ...sums }),
    cost,
    sources: metricSources.filter((source) => sources.has(source)),
    newest_read_at: newest,
    oldest_read_at: oldest,
    unchecked,
    videos: lines.length,
    published,
    with_figures: withFigures,
  };
}

/** Each window's views and engagements, summed over the videos read at that window. */
function seriesOf(facts: Facts, keys: ReadonlySet<string>): PerformancePoint[] {
  const lines = figuresOfLines(facts, keys);
  return scheduledMetricWindows.map((window) => {
    let views: number | null = null;
    let engagements: number | null = null;
    let videos = 0;
    for (const line of lines) {
      const reads = line.windows[window];
      if (reads.length > 0) videos += 1;
      for (const read of reads) {
        views = addPresent(views, read.views);
        engagements = addPresent(engagements, read.engagements);
      }
    }
    return { window, views, engagements, videos };
  });
}

/**
 * What one request or opportunity brings to the dashboard, summed up by the database: the
 * same counts `totalsOf` and `seriesOf` make line by line for the other pages.
 */
interface ItemFigures {
  lines: number;
  published: number;
  cost: number;
  clicks: number;
  /** Its lines' figures; undefined when none was read. */
  figures: LineGroupFigures | undefined;
}

/** Totals over some items of the dashboard. */
function totalsOfItems(items: readonly ItemFigures[]): PerformanceTotals {
  const sums = noSums(0);
  const sources = new Set<MetricSource>();
  let cost = 0;
  let videos = 0;
  let published = 0;
  let withFigures = 0;
  let unchecked = 0;
  let newest: Date | null = null;
  let oldest: Date | null = null;
  for (const item of items) {
    cost += item.cost;
    videos += item.lines;
    published += item.published;
    sums.clicks += item.clicks;
    const figures = item.figures;
    if (!figures) continue;
    addFigures(sums, figures);
    sums.views_7d = addPresent(sums.views_7d, figures.windows['7d'].views);
    withFigures += figures.linesRead;
    unchecked += figures.linesUnchecked;
    for (const source of figures.sources) sources.add(source);
    if (newest === null || figures.newestReadAt > newest) newest = figures.newestReadAt;
    if (oldest === null || figures.oldestReadAt < oldest) oldest = figures.oldestReadAt;
  }
  return {
    ...sums,
    ...ratiosOf({ cost, ...sums }),
    cost,
    sources: metricSources.filter((source) => sources.has(source)),
    newest_read_at: newest?.toISOString() ?? null,
    oldest_read_at: oldest?.toISOString() ?? null,
    unchecked,
    videos,
    published,
    with_figures: withFigures,
  };
}

/** Each window's views and engagements over some items of the dashboard. */
function seriesOfItems(items: readonly ItemFigures[]): PerformancePoint[] {
  return scheduledMetricWindows.map((window) => {
    let views: number | null = null;
    let engagements: number | null = null;
    let videos = 0;
    for (const item of items) {
      const read = item.figures?.windows[window];
      if (!read) continue;
      videos += read.lines;
      views = addPresent(views, read.views);
      engagements = addPresent(engagements, read.engagements);
    }
    return { window, views, engagements, videos };
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

  /** The facts of some requests and opportunities, line by line and publication by publication. */
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
      const own = linesBySource.get(keyOfLine(line));
      if (own) own.push(line);
      else linesBySource.set(keyOfLine(line), [line]);
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

    const ofLink = new Map<number, LinkMetrics>();
    for (const ofLine of metrics.values()) for (const m of ofLine) ofLink.set(m.linkId, m);
    const publicationsOfLine = new Map<number, PublicationFigures[]>();
    const publications: Facts['publications'] = new Map();
    for (const link of links) {
      const read = publicationFiguresOf(ofLink.get(link.linkId));
      const publication = {
        link_id: link.linkId,
        platform: link.platform,
        url: link.url,
        latest: read.latest,
        at_7d: read.at7d,
      };
      publications.set(link.lineId, [...(publications.get(link.lineId) ?? []), publication]);
      publicationsOfLine.set(link.lineId, [
        ...(publicationsOfLine.get(link.lineId) ?? []),
        read.figures,
      ]);
    }
    const figures = new Map(
      lines.map((line) => [
        line.lineId,
        lineFiguresOf(
          costOfLine.get(line.lineId) ?? 0,
          clicks.get(line.lineId)?.people ?? 0,
          publicationsOfLine.get(line.lineId) ?? [],
        ),
      ]),
    );
    return { lines, linesBySource, figures, costOfSource, publications };
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
      const { cost, sums } = facts.figures.get(line.lineId)!;
      return {
        content_request_influencer_id: line.lineId,
        kind: line.contentRequestId !== null ? 'content-request' : 'opportunity',
        reference:
          line.contentRequestId !== null
            ? contentRequestLineReference(line.contentRequestId, line.lineNumber)
            : `${opportunityReference(line.contentOpportunityId!)}-${line.lineNumber}`,
        title: titles.get(keyOfLine(line)) ?? '',
        creator_name: creators.get(line.influencerId)?.name ?? '',
        publications: facts.publications.get(line.lineId) ?? [],
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
      // Independent reads go out together, each on its own pooled connection: the answer
      // waits for the longest of each round, not for their sum (issue 24 §8).
      const [campaigns, allRequests, allOpportunities] = await Promise.all([
        deps.campaigns.campaignsWithItems(db, caller.userId),
        items.requestsOf(db, caller.userId),
        items.opportunitiesOf(db, caller.userId),
      ]);
      const placed = new Set(campaigns.flatMap(keysOf));
      const requests = allRequests.filter(
        (r) => r.status === 'sent' && !placed.has(requestKey(r.id)),
      );
      const opportunities = allOpportunities.filter(
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
      // Summed up per request and opportunity by the database (issue 24 §8: an advertiser's
      // thousands of videos in a few hundred rows), counted as the other pages count them.
      const [byItem, spending] = await Promise.all([
        items.linesByItemOf(db, caller.userId, ids),
        deps.ledger.advertiserSpending(db, caller.userId, ids),
      ]);
      const lineIds: number[] = [];
      const groups: number[] = [];
      byItem.forEach((item, group) => {
        for (const lineId of item.lineIds) {
          lineIds.push(lineId);
          groups.push(group);
        }
      });
      const [figures, people] = await Promise.all([
        deps.figures.figuresOfLineGroups(db, lineIds, groups),
        deps.figures.peopleOfLineGroups(db, lineIds, groups),
      ]);
      const spentOn = (key: string) => spending.bySource.get(key)?.spent ?? 0;
      const ofKey = new Map<string, ItemFigures>();
      byItem.forEach((item, group) => {
        const key = keyOfLine(item);
        ofKey.set(key, {
          lines: item.lineIds.length,
          published: item.published,
          cost: costOfItem(spentOn(key), item.lineIds.length, item.contentFees),
          clicks: people.get(group) ?? 0,
          figures: figures.get(group),
        });
      });
      const itemsOf = (keys: readonly string[]): ItemFigures[] =>
        keys.map(
          (key) =>
            ofKey.get(key) ?? {
              lines: 0,
              published: 0,
              cost: spentOn(key),
              clicks: 0,
              figures: undefined,
            },
        );
      const all = itemsOf(keysOf(ids));
      const rows: PerformanceDashboardRow[] = [
        ...campaigns.map((c) => ({
          kind: 'campaign' as const,
          id: c.id,
          reference: null,
          title: c.name,
          goal: c.goal,
          headline: headlineFigures(c.goal),
          totals: totalsOfItems(itemsOf(keysOf(c))),
        })),
        ...requests.map((r) => ({
          kind: 'content-request' as const,
          id: r.id,
          reference: r.reference,
          title: r.title,
          goal: null,
          headline: headlineFigures(null),
          totals: totalsOfItems(itemsOf([requestKey(r.id)])),
        })),
        ...opportunities.map((o) => ({
          kind: 'opportunity' as const,
          id: o.id,
          reference: o.reference,
          title: o.title,
          goal: null,
          headline: headlineFigures(null),
          totals: totalsOfItems(itemsOf([opportunityKey(o.id)])),
        })),
      ];
      return {
        headline: headlineOf(null),
        totals: totalsOfItems(all),
        series: seriesOfItems(all),
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

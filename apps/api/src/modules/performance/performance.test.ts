import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignGoal } from '@clipmarket/contracts/campaigns';
import {
  performanceDashboardSchema,
  performanceDetailSchema,
  type PerformanceDashboard,
  type PerformanceDetail,
} from '@clipmarket/contracts/performance';
import type {
  MetricPlatform,
  MetricSource,
  MetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  attachRequest,
  campaignBody,
  createCampaign,
  insertSnapshots,
  publishLinks,
  recordClicks,
  reviewedLine,
} from '../campaigns/campaigns.test-support.js';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  takeTransition,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { publishOpportunity } from '../opportunities/opportunities.test-support.js';
import { metricSubmissions } from '../publication-metrics/publication-metrics.schema.js';
import { createAdmin, createFile, createTalent, type TestUser } from '../users/test-users.js';
import { campaignReadsOfRequests, performanceReadsOfRequests } from '../content-requests/index.js';
import { campaignReadsOfOpportunities } from '../opportunities/index.js';
import { figuresOfLineGroups, metricsOfLines } from '../publication-metrics/index.js';
import { describeRequestCreators } from '../users/index.js';
import { divideRoundHalfUp, splitEvenly } from './performance.figures.js';
import { createPerformanceService } from './performance.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const FUNDS = 5_000_000;
const HOUR = 3_600_000;

async function get(user: TestUser, url: string) {
  return callAs(ctx, user.token, 'GET', url);
}

async function detail(user: TestUser, url: string): Promise<PerformanceDetail> {
  const answer = await get(user, url);
  expect(answer.statusCode, answer.body).toBe(200);
  return performanceDetailSchema.parse(answer.json().data);
}

/**
 * The creator delivers the line, the brand approves the video and the team the Instagram and
 * TikTok links: answers the links' ids by platform.
 */
async function published(brand: TestUser, creator: TestCreator, lineId: number) {
  await reviewedLine(ctx, brand, creator, lineId);
  const links = await publishLinks(ctx, await createAdmin(ctx), creator, lineId, [
    'instagram',
    'tiktok',
  ]);
  return Object.fromEntries(links.map((link) => [link.platform, link.id])) as Record<
    string,
    number
  >;
}

/** The line's figures on `platform` (`insertSnapshots`), read 3 hours ago unless told. */
const snapshot = (
  lineId: number,
  linkId: number,
  platform: MetricPlatform,
  window: MetricWindow,
  figures: Partial<Record<'views' | 'likes' | 'comments' | 'shares' | 'saves', number>>,
  source?: MetricSource,
  readAt = new Date(Date.now() - 3 * HOUR),
) => insertSnapshots(ctx, { lineId, linkId, platform, window, source, readAt, ...figures });

/** What left the brand's wallet for good (the books, read through the wallet's route). */
async function spentBy(user: TestUser) {
  const wallet = (await get(user, '/v2/wallet')).json().data as {
    available: number;
    reserved: number;
  };
  return FUNDS - wallet.available - wallet.reserved;
}

/**
 * A brand's campaign (goal traffic) holding a request to three creators: A published on
 * Instagram and TikTok, B on both with its own figures on Instagram only (TikTok not read yet),
 * C accepted but not delivered.
 * Outside any campaign, a live opportunity with no creator yet.
 */
async function scenario() {
  const brand = await newBrand(ctx, FUNDS);
  const [a, b, c] = [await newCreator(ctx), await newCreator(ctx), await newCreator(ctx)];
  const campaign = await createCampaign(ctx, brand, { goal: 'traffic' });
  const request = await sendRequest(ctx, brand, [a, b, c], { platforms: ['instagram', 'tiktok'] });
  await attachRequest(ctx, brand, campaign.campaign_id, request.id);
  const lines = { a: request.lineOf(a), b: request.lineOf(b), c: request.lineOf(c) };
  await takeTransition(ctx, c.token, lines.c, 'accept');
  const linksA = await published(brand, a, lines.a);
  const linksB = await published(brand, b, lines.b);
  // A on Instagram: read at 24 h, 7 d and the latest, 3 h ago.
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * HOUR);
  await snapshot(
    lines.a,
    linksA.instagram!,
    'instagram',
    '24h',
    { views: 1000, likes: 50, comments: 10 },
    'instagram_api',
    daysAgo(9),
  );
  await snapshot(
    lines.a,
    linksA.instagram!,
    'instagram',
    '7d',
    { views: 3000, likes: 150, comments: 30, shares: 20, saves: 10 },
    'instagram_api',
    daysAgo(3),
  );
  await snapshot(lines.a, linksA.instagram!, 'instagram', 'latest', {
    views: 4000,
    likes: 200,
    comments: 40,
    shares: 30,
    saves: 10,
  });
  // A on TikTok: no saves from TikTok.
  await snapshot(
    lines.a,
    linksA.tiktok!,
    'tiktok',
    '7d',
    { views: 2000, likes: 100, comments: 5, shares: 5 },
    'tiktok_api',
    daysAgo(3),
  );
  await snapshot(
    lines.a,
    linksA.tiktok!,
    'tiktok',
    'latest',
    { views: 2500, likes: 120, comments: 6, shares: 4 },
    'tiktok_api',
    new Date(Date.now() - 26 * HOUR),
  );
  // B: the creator's checked figures.
  await snapshot(
    lines.b,
    linksB.instagram!,
    'instagram',
    'latest',
    { views: 1000, likes: 30 },
    'creator',
  );
  await recordClicks(ctx, lines.a, 3, 1);
  await recordClicks(ctx, lines.b, 1);
  const opportunityId = await publishOpportunity(ctx, brand);
  const rows = await ctx.database.db
    .select()
    .from(contentRequestInfluencers)
    .where(inArray(contentRequestInfluencers.id, [lines.a, lines.b, lines.c]));
  const price = (lineId: number) => rows.find((row) => row.id === lineId)!.price;
  return { brand, campaign, request, lines, linksA, opportunityId, price };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;
let world: Scenario;
let requestSpent: number;
let opportunitySpent: number;
beforeAll(async () => {
  world = await scenario();
  // What the request cost: all the brand spent but the opportunity's fee.
  const opportunity = await detail(
    world.brand,
    `/v2/performance/content-opportunity/${world.opportunityId}`,
  );
  opportunitySpent = opportunity.totals.cost;
  requestSpent = (await spentBy(world.brand)) - opportunitySpent;
}, 60_000);

describe("a content request's performance", () => {
  it('costs each video its paid content fee and its share of the platform fee', async () => {
    const page = await detail(world.brand, `/v2/performance/content-request/${world.request.id}`);
    const { a, b, c } = world.lines;
    const fee = requestSpent - world.price(a) - world.price(b);
    expect(fee).toBeGreaterThan(0);
    const shares = splitEvenly(fee, 3);
    const videoOf = (lineId: number) =>
      page.videos.find((v) => v.content_request_influencer_id === lineId)!;
    expect(videoOf(a).cost).toBe(world.price(a) + shares[0]!);
    expect(videoOf(b).cost).toBe(world.price(b) + shares[1]!);
    // C published nothing: no row, but its share of the fee is in the totals.
    expect(page.videos).toHaveLength(2);
    expect(page.totals.cost).toBe(requestSpent);
    expect(page.totals).toMatchObject({
      videos: 3,
      published: 2,
      with_figures: 2,
      views: 4000 + 2500 + 1000,
      engagements: 280 + 130 + 30,
      saves: 10,
      clicks: 4,
      views_7d: 5000,
      cpm: divideRoundHalfUp(requestSpent * 1000, 7500),
      cost_per_view: divideRoundHalfUp(requestSpent, 7500),
      cost_per_engagement: divideRoundHalfUp(requestSpent, 440),
      // 440 / 7 500 = 5.866… % → 587 bp
      engagement_rate_bp: 587,
      cpc: divideRoundHalfUp(requestSpent, 4),
      sources: ['instagram_api', 'tiktok_api', 'creator'],
      unchecked: 0,
    });
    expect(Date.parse(page.totals.newest_read_at!)).toBeGreaterThan(
      Date.parse(page.totals.oldest_read_at!),
    );
    expect(page.videos.map((v) => v.content_request_influencer_id)).not.toContain(c);
  });

  it('labels every figure with its source and read time, and compares videos at 7 days', async () => {
    const page = await detail(world.brand, `/v2/performance/content-request/${world.request.id}`);
    const a = page.videos.find((v) => v.content_request_influencer_id === world.lines.a)!;
    expect(a.reference).toMatch(/^CR-\d{6}-\d+$/);
    expect(a.creator_name).not.toBe('');
    expect(a.publications.map((p) => p.platform)).toEqual(['instagram', 'tiktok']);
    expect(a.publications[0]!.latest).toMatchObject({
      source: 'instagram_api',
      checked: null,
      views: 4000,
      engagements: 280,
    });
    expect(a.publications[1]!.latest).toMatchObject({
      source: 'tiktok_api',
      saves: null,
      engagements: 130,
    });
    expect(a.publications[0]!.at_7d).toMatchObject({ views: 3000, source: 'instagram_api' });
    expect(a).toMatchObject({ views: 6500, views_7d: 5000, clicks: 3 });
    expect(a.cpm).toBe(divideRoundHalfUp(a.cost * 1000, 6500));
    const b = page.videos.find((v) => v.content_request_influencer_id === world.lines.b)!;
    expect(b.publications[0]!.latest).toMatchObject({ source: 'creator', checked: true });
    // Not read yet: no figures, and none invented.
    expect(b.publications[1]).toMatchObject({ platform: 'tiktok', latest: null, at_7d: null });
    expect(b.views_7d).toBeNull();
  });

  it('charts each window summed over the videos read then', async () => {
    const page = await detail(world.brand, `/v2/performance/content-request/${world.request.id}`);
    expect(page.series).toEqual([
      { window: '24h', views: 1000, engagements: 60, videos: 1 },
      { window: '72h', views: null, engagements: null, videos: 0 },
      { window: '7d', views: 5000, engagements: 210 + 110, videos: 1 },
      { window: '30d', views: null, engagements: null, videos: 0 },
    ]);
  });
});

describe('the headline figure', () => {
  it("follows the campaign's goal, for the campaign and for its items", async () => {
    const brand = world.brand;
    const id = world.campaign.campaign_id;
    const url = `/v2/campaigns/${id}/performance`;
    expect((await detail(brand, url)).headline).toEqual({
      goal: 'traffic',
      figures: ['clicks', 'cpc'],
    });
    expect(
      (await detail(brand, `/v2/performance/content-request/${world.request.id}`)).headline.figures,
    ).toEqual(['clicks', 'cpc']);
    const body = (goal: CampaignGoal) => campaignBody({ goal, target_url: null });
    for (const [goal, figures] of [
      ['brand-awareness', ['views', 'cpm']],
      ['engagement', ['engagement_rate', 'cost_per_engagement']],
      ['app-install', ['clicks', 'cpc']],
      ['customer-loyalty', ['engagement_rate', 'cost_per_engagement']],
    ] as const) {
      const changed = await callAs(ctx, brand.token, 'PUT', `/v2/campaigns/${id}`, body(goal));
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await detail(brand, url)).headline).toEqual({ goal, figures });
    }
    await callAs(ctx, brand.token, 'PUT', `/v2/campaigns/${id}`, body('traffic'));
  });

  it('is views and CPM for an item in no campaign', async () => {
    const page = await detail(
      world.brand,
      `/v2/performance/content-opportunity/${world.opportunityId}`,
    );
    expect(page.headline).toEqual({ goal: null, figures: ['views', 'cpm'] });
    // Its fee paid, no creator yet: a cost, no video, no ratio.
    expect(page.totals).toMatchObject({ videos: 0, published: 0, views: null, cpm: null });
    expect(page.totals.cost).toBeGreaterThan(0);
    expect(page.videos).toEqual([]);
  });
});

describe("a campaign's pages and the dashboard", () => {
  it('reads its requests, its opportunities or both', async () => {
    const url = `/v2/campaigns/${world.campaign.campaign_id}/performance`;
    const mixed = await detail(world.brand, url);
    const requests = await detail(world.brand, `${url}?view=request`);
    const opportunities = await detail(world.brand, `${url}?view=opportunity`);
    expect(mixed.subject).toMatchObject({ kind: 'campaign', view: 'mixed', title: 'Ramadan 2027' });
    expect(requests.totals).toEqual(mixed.totals);
    expect(requests.videos).toHaveLength(2);
    expect(opportunities.totals).toMatchObject({ cost: 0, videos: 0, views: null });
  });

  it('totals everything, with a row per campaign and per item in no campaign', async () => {
    const answer = await get(world.brand, '/v2/performance/dashboard');
    expect(answer.statusCode, answer.body).toBe(200);
    const dashboard: PerformanceDashboard = performanceDashboardSchema.parse(answer.json().data);
    expect(dashboard.rows.map((row) => [row.kind, row.id])).toEqual([
      ['campaign', world.campaign.campaign_id],
      ['opportunity', world.opportunityId],
    ]);
    expect(dashboard.rows[0]).toMatchObject({
      goal: 'traffic',
      headline: ['clicks', 'cpc'],
      totals: { cost: requestSpent, views: 7500, clicks: 4 },
    });
    expect(dashboard.rows[1]!.totals.cost).toBe(opportunitySpent);
    expect(dashboard.totals).toMatchObject({
      cost: requestSpent + opportunitySpent,
      views: 7500,
      published: 2,
    });
    expect(dashboard.series[2]).toEqual({ window: '7d', views: 5000, engagements: 320, videos: 1 });
  });

  it('answers an advertiser with nothing yet with empty figures', async () => {
    const brand = await newBrand(ctx);
    const answer = await get(brand, '/v2/performance/dashboard');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      rows: [],
      totals: { cost: 0, videos: 0, views: null, cpm: null, clicks: 0 },
    });
  });
});

describe('the dashboard and the pages of its campaigns', () => {
  /**
   * The dashboard sums its figures in the database (a row per request or opportunity), the
   * other pages from every read: both must count each publication alike, whatever its reads —
   * a window read after the latest, a post deleted since, reads at the same time, a creator's
   * figures checked or still waiting, a waiting submission where the API read the window.
   */
  it('count every publication alike, whatever its reads', async () => {
    const brand = await newBrand(ctx, FUNDS);
    const creators = [await newCreator(ctx), await newCreator(ctx), await newCreator(ctx)];
    const campaign = await createCampaign(ctx, brand, { goal: 'brand-awareness' });
    const request = await sendRequest(ctx, brand, creators, {
      platforms: ['instagram', 'tiktok'],
    });
    await attachRequest(ctx, brand, campaign.campaign_id, request.id);
    const links: Record<string, number>[] = [];
    for (const creator of creators) {
      links.push(await published(brand, creator, request.lineOf(creator)));
    }
    const [a, b, c] = creators.map((creator) => request.lineOf(creator)) as [
      number,
      number,
      number,
    ];
    const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
    const deleted = async (lineId: number, linkId: number, platform: MetricPlatform) =>
      insertSnapshots(ctx, {
        linkId,
        lineId,
        platform,
        window: 'latest',
        readAt: ago(2),
        postDeleted: true,
      });
    const figures = (views: number) => ({
      views,
      likes: views / 10,
      comments: views / 100,
      shares: views / 100,
    });
    // A on Instagram: the 30-day read came after the latest; on TikTok: deleted after 7 days.
    await snapshot(
      a,
      links[0]!.instagram!,
      'instagram',
      'latest',
      figures(4000),
      undefined,
      ago(30),
    );
    await snapshot(a, links[0]!.instagram!, 'instagram', '30d', figures(5000), undefined, ago(1));
    await snapshot(a, links[0]!.tiktok!, 'tiktok', '7d', figures(2000), undefined, ago(120));
    await deleted(a, links[0]!.tiktok!, 'tiktok');
    // B on Instagram: deleted before any figures; on TikTok: the 24 h read and the latest at once.
    await deleted(b, links[1]!.instagram!, 'instagram');
    const together = ago(5);
    await snapshot(b, links[1]!.tiktok!, 'tiktok', '24h', figures(1000), undefined, together);
    await snapshot(b, links[1]!.tiktok!, 'tiktok', 'latest', figures(1200), undefined, together);
    // C: the creator's checked figures; waiting ones for 72 h (none read) and for the latest
    // on TikTok, which the API read (they stand nowhere).
    await snapshot(c, links[2]!.instagram!, 'instagram', 'latest', figures(800), 'creator');
    const screenshot = await createFile(ctx, creators[2]!.userId, {
      purpose: 'metric_screenshot',
      visibility: 'private',
    });
    await snapshot(c, links[2]!.tiktok!, 'tiktok', 'latest', figures(3000), undefined, ago(4));
    for (const [linkId, platform, window, views] of [
      [links[2]!.instagram!, 'instagram', '72h', 700],
      [links[2]!.tiktok!, 'tiktok', 'latest', 9900],
    ] as const) {
      await ctx.database.db.insert(metricSubmissions).values({
        linkId,
        lineId: c,
        creatorUserId: creators[2]!.userId,
        platform,
        url: 'https://www.instagram.com/p/waiting/',
        window,
        ...figures(views),
        screenshotFileId: screenshot.fileId,
      });
    }

    const page = await detail(brand, `/v2/campaigns/${campaign.campaign_id}/performance`);
    const answer = await get(brand, '/v2/performance/dashboard');
    const dashboard = performanceDashboardSchema.parse(answer.json().data);
    expect(dashboard.rows).toHaveLength(1);
    expect(dashboard.rows[0]!.totals).toEqual(page.totals);
    expect(dashboard.totals).toEqual(page.totals);
    expect(dashboard.series).toEqual(page.series);
    // What the pages agree on, by hand: C's Instagram figures waiting for the team are its
    // newest read (unchecked), its TikTok ones stand nowhere (the API read the latest).
    expect(page.totals).toMatchObject({
      views: 5000 + 2000 + 1200 + 700 + 3000,
      unchecked: 1,
      published: 3,
      with_figures: 3,
      sources: ['instagram_api', 'tiktok_api', 'creator'],
      views_7d: 2000,
    });
    expect(page.series).toEqual([
      { window: '24h', views: 1000, engagements: 120, videos: 1 },
      { window: '72h', views: 700, engagements: 84, videos: 1 },
      { window: '7d', views: 2000, engagements: 240, videos: 1 },
      { window: '30d', views: 5000, engagements: 600, videos: 1 },
    ]);
  });
});

describe('the ownership matrix', () => {
  const urls = () => [
    '/v2/performance/dashboard',
    `/v2/performance/content-request/${world.request.id}`,
    `/v2/performance/content-opportunity/${world.opportunityId}`,
    `/v2/campaigns/${world.campaign.campaign_id}/performance?view=mixed`,
  ];

  it('answers 401 without a session and 403 to creators and admins', async () => {
    const creator = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    for (const url of urls()) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(creator, url)).statusCode, url).toBe(403);
      expect((await get(admin, url)).statusCode, url).toBe(403);
    }
  });

  it("answers 404 for another advertiser's request, opportunity or campaign", async () => {
    const other = await newBrand(ctx);
    const [, ...foreign] = urls();
    for (const url of foreign) expect((await get(other, url)).statusCode, url).toBe(404);
    // Their own dashboard shows none of it.
    expect((await get(other, '/v2/performance/dashboard')).json().data.rows).toEqual([]);
  });

  it('refuses a malformed id or view with a 400, never a 500', async () => {
    for (const url of [
      '/v2/performance/content-request/abc',
      '/v2/performance/content-opportunity/0',
      `/v2/campaigns/${world.campaign.campaign_id}/performance?view=everything`,
      '/v2/campaigns/99999999999999/performance',
    ]) {
      expect((await get(world.brand, url)).statusCode, url).toBe(400);
    }
    expect((await get(world.brand, '/v2/performance/content-request/999999')).statusCode).toBe(404);
  });
});

describe('a fixed number of reads', () => {
  /** The service on the real reads, counting every call to another module. */
  function countedService() {
    const calls: string[] = [];
    const counted = <T extends Record<string, unknown>>(name: string, reads: T): T =>
      Object.fromEntries(
        Object.entries(reads).map(([key, read]) => [
          key,
          (...args: unknown[]) => {
            calls.push(`${name}.${key}`);
            return (read as (...a: unknown[]) => unknown)(...args);
          },
        ]),
      ) as T;
    const service = createPerformanceService({
      db: ctx.database.db,
      items: counted('items', {
        requestsOf: campaignReadsOfRequests.requestsOf,
        opportunitiesOf: campaignReadsOfOpportunities.opportunitiesOf,
        linesOf: performanceReadsOfRequests.linesOf,
        linesByItemOf: performanceReadsOfRequests.linesByItemOf,
        approvedLinksOf: performanceReadsOfRequests.approvedLinksOf,
      }),
      campaigns: counted('campaigns', {
        campaignsWithItems: ctx.modules.campaigns.service.campaignsWithItems,
        campaignOfSource: ctx.modules.campaigns.service.campaignOfSource,
      }),
      figures: counted('figures', {
        metricsOfLines,
        figuresOfLineGroups,
        clicksOfLines: ctx.modules.trackedLinks.service.clicksOfLines,
        peopleOfLineGroups: ctx.modules.trackedLinks.service.peopleOfLineGroups,
      }),
      ledger: counted('ledger', {
        advertiserSpending: ctx.modules.ledger.service.advertiserSpending,
      }),
      creators: counted('creators', { describeRequestCreators }),
    });
    return { service, calls };
  }

  it('reads a page in the same calls whatever its number of videos', async () => {
    const caller = { userId: world.brand.userId };
    const many = countedService();
    await many.service.contentRequest(caller, world.request.id);
    const none = countedService();
    await none.service.opportunity(caller, world.opportunityId);
    expect(many.calls).toHaveLength(10);
    expect(none.calls).toHaveLength(many.calls.length);

    const full = countedService();
    await full.service.dashboard(caller);
    const empty = countedService();
    await empty.service.dashboard({ userId: (await newBrand(ctx)).userId });
    expect(full.calls).toEqual(empty.calls);
  });
});

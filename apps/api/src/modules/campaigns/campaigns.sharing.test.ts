import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sharedCampaignSchema,
  type CampaignShareLink,
  type SharedCampaign,
} from '@clipmarket/contracts/campaign-sharing';
import type { CampaignDetail } from '@clipmarket/contracts/campaigns';
import type { PerformanceDetail } from '@clipmarket/contracts/performance';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  TEST_RIB,
} from '../content-requests/content-requests.test-support.js';
import { inDays } from '../opportunities/opportunities.test-support.js';
import { advertisers, influencers } from '../users/users.schema.js';
import { createAdmin, createAdvertiser, type TestUser } from '../users/test-users.js';
import {
  attachRequest,
  createCampaign,
  insertSnapshots,
  publishLinks,
  reviewedLine,
} from './campaigns.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const FUNDS = 5_000_000;
const BUDGET = 7_000_000;
const BRAND_PHONE = '98765432';
const CREATOR_PHONE = '55123456';

let visitors = 0;
/** A visitor's read of a shared report: no sign-in, an address of its own unless told. */
function visit(token: string, remoteAddress?: string) {
  visitors += 1;
  return ctx.app.inject({
    method: 'GET',
    url: `/v2/shared-campaigns/${token}`,
    remoteAddress: remoteAddress ?? `10.66.${Math.floor(visitors / 250) % 250}.${visitors % 250}`,
  });
}

const shareLinkUrl = (campaignId: number) => `/v2/campaigns/${campaignId}/share-link`;

async function share(user: TestUser, campaignId: number) {
  const created = await callAs(ctx, user.token, 'POST', shareLinkUrl(campaignId));
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data as CampaignShareLink;
}

/**
 * A brand's running campaign holding a request to a creator who published on Instagram and
 * TikTok, with figures read from the APIs (latest and 7 days) on Instagram and submitted by
 * the creator on TikTok; both parties' private details filled in.
 */
async function scenario() {
  const brand = await newBrand(ctx, FUNDS);
  const creator = await newCreator(ctx);
  await ctx.database.db
    .update(advertisers)
    .set({ phone: BRAND_PHONE, phonePrefix: '+216' })
    .where(eq(advertisers.userId, brand.userId));
  await ctx.database.db
    .update(influencers)
    .set({ phone: CREATOR_PHONE, phonePrefix: '+216', domiciliationAddress: '5 rue de Rome' })
    .where(eq(influencers.id, creator.influencerId));
  const campaign = await createCampaign(ctx, brand, { budget: BUDGET });
  const request = await sendRequest(ctx, brand, [creator], { platforms: ['instagram', 'tiktok'] });
  await attachRequest(ctx, brand, campaign.campaign_id, request.id);
  const lineId = request.lineOf(creator);
  await reviewedLine(ctx, brand, creator, lineId);
  const [instagram, tiktok] = await publishLinks(ctx, await createAdmin(ctx), creator, lineId, [
    'instagram',
    'tiktok',
  ]);
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  await insertSnapshots(
    ctx,
    {
      linkId: instagram!.id,
      lineId,
      platform: 'instagram',
      window: '7d',
      readAt: hoursAgo(30),
      views: 3_331,
      likes: 111,
      comments: 22,
      shares: 11,
      saves: 7,
    },
    {
      linkId: instagram!.id,
      lineId,
      platform: 'instagram',
      window: 'latest',
      readAt: hoursAgo(3),
      views: 4_441,
      reach: 3_903,
      likes: 131,
      comments: 23,
      shares: 13,
      saves: 9,
    },
    {
      linkId: tiktok!.id,
      lineId,
      platform: 'tiktok',
      window: 'latest',
      source: 'creator',
      readAt: hoursAgo(20),
      views: 2_227,
      likes: 77,
    },
  );
  const [line] = await ctx.database.db
    .select()
    .from(contentRequestInfluencers)
    .where(eq(contentRequestInfluencers.id, lineId));
  return { brand, creator, campaign, lineId, price: line!.price };
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

type Scenario = Awaited<ReturnType<typeof scenario>>;
let world: Scenario;
beforeAll(async () => {
  world = await scenario();
}, 60_000);

describe("the owner's share link", () => {
  it('is none at first, made once however often it is asked for, and read back', async () => {
    const brand = await newBrand(ctx);
    const campaign = await createCampaign(ctx, brand);
    const none = await callAs(ctx, brand.token, 'GET', shareLinkUrl(campaign.campaign_id));
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ data: null });

    const [first, again] = await Promise.all([
      share(brand, campaign.campaign_id),
      share(brand, campaign.campaign_id),
    ]);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.path).toBe(`/campaigns/${first.token}`);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ visits: 0, last_visited_at: null });
    const read = await callAs(ctx, brand.token, 'GET', shareLinkUrl(campaign.campaign_id));
    expect(read.json().data).toEqual(first);
  });

  it('counts the visits; revoked, the old address is a 404 and a new link gets a new token', async () => {
    const brand = await newBrand(ctx);
    const campaign = await createCampaign(ctx, brand);
    const link = await share(brand, campaign.campaign_id);
    expect((await visit(link.token)).statusCode).toBe(200);
    expect((await visit(link.token)).statusCode).toBe(200);
    const counted = (
      await callAs(ctx, brand.token, 'GET', shareLinkUrl(campaign.campaign_id))
    ).json().data as CampaignShareLink;
    expect(counted.visits).toBe(2);
    expect(counted.last_visited_at).not.toBeNull();

    const revoked = await callAs(ctx, brand.token, 'DELETE', shareLinkUrl(campaign.campaign_id));
    expect(revoked.statusCode, revoked.body).toBe(204);
    const gone = await visit(link.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(
      (await callAs(ctx, brand.token, 'GET', shareLinkUrl(campaign.campaign_id))).json(),
    ).toEqual({ data: null });
    // Revoking again changes nothing.
    expect(
      (await callAs(ctx, brand.token, 'DELETE', shareLinkUrl(campaign.campaign_id))).statusCode,
    ).toBe(204);

    const renewed = await share(brand, campaign.campaign_id);
    expect(renewed.token).not.toBe(link.token);
    expect((await visit(renewed.token)).statusCode).toBe(200);
    expect((await visit(link.token)).statusCode).toBe(404);
  });

  it('takes a fixed token (the demo data’s) once: revoked, it is never given again', async () => {
    const brand = await newBrand(ctx);
    const campaign = await createCampaign(ctx, brand);
    const caller = { userId: brand.userId, role: 'BRAND' as const };
    const service = ctx.modules.campaigns.service;
    const token = `demo-test-${randomBytes(25).toString('base64url')}`.slice(0, 43);
    expect(await service.createShareLink(caller, campaign.campaign_id, { token })).toMatchObject({
      token,
    });
    expect((await visit(token)).statusCode).toBe(200);
    await service.revokeShareLink(caller, campaign.campaign_id);
    await expect(
      service.createShareLink(caller, campaign.campaign_id, { token }),
    ).rejects.toMatchObject({ code: 'NAME_TAKEN' });
    await expect(
      service.createShareLink(caller, campaign.campaign_id, { token: 'too-short' }),
    ).rejects.toThrow('43 characters');
    expect((await visit(token)).statusCode).toBe(404);
    // Through the route, a new random token as ever.
    expect((await share(brand, campaign.campaign_id)).token).not.toBe(token);
  });

  it('ends with its campaign', async () => {
    const brand = await newBrand(ctx);
    const campaign = await createCampaign(ctx, brand);
    const link = await share(brand, campaign.campaign_id);
    const removed = await callAs(
      ctx,
      brand.token,
      'DELETE',
      `/v2/campaigns/${campaign.campaign_id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await visit(link.token)).statusCode).toBe(404);
  });

  it('is the owner’s only: another advertiser gets 404, a creator 403, a visitor 401', async () => {
    const link = await share(world.brand, world.campaign.campaign_id);
    const agency = await createAdvertiser(ctx, { role: 'AGENCY' });
    const url = shareLinkUrl(world.campaign.campaign_id);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await callAs(ctx, agency.token, method, url)).statusCode, method).toBe(404);
      expect((await callAs(ctx, world.creator.token, method, url)).statusCode, method).toBe(403);
      const anonymous = await ctx.app.inject({ method, url });
      expect(anonymous.statusCode, method).toBe(401);
      expect((await callAs(ctx, agency.token, method, shareLinkUrl(999_999_999))).statusCode).toBe(
        404,
      );
    }
    // Still the owner's, untouched.
    expect((await callAs(ctx, world.brand.token, 'GET', url)).json().data.token).toBe(link.token);
    expect((await visit(link.token)).statusCode).toBe(200);
  });
});

describe('the shared report', () => {
  it("shows the campaign's figures as its owner's page does, per video with source and time", async () => {
    const link = await share(world.brand, world.campaign.campaign_id);
    const answer = await visit(link.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const report = sharedCampaignSchema.parse(answer.json().data);
    const brandName = (
      await ctx.database.db
        .select({ name: advertisers.name })
        .from(advertisers)
        .where(eq(advertisers.userId, world.brand.userId))
    )[0]!.name;
    expect(report.campaign).toEqual({
      name: 'Ramadan 2027',
      brand_name: brandName,
      goal: 'brand-awareness',
      starts_on: inDays(-1),
      ends_on: inDays(30),
      phase: 'running',
    });
    const owners = await callAs(
      ctx,
      world.brand.token,
      'GET',
      `/v2/campaigns/${world.campaign.campaign_id}/performance?view=mixed`,
    );
    const page = owners.json().data as PerformanceDetail;
    expect(report.totals).toMatchObject({
      views: 4_441 + 2_227,
      reach: 3_903,
      engagements: 131 + 23 + 13 + 9 + 77,
      engagement_rate_bp: page.totals.engagement_rate_bp,
      views_7d: 3_331,
      published: 1,
      with_figures: 1,
      sources: ['instagram_api', 'creator'],
      newest_read_at: page.totals.newest_read_at,
      oldest_read_at: page.totals.oldest_read_at,
      unchecked: page.totals.unchecked,
    });
    expect(report.totals.views).toBe(page.totals.views);
    expect(report.totals.engagements).toBe(page.totals.engagements);
    expect(report.series).toEqual(page.series);
    const [video] = report.videos;
    expect(report.videos).toHaveLength(1);
    const creatorName = (
      await ctx.database.db
        .select({ name: influencers.influencerName })
        .from(influencers)
        .where(eq(influencers.id, world.creator.influencerId))
    )[0]!.name;
    expect(video).toMatchObject({
      creator_name: creatorName,
      platforms: ['instagram', 'tiktok'],
      views: 4_441 + 2_227,
      views_7d: 3_331,
    });
    expect(video!.publications.map((p) => [p.platform, p.url, p.latest?.source])).toEqual([
      ['instagram', `https://www.instagram.com/p/line${world.lineId}/`, 'instagram_api'],
      ['tiktok', `https://www.tiktok.com/@creator/video/8${world.lineId}000000000000`, 'creator'],
    ]);
    expect(video!.publications[0]!.at_7d).toMatchObject({ views: 3_331, source: 'instagram_api' });
  });

  it('says nothing private: no money, no contact or bank details, no ids of people', async () => {
    const link = await share(world.brand, world.campaign.campaign_id);
    const answer = await visit(link.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.body;
    const report = answer.json().data as SharedCampaign;

    // No field that holds or leads to an amount, at any depth, nor any id.
    const keys = keysOf(report);
    expect(keys.length).toBeGreaterThan(50);
    const forbidden = /cost|cpm|cpc|price|amount|budget|spent|committed|fee|money|paid/i;
    expect(keys.filter((key) => forbidden.test(key))).toEqual([]);
    expect(keys.filter((key) => /(^|_)id$/i.test(key))).toEqual([]);

    // What the brand paid, held and planned appears nowhere, as a value.
    const owners = (
      await callAs(
        ctx,
        world.brand.token,
        'GET',
        `/v2/campaigns/${world.campaign.campaign_id}/performance?view=mixed`,
      )
    ).json().data as PerformanceDetail;
    const campaign = (
      await callAs(ctx, world.brand.token, 'GET', `/v2/campaigns/${world.campaign.campaign_id}`)
    ).json().data as CampaignDetail;
    const amounts = [
      world.price,
      BUDGET,
      owners.totals.cost,
      owners.totals.cpm,
      owners.totals.cost_per_view,
      owners.totals.cost_per_engagement,
      owners.videos[0]!.cost,
      owners.videos[0]!.cpm,
      campaign.money.spent,
      campaign.money.committed,
      // Ratios of a few millimes (cost per view) may equal a count by chance: their keys are
      // checked above.
    ].filter((amount): amount is number => amount !== null && amount >= 1_000);
    expect(amounts.length).toBeGreaterThan(5);
    for (const amount of amounts) {
      expect(body, `amount ${amount}`).not.toMatch(new RegExp(`[:\\[,]${amount}[,\\]}]`));
    }

    // Neither party's contact, identity or bank details.
    const [brandRow] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.userId, world.brand.userId));
    const [creatorRow] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.id, world.creator.influencerId));
    const secrets = [
      world.creator.email,
      world.brand.email,
      CREATOR_PHONE,
      BRAND_PHONE,
      brandRow!.phoneCompany!,
      brandRow!.taxRegistrationNumber!,
      brandRow!.domiciliationAddress!,
      creatorRow!.cin!,
      TEST_RIB,
      creatorRow!.domiciliationAddress!,
      creatorRow!.lastName!,
    ];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(4);
      expect(body.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
  });

  it('is a 404 for a random token, a malformed one and a revoked one', async () => {
    for (const token of [
      randomBytes(32).toString('base64url'),
      'not-a-token',
      'a'.repeat(100),
      `${'x'.repeat(42)}%2F`,
      // PostgreSQL refuses a NUL in text: never asked.
      `${'x'.repeat(42)}%00`,
    ]) {
      const answer = await visit(token);
      expect(answer.statusCode, token).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
    }
    // Past Fastify's longest parameter: refused before any lookup.
    expect((await visit('a'.repeat(101))).statusCode).toBe(414);
  });

  it('is rate limited per address; a forged X-Forwarded-For does not escape it', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 65; n += 1) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/v2/shared-campaigns/${randomBytes(32).toString('base64url')}`,
        remoteAddress: '10.67.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json().error.code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
    // Another address still reads.
    expect((await visit(randomBytes(32).toString('base64url'), '10.67.0.2')).statusCode).toBe(404);
  });
});

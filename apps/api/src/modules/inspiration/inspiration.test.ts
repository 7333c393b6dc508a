import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getInspiredResponseSchema,
  type GetInspiredPage,
} from '@clipmarket/contracts/get-inspired';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  insertSnapshots,
  publishLinks,
  reviewedLine,
} from '../campaigns/campaigns.test-support.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { contentVideos } from '../content-videos/content-videos.schema.js';
import { categories } from '../reference-data/reference-data.schema.js';
import { influencerCategories, influencers } from '../users/users.schema.js';
import { createAdmin, type TestUser } from '../users/test-users.js';

const FUNDS = 5_000_000;

let ctx: TestContext;
let brand: TestUser;
let otherBrand: TestUser;
let admin: TestUser;
let foodCreator: TestCreator;
let techCreator: TestCreator;
let foodCategory: number;
let techCategory: number;
let foodName: string;
/** Instagram, product demo, 30 s, food creator; both consents. */
let demoLine: number;
/** TikTok, unboxing, 15 s, tech creator; both consents. */
let unboxingLine: number;
/** Published, only the advertiser allowed it. */
let advertiserOnlyLine: number;
/** Approved, not published yet. */
let unpublishedLine: number;

const lineRoute = (lineId: number) => `/v2/content-request-influencers/${lineId}`;
const consent = (token: string, lineId: number, allowed: boolean) =>
  callAs(ctx, token, 'PUT', `${lineRoute(lineId)}/inspiration`, { allowed });
const showcase = (token: string, lineId: number, allowed: boolean) =>
  callAs(ctx, token, 'PUT', `${lineRoute(lineId)}/showcase`, { allowed });

async function gallery(token: string, query = ''): Promise<GetInspiredPage> {
  const response = await callAs(ctx, token, 'GET', `/v2/get-inspired${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return getInspiredResponseSchema.parse(response.json());
}

/** The ids of this file's lines in a page (other files share the database). */
const ours = (page: GetInspiredPage) =>
  page.data
    .map((video) => video.line_id)
    .filter((id) => [demoLine, unboxingLine, advertiserOnlyLine, unpublishedLine].includes(id));

const poster = (lineId: number) =>
  ctx.app.inject({ method: 'GET', url: `/v2/get-inspired/${lineId}/poster` });

async function published(
  creator: TestCreator,
  draft: Record<string, unknown>,
  platform: 'instagram' | 'tiktok',
) {
  const request = await sendRequest(ctx, brand, [creator], { ...draft, platforms: [platform] });
  const lineId = request.lineOf(creator);
  await reviewedLine(ctx, brand, creator, lineId);
  const [link] = await publishLinks(ctx, admin, creator, lineId, [platform]);
  return { lineId, linkId: link!.id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await newBrand(ctx, FUNDS);
  otherBrand = await newBrand(ctx, FUNDS);
  admin = await createAdmin(ctx);
  foodCreator = await newCreator(ctx);
  techCreator = await newCreator(ctx);
  foodName = `food${Date.now().toString(36)}${process.pid}`;
  await ctx.database.db
    .update(influencers)
    .set({ influencerName: foodName })
    .where(eq(influencers.id, foodCreator.influencerId));
  const [first, second] = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.id))
    .limit(2);
  foodCategory = first!.id;
  techCategory = second!.id;
  await ctx.database.db.insert(influencerCategories).values([
    { influencerId: foodCreator.influencerId, categoryId: foodCategory },
    { influencerId: techCreator.influencerId, categoryId: techCategory },
  ]);

  const demo = await published(
    foodCreator,
    { content_type: 'product_demo', video_duration: 30 },
    'instagram',
  );
  demoLine = demo.lineId;
  await insertSnapshots(ctx, {
    lineId: demoLine,
    linkId: demo.linkId,
    platform: 'instagram',
    window: '7d',
    views: 1200,
    likes: 80,
    comments: 5,
    readAt: new Date(Date.now() - 86_400_000),
  });
  unboxingLine = (
    await published(techCreator, { content_type: 'unboxing_videos', video_duration: 15 }, 'tiktok')
  ).lineId;
  advertiserOnlyLine = (await published(foodCreator, {}, 'instagram')).lineId;
  const pending = await sendRequest(ctx, brand, [foodCreator]);
  unpublishedLine = pending.lineOf(foodCreator);
  await reviewedLine(ctx, brand, foodCreator, unpublishedLine);

  for (const lineId of [demoLine, unboxingLine, advertiserOnlyLine]) {
    expect((await showcase(brand.token, lineId, true)).statusCode).toBe(200);
  }
  for (const [creator, lineId] of [
    [foodCreator, demoLine],
    [techCreator, unboxingLine],
  ] as const) {
    expect((await consent(creator.token, lineId, true)).statusCode).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await ctx.close();
});

describe("the creator's consent", () => {
  it("is the line's creator's only, once its video is published, and both parties see it", async () => {
    // Her advertiser, another brand, another creator: no such line. Admins: not a party.
    expect((await consent(brand.token, advertiserOnlyLine, true)).statusCode).toBe(404);
    expect((await consent(otherBrand.token, advertiserOnlyLine, true)).statusCode).toBe(404);
    expect((await consent(techCreator.token, advertiserOnlyLine, true)).statusCode).toBe(404);
    expect((await consent(admin.token, advertiserOnlyLine, true)).statusCode).toBe(403);
    const early = await consent(foodCreator.token, unpublishedLine, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('VIDEO_NOT_PUBLISHED');
    const before = await callAs(ctx, brand.token, 'GET', lineRoute(advertiserOnlyLine));
    expect(before.json().data).toMatchObject({
      showcase_allowed: true,
      creator_showcase_allowed: false,
    });

    const given = await consent(foodCreator.token, advertiserOnlyLine, true);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ viewer: 'creator', creator_showcase_allowed: true });
    const seen = await callAs(ctx, brand.token, 'GET', lineRoute(advertiserOnlyLine));
    expect(seen.json().data).toMatchObject({
      viewer: 'advertiser',
      creator_showcase_allowed: true,
    });
    const withdrawn = await consent(foodCreator.token, advertiserOnlyLine, false);
    expect(withdrawn.json().data.creator_showcase_allowed).toBe(false);
  });
});

describe('GET /v2/get-inspired', () => {
  it('shows the published videos both parties allowed, newest first, with their 7-day figures', async () => {
    const page = await gallery(foodCreator.token, '?limit=50');
    expect(ours(page)).toEqual([unboxingLine, demoLine]);
    const video = page.data.find((item) => item.line_id === demoLine)!;
    expect(video).toMatchObject({
      creator: { influencer_id: foodCreator.influencerId, influencer_name: foodName },
      content_type: 'product_demo',
      video_duration: 30,
      poster_url: `/v2/get-inspired/${demoLine}/poster`,
    });
    expect(video.publications).toHaveLength(1);
    expect(video.publications[0]).toMatchObject({
      platform: 'instagram',
      at_7d: { source: 'instagram_api', views: 1200, likes: 80, engagements: 85 },
    });
    expect(video.publications[0]!.url).toMatch(/^https:\/\//);
    const tiktok = page.data.find((item) => item.line_id === unboxingLine)!;
    expect(tiktok.publications).toMatchObject([{ platform: 'tiktok', at_7d: null }]);
  });

  it('loses a video, and its poster, as soon as either party withdraws', async () => {
    const posterKey = `videos/test/${demoLine}-inspiration-poster.jpg`;
    const image = await sharp({
      create: { width: 90, height: 160, channels: 3, background: '#1c7ed6' },
    })
      .jpeg()
      .toBuffer();
    await ctx.modules.media.storage.put(posterKey, Readable.from(image));
    await ctx.database.db
      .update(contentVideos)
      .set({ posterKey })
      .where(eq(contentVideos.lineId, demoLine));
    const shown = await poster(demoLine);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['cache-control']).toBe('public, max-age=300');
    expect(shown.rawPayload.equals(image)).toBe(true);

    expect((await showcase(brand.token, demoLine, false)).statusCode).toBe(200);
    expect(ours(await gallery(techCreator.token, '?limit=50'))).toEqual([unboxingLine]);
    expect((await poster(demoLine)).statusCode).toBe(404);
    expect((await showcase(brand.token, demoLine, true)).statusCode).toBe(200);
    expect((await poster(demoLine)).statusCode).toBe(200);

    expect((await consent(foodCreator.token, demoLine, false)).statusCode).toBe(200);
    expect(ours(await gallery(brand.token, '?limit=50'))).toEqual([unboxingLine]);
    expect((await poster(demoLine)).statusCode).toBe(404);
    expect((await consent(foodCreator.token, demoLine, true)).statusCode).toBe(200);
    expect(ours(await gallery(brand.token, '?limit=50'))).toEqual([unboxingLine, demoLine]);

    // Never consented to by its creator, or without a poster: no poster.
    expect((await poster(advertiserOnlyLine)).statusCode).toBe(404);
    expect((await poster(unboxingLine)).statusCode).toBe(404);
  });

  it("filters by the creator's category, content type, platform and length", async () => {
    const filtered = async (query: string) =>
      ours(await gallery(brand.token, `?limit=50&${query}`));
    expect(await filtered(`category_id=${foodCategory}`)).toEqual([demoLine]);
    expect(await filtered(`category_id=${techCategory}`)).toEqual([unboxingLine]);
    expect(await filtered('content_type=unboxing_videos')).toEqual([unboxingLine]);
    expect(await filtered('content_type=tutorials')).toEqual([]);
    expect(await filtered('platform=instagram')).toEqual([demoLine]);
    expect(await filtered('platform=tiktok')).toEqual([unboxingLine]);
    expect(await filtered('video_duration=30')).toEqual([demoLine]);
    expect(await filtered('video_duration=15&platform=tiktok')).toEqual([unboxingLine]);
    expect(await filtered('video_duration=60')).toEqual([]);
    const wrong = await callAs(ctx, brand.token, 'GET', '/v2/get-inspired?video_duration=45');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('pages newest first with a keyset cursor', async () => {
    const first = await gallery(brand.token, `?limit=1&before=${unboxingLine + 1}`);
    expect(first.data.map((video) => video.line_id)).toEqual([unboxingLine]);
    expect(first.next_before).toBe(unboxingLine);
    // Walk on until this file's first video; whatever other files published is in between.
    const seen: number[] = [unboxingLine];
    let before = first.next_before;
    while (before !== null && !seen.includes(demoLine)) {
      const page = await gallery(brand.token, `?limit=1&before=${before}`);
      expect(page.data.length).toBeLessThanOrEqual(1);
      seen.push(...page.data.map((video) => video.line_id));
      before = page.next_before;
    }
    expect(seen.filter((id) => id === demoLine || id === unboxingLine)).toEqual([
      unboxingLine,
      demoLine,
    ]);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const filteredPage = await gallery(
      brand.token,
      `?limit=1&platform=tiktok&before=${unboxingLine}`,
    );
    expect(ours(filteredPage)).toEqual([]);
  });

  it('is for signed-in creators and advertisers only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/get-inspired' })).statusCode).toBe(401);
    expect((await callAs(ctx, admin.token, 'GET', '/v2/get-inspired')).statusCode).toBe(403);
    expect((await callAs(ctx, otherBrand.token, 'GET', '/v2/get-inspired')).statusCode).toBe(200);
    expect((await poster(999_999_999)).statusCode).toBe(404);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicInfluencerProfileSchema } from '@clipmarket/contracts/users';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createAdvertiser, createTalent } from './test-users.js';
import { setQuota, setValidated } from '../discovery/discovery.test-support.js';
import { influencerStats } from './users.schema.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const figures = {
  followers_count: 10_000,
  posts_count: 120,
  avg_likes: 450,
  avg_comments: 50,
  avg_video_views: 8_000,
  persons_reached: 6_500,
};

function declare(token: string | null, platform: string, payload: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/v2/influencers/me/stats/${platform}`,
    headers: token ? auth(token) : {},
    payload: payload as Record<string, unknown>,
  });
}

describe('PUT /v2/influencers/me/stats/{platform}', () => {
  it('stores declared figures, computes the engagement rate and answers the public profile', async () => {
    const talent = await createTalent(ctx, { igUsername: 'declares.ig', country: 'TN' });
    const res = await declare(talent.token, 'instagram', figures);
    expect(res.statusCode).toBe(200);
    const profile = publicInfluencerProfileSchema.parse(res.json().data);
    expect(profile.influencer_id).toBe(talent.influencerId);
    expect(profile.stats).toEqual([
      {
        platform: 'instagram',
        ...figures,
        // (450 + 50) / 10,000 = 5 %.
        engagement_rate: 5,
        source: 'declared',
        updated_at: expect.any(String),
        size_band: 'micro',
      },
    ]);
    expect(profile.size_band).toBe('micro');
    expect(res.body).not.toMatch(/"(cin|card_number|card_number_d17|phone|email)"/);

    // Declaring again replaces the figures, and verified figures become declared ones.
    await ctx.database.db
      .update(influencerStats)
      .set({ source: 'verified' })
      .where(eq(influencerStats.influencerId, talent.influencerId));
    const again = await declare(talent.token, 'instagram', {
      ...figures,
      followers_count: 3,
      avg_likes: 1,
      avg_comments: 0,
      persons_reached: 2,
    });
    expect(again.json().data.stats[0]).toMatchObject({
      followers_count: 3,
      engagement_rate: 33.33,
      source: 'declared',
      size_band: 'nano',
    });
    const rows = await ctx.database.db
      .select()
      .from(influencerStats)
      .where(
        and(
          eq(influencerStats.influencerId, talent.influencerId),
          eq(influencerStats.platform, 'instagram'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.engagementRate).toBe('33.33');
  });

  it('gives an engagement rate of 0 without followers', async () => {
    const talent = await createTalent(ctx, { igUsername: 'edge.ig' });
    const none = await declare(talent.token, 'instagram', {
      ...figures,
      followers_count: 0,
      avg_likes: 0,
      avg_comments: 0,
      persons_reached: 0,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().data.stats[0].engagement_rate).toBe(0);
  });

  // Issue 8: "-5" followers and a 9,999.99 % engagement rate reached advertisers.
  it.each([
    [
      'negative followers',
      { ...figures, followers_count: -5 },
      'followers_count',
      'The followers cannot be negative',
    ],
    [
      'an engagement rate above 100 %',
      { ...figures, followers_count: 1, avg_likes: 2_000_000_000, persons_reached: 1 },
      'avg_likes',
      'Average likes and comments together cannot be more than your followers (an engagement rate above 100 %)',
    ],
    [
      'more likes and comments than followers',
      { ...figures, avg_likes: 9_990, avg_comments: 11 },
      'avg_likes',
      'Average likes and comments together cannot be more than your followers (an engagement rate above 100 %)',
    ],
    [
      'average views above 50 times the followers',
      { ...figures, avg_video_views: 500_001 },
      'avg_video_views',
      'Average video views cannot be more than 500,000 with 10,000 followers',
    ],
    [
      'an active community larger than the followers',
      { ...figures, persons_reached: 10_001 },
      'persons_reached',
      'The active community cannot be larger than your followers',
    ],
    [
      'a figure above the maximum',
      { ...figures, posts_count: 10_000_001 },
      'posts_count',
      'The posts cannot be more than 10,000,000',
    ],
  ])(
    'refuses %s with a clear message, and stores nothing',
    async (_label, body, field, message) => {
      const talent = await createTalent(ctx, { igUsername: `implausible.${field}.${Date.now()}` });
      const res = await declare(talent.token, 'instagram', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ field, message }],
      });
      const rows = await ctx.database.db
        .select()
        .from(influencerStats)
        .where(eq(influencerStats.influencerId, talent.influencerId));
      expect(rows).toEqual([]);
    },
  );

  it('accepts the edges: 100 % engagement, 50 × views, a community of every follower, a small account with 10,000 views', async () => {
    const talent = await createTalent(ctx, { igUsername: 'edges.ig', tiktokUsername: 'edges.tt' });
    const edge = await declare(talent.token, 'instagram', {
      ...figures,
      avg_likes: 9_000,
      avg_comments: 1_000,
      avg_video_views: 500_000,
      persons_reached: 10_000,
    });
    expect(edge.statusCode).toBe(200);
    expect(edge.json().data.stats[0].engagement_rate).toBe(100);
    const small = await declare(talent.token, 'tiktok', {
      followers_count: 120,
      posts_count: 15,
      avg_likes: 40,
      avg_comments: 5,
      avg_video_views: 10_000,
      persons_reached: 80,
    });
    expect(small.statusCode).toBe(200);
  });

  it('is found by searches with the new figures', async () => {
    // A user-assigned code no other test uses: the search sees only this creator.
    const country = 'QZ';
    const talent = await createTalent(ctx, {
      igUsername: 'found.ig',
      tiktokUsername: 'found.tt',
      country,
      countryOfOrigin: country,
    });
    // Searches find validated creators only.
    await setValidated(ctx, talent.userId, true);
    const brand = await createAdvertiser(ctx);
    await setQuota(ctx, brand.advertiserId, { maxSearchCount: 10 });
    const find = (body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/search/influencers',
        headers: auth(brand.token),
        payload: { residence: [country], ...body },
      });
    expect(
      (await find({ platform: 'tiktok', followersCount: 'mid-tier' })).json().data.items,
    ).toEqual([]);
    await declare(talent.token, 'tiktok', {
      ...figures,
      followers_count: 150_000,
      avg_likes: 6_000,
      avg_comments: 0,
    });
    const found = await find({
      platform: 'tiktok',
      followersCount: 'mid-tier',
      engagementRate: '3-6',
    });
    expect(found.json().data.items).toEqual([
      expect.objectContaining({
        influencer_id: talent.influencerId,
        platform: 'tiktok',
        followers_count: 150_000,
        engagement_rate: 4,
        stats_source: 'declared',
      }),
    ]);
  });

  it('refuses a platform the creator has no username on', async () => {
    const talent = await createTalent(ctx, { igUsername: 'only.ig', tiktokUsername: null });
    const res = await declare(talent.token, 'tiktok', figures);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Add your TikTok username to your profile before declaring its figures',
      fields: [
        {
          field: 'platform',
          message: 'Add your TikTok username to your profile before declaring its figures',
        },
      ],
    });
  });

  it.each([
    ['a missing figure', { ...figures, posts_count: undefined }],
    ['a negative figure', { ...figures, avg_likes: -1 }],
    ['a decimal figure', { ...figures, followers_count: 10.5 }],
    ['a figure as text', { ...figures, followers_count: '10000' }],
    ['a figure above the maximum', { ...figures, followers_count: 3_000_000_000 }],
    ['an engagement rate typed in', { ...figures, engagement_rate: 12 }],
    ['a source typed in', { ...figures, source: 'verified' }],
  ])('refuses %s with VALIDATION_FAILED', async (_label, body) => {
    const talent = await createTalent(ctx, { igUsername: `invalid.${Date.now()}` });
    const res = await declare(talent.token, 'instagram', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses an unknown platform and malformed JSON', async () => {
    const talent = await createTalent(ctx, { igUsername: 'platform.ig' });
    expect((await declare(talent.token, 'youtube', figures)).statusCode).toBe(400);
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/v2/influencers/me/stats/instagram',
      headers: { ...auth(talent.token), 'content-type': 'application/json' },
      payload: '{"followers_count": 1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('MALFORMED_JSON');
  });

  it('is for creators only: 401 without a token, 403 for advertisers and admins', async () => {
    expect((await declare(null, 'instagram', figures)).statusCode).toBe(401);
    for (const user of [await createAdvertiser(ctx), await createAdmin(ctx)]) {
      const res = await declare(user.token, 'instagram', figures);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });
});

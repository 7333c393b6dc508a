import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createTalent } from '../users/test-users.js';
import { createCreator, createSearcher } from './discovery.test-support.js';

let ctx: TestContext;
/** Two categories of this file alone, so other files' creators on a shared database never match. */
let food: number;
let travel: number;
let music: number;

async function createCategory(id: number, slug: string): Promise<number> {
  await ctx.database.db.execute(sql`
    insert into categories (category_id, slug, label_en, label_fr, label_ar)
    values (${id}, ${slug}, ${slug}, ${slug}, ${slug}) on conflict do nothing`);
  return id;
}

/** A creator of the micro band (10k–50k followers on Instagram) unless told otherwise. */
const creatorIn = (categories: number[], followersCount = 20_000, isValidated = true) =>
  createCreator(ctx, {
    categories,
    instagram: { followersCount, engagementRate: '3.00' },
    isValidated,
  }).then((creator) => creator.influencerId);

beforeAll(async () => {
  ctx = await createTestContext();
  const base = 700_000 + (process.pid % 100_000) * 3;
  food = await createCategory(base, `similar-food-${process.pid}`);
  travel = await createCategory(base + 1, `similar-travel-${process.pid}`);
  music = await createCategory(base + 2, `similar-music-${process.pid}`);
});
afterAll(() => ctx.close());

/** As content requests call it (it has no route of its own). */
const similar = (userId: number, query: { like: number[]; exclude?: number[]; limit?: number }) =>
  ctx.modules.discovery.service.similarCreators(
    userId,
    { platform: 'instagram', limit: 6, ...query },
    'en',
  );

describe('similar creators', () => {
  it('answers validated creators of the same size band sharing a category, most shared first', async () => {
    const model = await creatorIn([food, travel]);
    const both = await creatorIn([food, travel]);
    const foodOnly = await creatorIn([food]);
    const otherCategory = await creatorIn([music]);
    const biggerBand = await creatorIn([food, travel], 500_000);
    const notValidated = await creatorIn([food, travel], 20_000, false);
    const alreadyAsked = await creatorIn([food]);
    const brand = await createSearcher(ctx);

    const cards = await similar(brand.userId, { like: [model], exclude: [alreadyAsked] });

    const ids = cards.map((card) => card.influencer_id);
    expect(ids).toEqual([both, foodOnly]);
    for (const excluded of [model, otherCategory, biggerBand, notValidated, alreadyAsked]) {
      expect(ids).not.toContain(excluded);
    }
    // Cards as everywhere else: prices for the request's lengths, no private field.
    expect(cards[0]!.prices).toBeDefined();
    expect(JSON.stringify(cards)).not.toMatch(/cin|card_number|phone/);
  });

  it('costs no search of the quota: an advertiser out of searches is still offered them', async () => {
    const model = await creatorIn([food]);
    const like = await creatorIn([food]);
    const brand = await createSearcher(ctx, { searchCount: 100, maxSearchCount: 100 });

    const ids = (await similar(brand.userId, { like: [model] })).map((c) => c.influencer_id);

    expect(ids).toContain(like);
  });

  it('answers nothing for a creator without categories or figures', async () => {
    const bare = await createTalent(ctx);
    const brand = await createSearcher(ctx);

    expect(await similar(brand.userId, { like: [bare.influencerId] })).toEqual([]);
  });

  it('has no route of its own (it would be a search free of the quota)', async () => {
    const brand = await createSearcher(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v2/similar-creators?like=1',
      headers: { authorization: `Bearer ${brand.token}` },
    });
    expect(response.statusCode).toBe(404);
  });
});

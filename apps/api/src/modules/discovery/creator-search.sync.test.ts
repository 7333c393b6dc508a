import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { findCategoryIds } from '../users/test-users.js';
import {
  influencerCategories,
  influencers,
  influencerStats,
  users,
} from '../users/users.schema.js';
import { createCreator, readSearchRow, setStats, setValidated } from './discovery.test-support.js';

let ctx: TestContext;
let categoryIds: [number, number];

beforeAll(async () => {
  ctx = await createTestContext();
  categoryIds = await findCategoryIds(ctx);
});
afterAll(() => ctx.close());

async function normalize(text: string): Promise<string> {
  const result = await ctx.database.query<{ n: string }>(
    'select creator_search_normalize($1) as n',
    [text],
  );
  return result.rows[0]?.n ?? '';
}

describe('creator_search_normalize', () => {
  it('lowers case, removes accents and collapses spaces', async () => {
    expect(await normalize('  Éléonore   BEN-Sâlah  Çağla ')).toBe('eleonore ben-salah cagla');
  });

  it('folds Arabic: tashkeel, tatweel, alef forms, alef maqsura and teh marbuta', async () => {
    expect(await normalize('مُحَمَّد')).toBe('محمد');
    expect(await normalize('أحـــمد إيمان آمنة ٱلله')).toBe('احمد ايمان امنه الله');
    expect(await normalize('مصطفى')).toBe('مصطفي');
  });
});

describe('creator_search rows follow the creators (triggers)', () => {
  it('holds one row per platform with a username, with that platform’s figures', async () => {
    const [a, b] = categoryIds;
    const creator = await createCreator(ctx, {
      firstName: 'Rim',
      lastName: 'Gharbi',
      igUsername: 'rim.ig',
      tiktokUsername: 'rim.tt',
      gender: 'F',
      ageInterval: '45plus',
      country: 'TN',
      city: 'Sousse',
      countryOfOrigin: 'FR',
      categories: [b, a],
      instagram: { followersCount: 12_000, engagementRate: '3.25', source: 'declared' },
    });
    const instagram = await readSearchRow(ctx, creator.influencerId, 'instagram');
    expect(instagram).toMatchObject({
      followers_count: 12_000,
      engagement_rate: '3.25',
      stats_source: 'declared',
      gender: 'F',
      age_intervale: '45+',
      country: 'TN',
      city: 'Sousse',
      country_of_origin: 'FR',
      category_ids: [a, b].sort((x, y) => x - y),
      // Each word once: the influencer name repeats the Instagram username.
      search_text: 'rim gharbi rim.ig rim.tt',
    });
    expect(await readSearchRow(ctx, creator.influencerId, 'tiktok')).toMatchObject({
      followers_count: 0,
      engagement_rate: '0.00',
      stats_source: null,
      stats_updated_at: null,
    });
  });

  it('follows stats, categories and profile changes, and drops a platform without username', async () => {
    const [a] = categoryIds;
    const creator = await createCreator(ctx, { igUsername: 'sync.ig', tiktokUsername: 'sync.tt' });
    const id = creator.influencerId;
    const { db } = ctx.database;

    await setStats(ctx, id, 'tiktok', { followersCount: 40_000, personsReached: 9_000 });
    expect(await readSearchRow(ctx, id, 'tiktok')).toMatchObject({
      followers_count: 40_000,
      persons_reached: 9_000,
    });
    await setStats(ctx, id, 'tiktok', { followersCount: 41_000 });
    expect((await readSearchRow(ctx, id, 'tiktok'))?.followers_count).toBe(41_000);

    await db.insert(influencerCategories).values({ influencerId: id, categoryId: a });
    expect((await readSearchRow(ctx, id, 'instagram'))?.category_ids).toEqual([a]);
    await db.delete(influencerCategories).where(eq(influencerCategories.influencerId, id));
    expect((await readSearchRow(ctx, id, 'tiktok'))?.category_ids).toEqual([]);

    await db.update(influencers).set({ city: 'Bizerte' }).where(eq(influencers.id, id));
    expect((await readSearchRow(ctx, id, 'instagram'))?.city).toBe('Bizerte');

    await db.delete(influencerStats).where(eq(influencerStats.influencerId, id));
    expect(await readSearchRow(ctx, id, 'tiktok')).toMatchObject({
      followers_count: 0,
      stats_source: null,
    });

    await db.update(influencers).set({ tiktokUsername: '  ' }).where(eq(influencers.id, id));
    expect(await readSearchRow(ctx, id, 'tiktok')).toBeUndefined();
    expect(await readSearchRow(ctx, id, 'instagram')).toBeDefined();

    await db.delete(users).where(eq(users.id, creator.userId));
    expect(await readSearchRow(ctx, id, 'instagram')).toBeUndefined();
  });

  it('follows the account’s validation (users.is_validated) on every platform row', async () => {
    const creator = await createCreator(ctx, {
      isValidated: false,
      igUsername: 'valid.ig',
      tiktokUsername: 'valid.tt',
    });
    const flags = async () =>
      (
        await ctx.database.query<{ platform: string; is_validated: boolean }>(
          `select platform, is_validated from creator_search where influencer_id = $1
           order by platform`,
          [creator.influencerId],
        )
      ).rows;
    expect(await flags()).toEqual([
      { platform: 'instagram', is_validated: false },
      { platform: 'tiktok', is_validated: false },
    ]);
    await setValidated(ctx, creator.userId, true);
    expect(await flags()).toEqual([
      { platform: 'instagram', is_validated: true },
      { platform: 'tiktok', is_validated: true },
    ]);
    // Another change of the user leaves the rows alone.
    const before = await ctx.database.query<{ xmin: string }>(
      `select xmin::text from creator_search where influencer_id = $1 order by platform`,
      [creator.influencerId],
    );
    await ctx.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, creator.userId));
    const after = await ctx.database.query<{ xmin: string }>(
      `select xmin::text from creator_search where influencer_id = $1 order by platform`,
      [creator.influencerId],
    );
    expect(after.rows).toEqual(before.rows);
    await setValidated(ctx, creator.userId, false);
    expect((await flags()).map((row) => row.is_validated)).toEqual([false, false]);
  });

  it('leaves the row alone when an edit does not reach it', async () => {
    const creator = await createCreator(ctx, { instagram: { followersCount: 5 } });
    const before = await ctx.database.query<{ xmin: string }>(
      `select xmin::text from creator_search where influencer_id = $1`,
      [creator.influencerId],
    );
    await ctx.database.db
      .update(influencers)
      .set({ allowEmails: 'N', bio: 'New bio' })
      .where(eq(influencers.id, creator.influencerId));
    const after = await ctx.database.query<{ xmin: string }>(
      `select xmin::text from creator_search where influencer_id = $1`,
      [creator.influencerId],
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('rebuilds every row with refresh_all_creator_search and one with refresh_creator_search', async () => {
    const creator = await createCreator(ctx, { instagram: { followersCount: 321 } });
    await ctx.database.query(`delete from creator_search where influencer_id = $1`, [
      creator.influencerId,
    ]);
    await ctx.database.query('select refresh_creator_search($1)', [creator.influencerId]);
    expect((await readSearchRow(ctx, creator.influencerId, 'instagram'))?.followers_count).toBe(
      321,
    );
    await ctx.database.query(
      `update creator_search set followers_count = 0 where influencer_id = $1`,
      [creator.influencerId],
    );
    await ctx.database.query('select refresh_all_creator_search()');
    expect((await readSearchRow(ctx, creator.influencerId, 'instagram'))?.followers_count).toBe(
      321,
    );
  });
});

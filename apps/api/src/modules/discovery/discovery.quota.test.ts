import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_SIZE, searchQuotaSchema } from '@clipmarket/contracts/discovery';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createTalent } from '../users/test-users.js';
import { searchHistory, searchQuotas } from './discovery.schema.js';
import {
  auth,
  createCreator,
  createSearcher,
  isoDay,
  privateCountry,
  readSearchCount,
  search,
  setQuota,
} from './discovery.test-support.js';

let ctx: TestContext;
let country: string;

beforeAll(async () => {
  ctx = await createTestContext();
  country = privateCountry('Q');
  for (let i = 0; i < 3; i += 1) {
    await createCreator(ctx, { country, instagram: { followersCount: 1_000 * (i + 1) } });
  }
});
afterAll(() => ctx.close());

function getQuota(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/v2/search/quota', headers: auth(token) });
}

function getHistory(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/v2/search/history', headers: auth(token) });
}

describe('search quota (spec §3 "Quota")', () => {
  it('counts each new search of a trial and reports what is left', async () => {
    const brand = await createSearcher(ctx, { maxSearchCount: 5, freeTrialExpireDate: isoDay(3) });
    const res = await search(ctx, brand.token, { residence: [country] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quota).toEqual({
      status: 'trial',
      search_count: 1,
      max_search_count: 5,
      remaining: 4,
      free_trial_expire_date: isoDay(3),
      account_validity_from: null,
      account_validity_to: null,
    });
    const quota = await getQuota(brand.token);
    expect(quota.statusCode).toBe(200);
    expect(searchQuotaSchema.parse(quota.json().data)).toEqual(res.json().data.quota);
  });

  it('shows the same quota in getMe (users reads it from discovery)', async () => {
    const brand = await createSearcher(ctx, {
      searchCount: 2,
      maxSearchCount: 9,
      freeTrialExpireDate: isoDay(5),
      accountValidityFrom: isoDay(-40),
      accountValidityTo: isoDay(-10),
    });
    expect((await search(ctx, brand.token, { residence: [country] })).statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v2/user/getMe',
      headers: auth(brand.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.advertiser).toMatchObject({
      advertiser_id: brand.advertiserId,
      search_count: 3,
      max_search_count: 9,
      free_trial_expire_date: isoDay(5),
      account_validity_from: isoDay(-40),
      account_validity_to: isoDay(-10),
    });
  });

  it('does not count paging with a cursor, even once the trial is used up', async () => {
    const brand = await createSearcher(ctx, { maxSearchCount: 1 });
    const first = await search(ctx, brand.token, { residence: [country], limit: 1 });
    expect(first.json().data.quota).toMatchObject({ status: 'exhausted', remaining: 0 });
    let cursor: string | null = first.json().data.next_cursor;
    let pages = 1;
    while (cursor) {
      const page = await search(ctx, brand.token, { residence: [country], limit: 1, cursor });
      expect(page.statusCode).toBe(200);
      expect(page.json().data.quota.search_count).toBe(1);
      cursor = page.json().data.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(await readSearchCount(ctx, brand.advertiserId)).toBe(1);
  });

  it('refuses a search once the trial searches are used up, with SEARCH_QUOTA_EXHAUSTED', async () => {
    const brand = await createSearcher(ctx, { searchCount: 2, maxSearchCount: 3 });
    expect((await search(ctx, brand.token, { residence: [country] })).statusCode).toBe(200);
    // Other filters: the same ones again would be a free repeat.
    const refused = await search(ctx, brand.token, { residence: [country], q: 'another' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'SEARCH_QUOTA_EXHAUSTED',
      message:
        'You have used all 3 searches of your free trial. Subscribe to keep searching for creators.',
    });
    expect(await readSearchCount(ctx, brand.advertiserId)).toBe(3);
    expect((await getQuota(brand.token)).json().data).toMatchObject({
      status: 'exhausted',
      search_count: 3,
      remaining: 0,
    });
  });

  it('allows searching on the last day of the trial and refuses the day after', async () => {
    const lastDay = await createSearcher(ctx, { freeTrialExpireDate: isoDay(0) });
    expect((await search(ctx, lastDay.token, { residence: [country] })).statusCode).toBe(200);

    const ended = await createSearcher(ctx, { freeTrialExpireDate: isoDay(-1) });
    const refused = await search(ctx, ended.token, { residence: [country] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'SEARCH_TRIAL_EXPIRED',
      message: `Your free trial ended on ${isoDay(-1)}. Subscribe to keep searching for creators.`,
    });
    expect(await readSearchCount(ctx, ended.advertiserId)).toBe(0);
    expect((await getQuota(ended.token)).json().data).toMatchObject({
      status: 'expired',
      remaining: 0,
    });
    // Expiry is told before exhaustion: it is the reason that still holds after a top-up.
    const both = await createSearcher(ctx, {
      searchCount: 100,
      maxSearchCount: 100,
      freeTrialExpireDate: isoDay(-10),
    });
    expect((await search(ctx, both.token, {})).json().error.code).toBe('SEARCH_TRIAL_EXPIRED');
  });

  it('does not limit a paid period, still counts its searches, and limits again after it', async () => {
    const paid = await createSearcher(ctx, {
      searchCount: 50,
      maxSearchCount: 50,
      freeTrialExpireDate: isoDay(-60),
      accountValidityFrom: isoDay(-1),
      accountValidityTo: isoDay(0),
    });
    for (let i = 0; i < 3; i += 1) {
      const res = await search(ctx, paid.token, { residence: [country], q: `paid ${i}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.quota).toMatchObject({
        status: 'subscribed',
        search_count: 51 + i,
        remaining: null,
      });
    }
    expect((await getQuota(paid.token)).json().data.status).toBe('subscribed');

    await setQuota(ctx, paid.advertiserId, {
      accountValidityFrom: isoDay(-30),
      accountValidityTo: isoDay(-1),
    });
    expect((await search(ctx, paid.token, {})).json().error.code).toBe('SEARCH_TRIAL_EXPIRED');
    // A period that has not started yet does not count either.
    await setQuota(ctx, paid.advertiserId, {
      accountValidityFrom: isoDay(1),
      accountValidityTo: isoDay(30),
    });
    expect((await getQuota(paid.token)).json().data.status).toBe('expired');
  });

  it('never lets concurrent searches pass the limit', async () => {
    const brand = await createSearcher(ctx, { searchCount: 7, maxSearchCount: 10 });
    const answers = await Promise.all(
      // Each different: a repeat of the last counted search would be free.
      Array.from({ length: 8 }, (_, i) =>
        search(ctx, brand.token, { residence: [country], q: `concurrent ${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    for (const res of answers.filter((r) => r.statusCode === 403)) {
      expect(res.json().error.code).toBe('SEARCH_QUOTA_EXHAUSTED');
    }
    expect(await readSearchCount(ctx, brand.advertiserId)).toBe(10);
  });

  // Issue 8 and spec §4: pressing Refine again, or coming back to Discover, with the same
  // filters cost another free search; only a search that differs from the last one counts.
  it('does not count the same filters as the last counted search, however long ago', async () => {
    const brand = await createSearcher(ctx, { searchCount: 0, maxSearchCount: 4 });
    const count = async (body: Record<string, unknown>) => {
      const res = await search(ctx, brand.token, body);
      expect(res.statusCode).toBe(200);
      return res.json().data.quota.search_count as number;
    };
    expect(await count({ residence: [country], gender: ['F', 'M'] })).toBe(1);
    // The same filters, however written: not counted again.
    expect(await count({ residence: country.toLowerCase(), gender: ['M', 'F'] })).toBe(1);
    expect(await count({ gender: ['F', 'M'], residence: [country], limit: 3 })).toBe(1);
    // Other filters count, and then the first ones are no longer the last counted search.
    expect(await count({ residence: [country] })).toBe(2);
    expect(await count({ residence: [country], gender: ['F', 'M'] })).toBe(3);
    expect(await count({ residence: [country], gender: ['F', 'M'] })).toBe(3);

    // A day later (the advertiser comes back to Discover), the same filters are still free.
    await ctx.database.db
      .update(searchQuotas)
      .set({ lastCountedAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(searchQuotas.advertiserId, brand.advertiserId));
    expect(await count({ residence: [country], gender: ['F', 'M'] })).toBe(3);
    expect(await count({ residence: [country], q: 'last' })).toBe(4);

    // The trial is used up: the repeat is still shown, free; other filters are refused.
    const again = await search(ctx, brand.token, { residence: [country], q: 'last' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.quota).toMatchObject({ status: 'exhausted', search_count: 4 });
    const other = await search(ctx, brand.token, { residence: [country], q: 'new' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('SEARCH_QUOTA_EXHAUSTED');
    expect(await readSearchCount(ctx, brand.advertiserId)).toBe(4);

    // An ended trial shows nothing, not even a repeat.
    await setQuota(ctx, brand.advertiserId, { freeTrialExpireDate: isoDay(-1) });
    const ended = await search(ctx, brand.token, { residence: [country], q: 'last' });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().error.code).toBe('SEARCH_TRIAL_EXPIRED');
  });

  it('answers 401 without a token and 403 to creators and admins', async () => {
    for (const url of ['/v2/search/quota', '/v2/search/history']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const user of [await createTalent(ctx), await createAdmin(ctx)]) {
      expect((await getQuota(user.token)).statusCode).toBe(403);
      expect((await getHistory(user.token)).statusCode).toBe(403);
    }
  });
});

describe('search history', () => {
  it('records normalised filters, newest first, without cursor or page size', async () => {
    const brand = await createSearcher(ctx);
    await search(ctx, brand.token, { residence: [country], limit: 1 });
    const second = await search(ctx, brand.token, {
      residence: country.toLowerCase(),
      gender: ['M', 'F'],
      age: ['F:45plus', '18-25'],
      city: { [country]: ['Sfax', 'Ariana', 'Sfax'], ZZ: [] },
      followersCount: ['mega', 'nano'],
      order_by: 'd.engagement_rate',
      q: '  Amira  ',
      limit: 2,
    });
    expect(second.statusCode).toBe(200);
    const res = await getHistory(brand.token);
    expect(res.statusCode).toBe(200);
    const entries = res.json().data;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      search_id: expect.any(Number),
      created_at: expect.any(String),
      filters: {
        platform: 'instagram',
        categories: [],
        gender: ['F', 'M'],
        age: ['18-25', 'F:45+'],
        origin: [],
        residence: [country],
        city: { [country]: ['Ariana', 'Sfax'] },
        followersCount: ['nano', 'mega'],
        engagementRate: [],
        personReached: [],
        order_by: 'engagement_rate',
        q: 'Amira',
      },
    });
    expect(entries[1].filters).toMatchObject({ residence: [country], order_by: 'followers_count' });
    expect(entries[1].filters).not.toHaveProperty('q');
    expect(entries[0].search_id).toBeGreaterThan(entries[1].search_id);
  });

  it('skips a search equal to the last one, however its values are ordered or written', async () => {
    const brand = await createSearcher(ctx);
    await search(ctx, brand.token, { residence: [country], gender: ['F', 'M'] });
    await search(ctx, brand.token, { residence: country.toLowerCase(), gender: ['M', 'F'] });
    await search(ctx, brand.token, { gender: 'F', residence: [country], limit: 3 });
    await search(ctx, brand.token, {
      residence: [country],
      gender: ['M', 'F'],
      platform: 'instagram',
    });
    const entries = (await getHistory(brand.token)).json().data;
    expect(entries.map((e: { filters: { gender: string[] } }) => e.filters.gender)).toEqual([
      ['F', 'M'],
      ['F'],
      ['F', 'M'],
    ]);
    // Paging is not a search: nothing is recorded.
    const first = await search(ctx, brand.token, { residence: [country], limit: 1 });
    await search(ctx, brand.token, {
      residence: [country],
      limit: 1,
      cursor: first.json().data.next_cursor,
    });
    expect((await getHistory(brand.token)).json().data).toHaveLength(4);
    // A refused search is not recorded either.
    await setQuota(ctx, brand.advertiserId, { freeTrialExpireDate: isoDay(-1) });
    await search(ctx, brand.token, { residence: [country], q: 'refused' });
    expect((await getHistory(brand.token)).json().data).toHaveLength(4);
  });

  it(`keeps the last ${SEARCH_HISTORY_SIZE} searches`, async () => {
    const brand = await createSearcher(ctx);
    for (let i = 0; i < SEARCH_HISTORY_SIZE + 3; i += 1) {
      await search(ctx, brand.token, { residence: [country], q: `search ${i}` });
    }
    const entries = (await getHistory(brand.token)).json().data;
    expect(entries).toHaveLength(SEARCH_HISTORY_SIZE);
    expect(entries[0].filters.q).toBe(`search ${SEARCH_HISTORY_SIZE + 2}`);
    expect(entries.at(-1).filters.q).toBe('search 3');
    const stored = await ctx.database.db
      .select({ id: searchHistory.id })
      .from(searchHistory)
      .where(eq(searchHistory.advertiserId, brand.advertiserId));
    expect(stored).toHaveLength(SEARCH_HISTORY_SIZE);
  });

  it("shows only the caller's own searches", async () => {
    const mine = await createSearcher(ctx);
    const theirs = await createSearcher(ctx);
    await search(ctx, mine.token, { residence: [country], q: 'mine' });
    expect((await getHistory(theirs.token)).json().data).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every discovery endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    const methods = (path: string) =>
      Object.keys((res.json().paths as Record<string, object>)[path] ?? {}).sort();
    expect(methods('/v2/search/influencers')).toEqual(['post']);
    expect(methods('/v2/search/quota')).toEqual(['get']);
    expect(methods('/v2/search/history')).toEqual(['get']);
    expect(methods('/v2/favorites/toggle')).toEqual(['post']);
    expect(methods('/v2/favorites')).toEqual(['get']);
    expect(methods('/v2/favorites/ids')).toEqual(['get']);
    expect(methods('/v2/short-lists')).toEqual(['get', 'post']);
    expect(methods('/v2/short-lists/{short_list_id}')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/v2/short-lists/{short_list_id}/influencers/{influencer_id}')).toEqual([
      'delete',
      'put',
    ]);
    expect(methods('/v2/influencers/me/stats/{platform}')).toEqual(['put']);
  });
});

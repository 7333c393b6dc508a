import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHORT_LIST_MAX_INFLUENCERS,
  SHORT_LIST_NAME_MAX,
  shortListDetailsResponseSchema,
  shortListSchema,
} from '@clipmarket/contracts/discovery';
import { suggestedPriceSettingKey } from '@clipmarket/contracts/creator-prices';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createSettingsModule } from '../settings/index.js';
import { createAdmin, createTalent } from '../users/test-users.js';
import {
  auth,
  createCreator,
  createSearcher,
  keysOf,
  privateKeys,
} from './discovery.test-support.js';

let ctx: TestContext;
let creators: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  creators = [];
  for (let i = 0; i < 4; i += 1) {
    const creator = await createCreator(ctx, {
      tiktokUsername: i === 0 ? `lists.tt.${process.pid}` : null,
      instagram: { followersCount: 1_000 * (i + 1) },
      tiktok: i === 0 ? { followersCount: 77_000 } : undefined,
      private: true,
    });
    creators.push(creator.influencerId);
  }
});
afterAll(() => ctx.close());

const creator = (i: number) => creators[i]!;

function request(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? auth(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const toggle = (token: string, influencerId: unknown) =>
  request('POST', '/v2/favorites/toggle', token, { influencer_id: influencerId });

describe('favourites', () => {
  it('toggles a creator on and off', async () => {
    const brand = await createSearcher(ctx);
    const on = await toggle(brand.token, creator(0));
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { influencer_id: creator(0), is_favorite: true } });
    const off = await toggle(brand.token, creator(0));
    expect(off.json()).toEqual({ data: { influencer_id: creator(0), is_favorite: false } });
    expect((await request('GET', '/v2/favorites/ids', brand.token)).json()).toEqual({ data: [] });
  });

  it('lists favourites newest first, as cards of the asked platform', async () => {
    const brand = await createSearcher(ctx);
    for (const i of [2, 0, 1]) await toggle(brand.token, creator(i));
    const ids = await request('GET', '/v2/favorites/ids', brand.token);
    expect(ids.json()).toEqual({ data: [creator(1), creator(0), creator(2)] });

    const cards = await request('GET', '/v2/favorites', brand.token);
    expect(cards.statusCode).toBe(200);
    const items = cards.json().data;
    expect(items.map((c: { influencer_id: number }) => c.influencer_id)).toEqual([
      creator(1),
      creator(0),
      creator(2),
    ]);
    expect(items.every((c: { is_favorite: boolean }) => c.is_favorite)).toBe(true);
    expect(items[1]).toMatchObject({ platform: 'instagram', followers_count: 1_000 });
    const keys = keysOf(cards.json());
    for (const key of privateKeys) expect(keys.has(key), key).toBe(false);

    // On TikTok, a creator without a TikTok account still shows, with no figures.
    const tiktok = (await request('GET', '/v2/favorites?platform=tiktok', brand.token)).json().data;
    expect(tiktok[1]).toMatchObject({ platform: 'tiktok', followers_count: 77_000 });
    expect(tiktok[0]).toMatchObject({ platform: 'tiktok', followers_count: 0, stats_source: null });
  });

  it('still shows a favourite whose account is not validated, with its figures', async () => {
    const brand = await createSearcher(ctx);
    const pending = await createCreator(ctx, {
      isValidated: false,
      instagram: { followersCount: 4_321 },
    });
    expect((await toggle(brand.token, pending.influencerId)).json().data.is_favorite).toBe(true);
    const [card] = (await request('GET', '/v2/favorites', brand.token)).json().data;
    expect(card).toMatchObject({
      influencer_id: pending.influencerId,
      followers_count: 4_321,
      is_favorite: true,
    });
  });

  it('keeps each advertiser’s favourites apart', async () => {
    const mine = await createSearcher(ctx);
    const theirs = await createSearcher(ctx, {}, 'AGENCY');
    await toggle(mine.token, creator(3));
    expect((await request('GET', '/v2/favorites/ids', theirs.token)).json().data).toEqual([]);
    expect((await toggle(theirs.token, creator(3))).json().data.is_favorite).toBe(true);
    expect((await request('GET', '/v2/favorites/ids', mine.token)).json().data).toEqual([
      creator(3),
    ]);
  });

  it('answers 404 for an unknown creator and 400 for a bad body', async () => {
    const brand = await createSearcher(ctx);
    const unknown = await toggle(brand.token, 999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    for (const body of [
      {},
      { influencer_id: 'abc' },
      { influencer_id: '12' },
      { influencer_id: 1.5 },
      { influencer_id: -3 },
      { influencer_id: creator(0), extra: true },
    ]) {
      const res = await request('POST', '/v2/favorites/toggle', brand.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const platform = await request('GET', '/v2/favorites?platform=youtube', brand.token);
    expect(platform.statusCode).toBe(400);
  });

  it('answers 401 to visitors and 403 to creators and admins', async () => {
    for (const [method, url] of [
      ['POST', '/v2/favorites/toggle'],
      ['GET', '/v2/favorites'],
      ['GET', '/v2/favorites/ids'],
    ] as const) {
      const body = method === 'POST' ? { influencer_id: creator(0) } : undefined;
      expect((await request(method, url, undefined, body)).statusCode).toBe(401);
      for (const user of [await createTalent(ctx), await createAdmin(ctx)]) {
        const res = await request(method, url, user.token, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
  });
});

describe('shortlists', () => {
  const create = (token: string, name: unknown) =>
    request('POST', '/v2/short-lists', token, { name });

  it('creates, lists, renames and deletes a list', async () => {
    const brand = await createSearcher(ctx);
    const created = await create(brand.token, '  Ramadan 2027  ');
    expect(created.statusCode).toBe(201);
    const list = shortListSchema.parse(created.json().data);
    expect(list).toMatchObject({ name: 'Ramadan 2027', influencer_ids: [] });
    const second = (await create(brand.token, 'Summer')).json().data;

    const all = await request('GET', '/v2/short-lists', brand.token);
    expect(all.json().data.map((l: { name: string }) => l.name)).toEqual([
      'Summer',
      'Ramadan 2027',
    ]);

    const renamed = await request('PATCH', `/v2/short-lists/${list.short_list_id}`, brand.token, {
      name: 'Ramadan 2028',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      short_list_id: list.short_list_id,
      name: 'Ramadan 2028',
    });

    const deleted = await request('DELETE', `/v2/short-lists/${second.short_list_id}`, brand.token);
    expect(deleted.json()).toEqual({ data: { deleted: true } });
    const again = await request('DELETE', `/v2/short-lists/${second.short_list_id}`, brand.token);
    expect(again.statusCode).toBe(404);
    expect((await request('GET', '/v2/short-lists', brand.token)).json().data).toHaveLength(1);
  });

  it('refuses a name the advertiser already uses, whatever its case, with NAME_TAKEN', async () => {
    const brand = await createSearcher(ctx);
    const ramadan = (await create(brand.token, 'Ramadan')).json().data;
    const summer = (await create(brand.token, 'Summer')).json().data;
    const taken = await create(brand.token, 'RAMADAN');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'NAME_TAKEN',
      message: 'You already have a shortlist named "RAMADAN"',
      fields: [{ field: 'name', message: 'You already have a shortlist named "RAMADAN"' }],
    });
    const rename = await request('PATCH', `/v2/short-lists/${summer.short_list_id}`, brand.token, {
      name: 'ramadan',
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.code).toBe('NAME_TAKEN');
    // Changing only the case of its own name is allowed.
    const recase = await request('PATCH', `/v2/short-lists/${ramadan.short_list_id}`, brand.token, {
      name: 'RAMADAN',
    });
    expect(recase.statusCode).toBe(200);
    // Another advertiser may use the same name.
    const other = await createSearcher(ctx);
    expect((await create(other.token, 'Ramadan')).statusCode).toBe(201);
  });

  it('validates names with the exact messages', async () => {
    const brand = await createSearcher(ctx);
    const empty = await create(brand.token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The name field is required');
    const long = await create(brand.token, 'x'.repeat(SHORT_LIST_NAME_MAX + 1));
    expect(long.json().error.message).toBe(
      `The name field must be at most ${SHORT_LIST_NAME_MAX} characters long`,
    );
    for (const body of [{}, { name: 42 }, { name: 'A', colour: 'red' }]) {
      const res = await request('POST', '/v2/short-lists', brand.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/v2/short-lists',
      headers: { ...auth(brand.token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.json().error.code).toBe('MALFORMED_JSON');
    const badId = await request('GET', '/v2/short-lists/abc', brand.token);
    expect(badId.statusCode).toBe(400);
  });

  it('adds and removes creators idempotently, newest first, and shows them as cards', async () => {
    const brand = await createSearcher(ctx);
    const list = (await create(brand.token, 'Picks')).json().data;
    const member = (i: number) => `/v2/short-lists/${list.short_list_id}/influencers/${creator(i)}`;

    for (const i of [1, 3, 0]) {
      const res = await request('PUT', member(i), brand.token);
      expect(res.statusCode).toBe(200);
    }
    const twice = await request('PUT', member(3), brand.token);
    expect(twice.json().data.influencer_ids).toEqual([creator(0), creator(3), creator(1)]);

    await toggle(brand.token, creator(3));
    const details = await request('GET', `/v2/short-lists/${list.short_list_id}`, brand.token);
    expect(details.statusCode).toBe(200);
    const parsed = shortListDetailsResponseSchema.parse(details.json());
    expect(parsed.data.items.map((c) => [c.influencer_id, c.is_favorite])).toEqual([
      [creator(0), false],
      [creator(3), true],
      [creator(1), false],
    ]);
    // Each card carries the creator's prices: the suggested ones of their largest audience's
    // band (creator 0: 77 000 TikTok followers, micro; the others nano).
    const settings = createSettingsModule({ db: ctx.database.db }).reader;
    const pricesOf = async (band: 'nano' | 'micro') => ({
      '15': await settings.get(ctx.database.db, suggestedPriceSettingKey(band, 15)),
      '30': await settings.get(ctx.database.db, suggestedPriceSettingKey(band, 30)),
      '60': await settings.get(ctx.database.db, suggestedPriceSettingKey(band, 60)),
    });
    expect(parsed.data.items.map((c) => c.prices)).toEqual([
      await pricesOf('micro'),
      await pricesOf('nano'),
      await pricesOf('nano'),
    ]);
    const keys = keysOf(details.json());
    for (const key of privateKeys) expect(keys.has(key), key).toBe(false);
    const tiktok = await request(
      'GET',
      `/v2/short-lists/${list.short_list_id}?platform=tiktok`,
      brand.token,
    );
    expect(tiktok.json().data.items[0]).toMatchObject({
      platform: 'tiktok',
      followers_count: 77_000,
    });

    const removed = await request('DELETE', member(3), brand.token);
    expect(removed.json().data.influencer_ids).toEqual([creator(0), creator(1)]);
    const removedAgain = await request('DELETE', member(3), brand.token);
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.json().data.influencer_ids).toEqual([creator(0), creator(1)]);

    const unknown = await request(
      'PUT',
      `/v2/short-lists/${list.short_list_id}/influencers/999999999`,
      brand.token,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it(`holds at most ${SHORT_LIST_MAX_INFLUENCERS} creators`, async () => {
    const brand = await createSearcher(ctx);
    const list = (await create(brand.token, 'Full')).json().data;
    // Filling it through the API would take 500 requests: the rows are what the limit counts.
    await ctx.database.query(
      `with new_users as (
         insert into users (email, password_hash, role)
         select 'filler.' || $2 || '.' || g || '@test.clipmarket.tn', 'x', 'TALENT'
         from generate_series(1, $1::int) g
         returning id
       ), new_creators as (
         insert into influencers (user_id, ig_username)
         select id, 'filler.' || id from new_users
         returning id
       )
       insert into short_list_influencers (short_list_id, influencer_id)
       select $3, id from new_creators`,
      [SHORT_LIST_MAX_INFLUENCERS, `${process.pid}.${Date.now()}`, list.short_list_id],
    );
    const url = (i: number) => `/v2/short-lists/${list.short_list_id}/influencers/${creator(i)}`;
    const full = await request('PUT', url(0), brand.token);
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe(
      `A shortlist holds at most ${SHORT_LIST_MAX_INFLUENCERS} creators`,
    );
    // Removing one makes room again.
    const members = (await request('GET', '/v2/short-lists', brand.token)).json().data[0];
    const last = members.influencer_ids[0];
    await request(
      'DELETE',
      `/v2/short-lists/${list.short_list_id}/influencers/${last}`,
      brand.token,
    );
    expect((await request('PUT', url(0), brand.token)).statusCode).toBe(200);
  });

  it("answers 404 for another advertiser's list and never shows or changes it", async () => {
    const owner = await createSearcher(ctx);
    const intruder = await createSearcher(ctx, {}, 'AGENCY');
    const list = (await create(owner.token, 'Secret picks')).json().data;
    await request(
      'PUT',
      `/v2/short-lists/${list.short_list_id}/influencers/${creator(2)}`,
      owner.token,
    );
    const base = `/v2/short-lists/${list.short_list_id}`;
    const attempts = [
      request('GET', base, intruder.token),
      request('PATCH', base, intruder.token, { name: 'Mine now' }),
      request('DELETE', base, intruder.token),
      request('PUT', `${base}/influencers/${creator(0)}`, intruder.token),
      request('DELETE', `${base}/influencers/${creator(2)}`, intruder.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('Secret picks');
    }
    expect((await request('GET', '/v2/short-lists', intruder.token)).json().data).toEqual([]);
    const intact = await request('GET', base, owner.token);
    expect(intact.json().data).toMatchObject({
      name: 'Secret picks',
      influencer_ids: [creator(2)],
    });
  });

  it('answers 401 to visitors and 403 to creators and admins', async () => {
    const owner = await createSearcher(ctx);
    const list = (await create(owner.token, 'Any')).json().data;
    const base = `/v2/short-lists/${list.short_list_id}`;
    const calls = [
      ['GET', '/v2/short-lists', undefined],
      ['POST', '/v2/short-lists', { name: 'x' }],
      ['GET', base, undefined],
      ['PATCH', base, { name: 'y' }],
      ['DELETE', base, undefined],
      ['PUT', `${base}/influencers/${creator(0)}`, undefined],
      ['DELETE', `${base}/influencers/${creator(0)}`, undefined],
    ] as const;
    const talent = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    for (const [method, url, body] of calls) {
      expect((await request(method, url, undefined, body)).statusCode).toBe(401);
      expect((await request(method, url, talent.token, body)).statusCode).toBe(403);
      expect((await request(method, url, admin.token, body)).statusCode).toBe(403);
    }
  });
});

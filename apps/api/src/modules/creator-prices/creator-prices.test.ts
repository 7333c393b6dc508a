import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VideoDuration } from '@clipmarket/contracts/content-requests';
import { suggestedPriceSettingKey } from '@clipmarket/contracts/creator-prices';
import type { SizeBand } from '@clipmarket/contracts/enums';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auth, createCreator } from '../discovery/discovery.test-support.js';
import { createSettingsModule, type SettingsReader } from '../settings/index.js';
import { createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { creatorPricesRepository } from './creator-prices.repository.js';
import { createCreatorPricesModule } from './index.js';

/**
 * Creators' rate cards (issue 10 §1): a price per length set in the showcase, else the
 * suggested price of the creator's size band; advertisers read validated creators' cards;
 * other modules read prices in batches through `pricesFor` and `priceSetsOf`.
 */
let ctx: TestContext;
let brand: TestUser;
let settings: SettingsReader;

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createAdvertiser(ctx);
  settings = createSettingsModule({ db: ctx.database.db }).reader;
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

/** The suggested price as the settings hold it now (an admin's override, else the default). */
const suggested = (band: SizeBand, duration: VideoDuration) =>
  settings.get(ctx.database.db, suggestedPriceSettingKey(band, duration));

const getOwn = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/v2/influencer/prices', headers: auth(token) });

const putOwn = (token: string, prices: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/v2/influencer/prices',
    headers: auth(token),
    payload: { prices },
  });

const getFor = (token: string, influencerId: number | string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/v2/influencer/${influencerId}/prices`,
    headers: auth(token),
  });

describe('own rate card', () => {
  it('starts at the suggested prices of the creator’s size band', async () => {
    const creator = await createCreator(ctx, { instagram: { followersCount: 25_000 } });
    const res = await getOwn(creator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rate_card).toEqual([
      {
        video_duration: 15,
        price: await suggested('micro', 15),
        is_custom: false,
        suggested_price: await suggested('micro', 15),
      },
      {
        video_duration: 30,
        price: await suggested('micro', 30),
        is_custom: false,
        suggested_price: await suggested('micro', 30),
      },
      {
        video_duration: 60,
        price: await suggested('micro', 60),
        is_custom: false,
        suggested_price: await suggested('micro', 60),
      },
    ]);
  });

  it.each([
    [0, 'nano'],
    [9_999, 'nano'],
    [10_000, 'micro'],
    [150_000, 'mid-tier'],
    [300_000, 'macro'],
    [2_000_000, 'mega'],
  ] as const)('suggests the %s-follower price of the %s band', async (followers, band) => {
    const creator = await createCreator(ctx, { tiktok: { followersCount: followers } });
    const card = (await getOwn(creator.token)).json().data.rate_card;
    expect(card.map((entry: { suggested_price: number }) => entry.suggested_price)).toEqual([
      await suggested(band, 15),
      await suggested(band, 30),
      await suggested(band, 60),
    ]);
  });

  it('takes the band of the largest audience on any platform; no figures is nano', async () => {
    const both = await createCreator(ctx, {
      instagram: { followersCount: 5_000 },
      tiktok: { followersCount: 350_000 },
    });
    const bothCard = (await getOwn(both.token)).json().data.rate_card;
    expect(bothCard[1].suggested_price).toBe(await suggested('macro', 30));

    const none = await createCreator(ctx);
    const noneCard = (await getOwn(none.token)).json().data.rate_card;
    expect(noneCard[1].suggested_price).toBe(await suggested('nano', 30));
  });

  it('sets custom prices, keeps a null length at the suggested price, and resets', async () => {
    const creator = await createCreator(ctx, { instagram: { followersCount: 120_000 } });
    const set = await putOwn(creator.token, { '15': 90_000, '30': null, '60': 350_000 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.rate_card).toEqual([
      {
        video_duration: 15,
        price: 90_000,
        is_custom: true,
        suggested_price: await suggested('mid-tier', 15),
      },
      {
        video_duration: 30,
        price: await suggested('mid-tier', 30),
        is_custom: false,
        suggested_price: await suggested('mid-tier', 30),
      },
      {
        video_duration: 60,
        price: 350_000,
        is_custom: true,
        suggested_price: await suggested('mid-tier', 60),
      },
    ]);
    // Read back, then changed: the new price replaces the old one.
    expect((await getOwn(creator.token)).json().data.rate_card[0].price).toBe(90_000);
    const changed = await putOwn(creator.token, { '15': 95_000, '30': 120_000, '60': 250_000 });
    expect(
      changed
        .json()
        .data.rate_card.map((e: { price: number; is_custom: boolean }) => [e.price, e.is_custom]),
    ).toEqual([
      [95_000, true],
      [120_000, true],
      [250_000, true],
    ]);

    const reset = await putOwn(creator.token, { '15': null, '30': null, '60': null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.rate_card).toEqual(
      await Promise.all(
        ([15, 30, 60] as const).map(async (duration) => ({
          video_duration: duration,
          price: await suggested('mid-tier', duration),
          is_custom: false,
          suggested_price: await suggested('mid-tier', duration),
        })),
      ),
    );
  });

  it.each([
    [{ '15': 1_500, '30': null, '60': null }, 'prices.15', 'A price is a whole number of dinars'],
    [{ '15': null, '30': 500, '60': null }, 'prices.30', 'The price is at least 1.000 TND'],
    [
      { '15': null, '30': null, '60': 100_001_000 },
      'prices.60',
      'The price is at most 100,000.000 TND',
    ],
    [
      { '15': 12.5, '30': null, '60': null },
      'prices.15',
      'The price is a whole number of millimes',
    ],
    [{ '15': '90000', '30': null, '60': null }, 'prices.15', expect.any(String)],
    [{ '15': null, '30': null }, 'prices.60', expect.any(String)],
    [{ '15': 1e18, '30': null, '60': null }, 'prices.15', expect.any(String)],
  ])('refuses %j with a 400 on %s', async (prices, field, message) => {
    const creator = await createCreator(ctx);
    const res = await putOwn(creator.token, prices);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toContainEqual({ field, message });
    // Nothing was changed.
    const card = (await getOwn(creator.token)).json().data.rate_card;
    expect(card.every((entry: { is_custom: boolean }) => !entry.is_custom)).toBe(true);
  });

  it('refuses a shorter video priced above a longer one, suggested prices included', async () => {
    const creator = await createCreator(ctx, { instagram: { followersCount: 120_000 } });
    const longer = await suggested('mid-tier', 30);
    // Set explicitly, then against the 30 s suggested price.
    for (const prices of [
      { '15': 200_000, '30': 150_000, '60': 400_000 },
      { '15': longer + 1_000, '30': null, '60': null },
    ]) {
      const res = await putOwn(creator.token, prices);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[0].field).toBe('prices.15');
      expect(res.json().error.fields[0].message).toMatch(/^A 15 s video costs no more than a 30 s/);
    }
    // 30 s above the 60 s suggested price: the 30 s length is named.
    const sixty = await suggested('mid-tier', 60);
    const above = await putOwn(creator.token, { '15': null, '30': sixty + 1_000, '60': null });
    expect(above.json().error.fields[0].field).toBe('prices.30');
    // Nothing was saved.
    const card = (await getOwn(creator.token)).json().data.rate_card;
    expect(card.every((entry: { is_custom: boolean }) => !entry.is_custom)).toBe(true);
    // Equal prices are in order.
    const equal = await putOwn(creator.token, { '15': 300_000, '30': 300_000, '60': 300_000 });
    expect(equal.statusCode).toBe(200);
  });

  it('is the creators’ own: advertisers are refused, and a talent without profile is a 404', async () => {
    expect((await getOwn(brand.token)).statusCode).toBe(403);
    expect((await putOwn(brand.token, { '15': null, '30': null, '60': null })).statusCode).toBe(
      403,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/influencer/prices' });
    expect(res.statusCode).toBe(401);
  });
});

describe('advertiser read', () => {
  it('shows a validated creator’s rate card with custom and suggested prices', async () => {
    const creator = await createCreator(ctx, { instagram: { followersCount: 600_000 } });
    await putOwn(creator.token, { '15': null, '30': 1_000_000, '60': null });
    const res = await getFor(brand.token, creator.influencerId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rate_card).toEqual([
      {
        video_duration: 15,
        price: await suggested('mega', 15),
        is_custom: false,
        suggested_price: await suggested('mega', 15),
      },
      {
        video_duration: 30,
        price: 1_000_000,
        is_custom: true,
        suggested_price: await suggested('mega', 30),
      },
      {
        video_duration: 60,
        price: await suggested('mega', 60),
        is_custom: false,
        suggested_price: await suggested('mega', 60),
      },
    ]);
  });

  it('answers 404 for an unvalidated creator and an unknown id, 400 for a bad id', async () => {
    const unvalidated = await createCreator(ctx, { isValidated: false });
    const hidden = await getFor(brand.token, unvalidated.influencerId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    expect((await getFor(brand.token, 2_000_000_000)).statusCode).toBe(404);
    expect((await getFor(brand.token, 'abc')).statusCode).toBe(400);
    // Beyond PostgreSQL's integer: refused by the contract, never a 500.
    expect((await getFor(brand.token, 2_147_483_648)).statusCode).toBe(400);
  });

  it('is for advertisers only', async () => {
    const creator = await createCreator(ctx);
    const other = await createTalent(ctx);
    expect((await getFor(other.token, creator.influencerId)).statusCode).toBe(403);
  });
});

describe('pricesFor and priceSetsOf (for other modules)', () => {
  it('prices many creators of one length in one batched read; unknown ids are absent', async () => {
    const module = createCreatorPricesModule({ db: ctx.database.db, settings });
    const custom = await createCreator(ctx, { instagram: { followersCount: 50_000 } });
    const plain = await createCreator(ctx, { instagram: { followersCount: 400_000 } });
    const unvalidated = await createCreator(ctx, { isValidated: false });
    await putOwn(custom.token, { '15': 40_000, '30': 65_000, '60': null });
    const reads = vi.spyOn(creatorPricesRepository, 'findCustom');

    const ids = [custom.influencerId, plain.influencerId, unvalidated.influencerId, 2_000_000_000];
    const prices = await module.pricesFor(ctx.database.db, ids, 30);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(prices).toEqual(
      new Map([
        [custom.influencerId, 65_000],
        [plain.influencerId, await suggested('macro', 30)],
        [unvalidated.influencerId, await suggested('nano', 30)],
      ]),
    );

    const sets = await module.priceSetsOf(ctx.database.db, ids);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(sets.get(custom.influencerId)).toEqual({
      15: 40_000,
      30: 65_000,
      60: await suggested('micro', 60),
    });
    expect(sets.has(2_000_000_000)).toBe(false);
    expect(await module.pricesFor(ctx.database.db, [], 15)).toEqual(new Map());
  });

  it('reads within the caller’s transaction', async () => {
    const module = createCreatorPricesModule({ db: ctx.database.db, settings });
    const creator = await createCreator(ctx);
    const price = await ctx.database.db.transaction(async (tx) => {
      await creatorPricesRepository.upsert(tx, creator.influencerId, 60, 333_000);
      return (await module.pricesFor(tx, [creator.influencerId], 60)).get(creator.influencerId);
    });
    expect(price).toBe(333_000);
  });
});

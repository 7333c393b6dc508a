import fs from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { sizeBandOf, sizeBands } from '@clipmarket/contracts/enums';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrderProblem } from '@clipmarket/contracts/creator-prices';
import { createTestContext, type TestContext } from '../test/harness.js';
import { creatorPrices } from '../modules/creator-prices/creator-prices.schema.js';
import { searchQuotas } from '../modules/discovery/discovery.schema.js';
import { notifications } from '../modules/notifications/notifications.schema.js';
import {
  contentRequestInfluencers,
  contentRequests,
} from '../modules/content-requests/content-requests.schema.js';
import { contentOpportunities } from '../modules/opportunities/opportunities.schema.js';
import {
  metricPublications,
  metricSnapshots,
  metricSubmissions,
} from '../modules/publication-metrics/publication-metrics.schema.js';
import { metricsOfLines } from '../modules/publication-metrics/index.js';
import { trackedLinkClicks, trackedLinks } from '../modules/tracked-links/tracked-links.schema.js';
import { waitFor } from '../test/wait-for.js';
import { categories as categoriesTable } from '../modules/reference-data/reference-data.schema.js';
import {
  advertisers,
  influencerCategories,
  influencers,
  influencerStats,
  users,
} from '../modules/users/users.schema.js';
import { notificationTemplates } from '../modules/notifications/index.js';
import { listStates } from '../modules/reference-data/index.js';
import { buildDemoCreators, DEMO_COUNTRIES } from './demo-creators.js';
import {
  buildDemoNotifications,
  chooseNotificationKeys,
  preferredDemoNotificationKeys,
} from './demo-notifications.js';
import {
  DEMO_ACCOUNTS,
  DEMO_BOUNDARY_FOLLOWERS,
  DEMO_CREATOR_COUNT,
  DEMO_CREATOR_EMAIL_DOMAIN,
  DEMO_DELIVERIES,
  DEMO_OPPORTUNITY_TITLES,
  DEMO_PACKS,
  DEMO_PASSWORD,
  DEMO_SHORT_LIST_NAME,
  seedDemoData,
  seedDemoContentRequests,
  seedDemoCampaigns,
  DEMO_CAMPAIGNS,
  DEMO_SHARE_TOKEN,
  seedDemoDeliveries,
  seedDemoMediaKit,
  seedDemoMoney,
  seedDemoOpportunities,
  seedDemoPublicationFigures,
  seedDemoReviews,
  seedDemoTrackedLinks,
  type DemoDeliveriesDeps,
  type DemoPublicationFiguresDeps,
  type DemoSeedResult,
} from './index.js';
import { createRandom } from './prng.js';

const demoCreatorPattern = `%@${DEMO_CREATOR_EMAIL_DOMAIN}`;

describe('demo data generator', () => {
  const sampleCategories = [
    { id: 1, labelEn: 'Food', labelFr: 'Cuisine', labelAr: 'طبخ' },
    { id: 2, labelEn: 'Beauty/Fashion', labelFr: 'Beauté/Mode', labelAr: 'جمال/موضة' },
    { id: 3, labelEn: 'Sport', labelFr: 'Sport', labelAr: 'رياضة' },
    { id: 4, labelEn: 'Travel', labelFr: 'Voyage', labelAr: 'سفر' },
  ];

  let cities: Map<string, string[]>;
  beforeAll(async () => {
    cities = new Map(
      await Promise.all(
        DEMO_COUNTRIES.map(
          async (code) => [code, (await listStates(code, 'en')).map((s) => s.name)] as const,
        ),
      ),
    );
  });

  it('builds the same creators from the same seed', () => {
    const first = buildDemoCreators(createRandom(7), sampleCategories, cities);
    const second = buildDemoCreators(createRandom(7), sampleCategories, cities);
    expect(second).toEqual(first);
    expect(first).toHaveLength(DEMO_CREATOR_COUNT);
  });

  it('varies platforms, places, genders, ages, categories and sizes', () => {
    const creators = buildDemoCreators(createRandom(7), sampleCategories, cities);
    expect(new Set(creators.map((c) => c.gender))).toEqual(new Set(['F', 'M']));
    expect(new Set(creators.map((c) => c.ageInterval))).toEqual(
      new Set(['18-25', '25-35', '35-45', '45+']),
    );
    const countries = new Set(creators.map((c) => c.country));
    expect(countries).toEqual(new Set(['TN', 'FR', 'MA', 'DZ', 'AE']));
    const inTunisia = creators.filter((c) => c.country === 'TN');
    expect(inTunisia.length / creators.length).toBeGreaterThan(0.65);
    // Cities are the names the reference data offers (GET /v2/country/states/{country}).
    const governorates = cities.get('TN') ?? [];
    expect(governorates).toHaveLength(24);
    for (const c of inTunisia) expect(governorates).toContain(c.city);
    expect(new Set(inTunisia.map((c) => c.city)).size).toBeGreaterThanOrEqual(15);
    for (const c of creators) expect(cities.get(c.country)).toContain(c.city);
    for (const c of creators) {
      expect(c.categoryIds.length).toBeGreaterThanOrEqual(1);
      expect(c.categoryIds.length).toBeLessThanOrEqual(3);
      expect(c.igUsername ?? c.tiktokUsername).toBeTruthy();
      expect(c.stats.length).toBeGreaterThanOrEqual(1);
      for (const s of c.stats) {
        expect(s.followersCount).toBeGreaterThanOrEqual(1_000);
        expect(s.followersCount).toBeLessThanOrEqual(2_000_000);
        expect(Number(s.engagementRate)).toBeGreaterThanOrEqual(0.5);
        expect(Number(s.engagementRate)).toBeLessThanOrEqual(15);
      }
    }
    expect(creators.some((c) => c.igUsername && c.tiktokUsername)).toBe(true);
    expect(creators.some((c) => c.igUsername && !c.tiktokUsername)).toBe(true);
    expect(creators.some((c) => !c.igUsername && c.tiktokUsername)).toBe(true);
    const usernames = creators.flatMap((c) => (c.igUsername ? [c.igUsername] : []));
    expect(new Set(usernames).size).toBe(usernames.length);
    // Every engagement band of spec §9 is present.
    const rates = creators.flatMap((c) => c.stats.map((s) => Number(s.engagementRate)));
    for (const [min, max] of [
      [0.5, 1],
      [1, 3],
      [3, 6],
      [6, 10],
      [10, 15],
    ] as const) {
      expect(rates.some((r) => r >= min && r < max)).toBe(true);
    }
  });

  it('writes only notices that name no request nor opportunity, of types the catalogue knows', () => {
    const catalogue = notificationTemplates.map(({ role, module, type }) => ({
      role,
      module,
      type,
    }));
    for (const role of ['advertiser', 'talent', 'admin'] as const) {
      for (const key of chooseNotificationKeys(role, catalogue)) {
        const template = notificationTemplates.find(
          (t) => t.role === key.role && t.module === key.module && t.type === key.type,
        );
        expect(template, key.type).toBeDefined();
        expect(template!.message.en).not.toMatch(/\{(request|opportunity)_name\}/);
      }
    }
    expect(chooseNotificationKeys('talent', catalogue).map((k) => k.type)).toEqual([
      'account_validated',
      'account_pending_validation',
    ]);
    // Without the catalogue, the demo's own list; a type the catalogue lacks is left out.
    expect(chooseNotificationKeys('talent', null)).toEqual(
      preferredDemoNotificationKeys.filter((k) => k.role === 'talent'),
    );
    expect(
      chooseNotificationKeys('talent', [catalogue.find((k) => k.type === 'account_validated')!]),
    ).toEqual([{ role: 'talent', module: 'account', type: 'account_validated' }]);
  });

  it('writes the account history once, newest first, read, from the platform', () => {
    const rows = buildDemoNotifications(createRandom(3), {
      receiver: { userId: 1, profileId: 1, role: 'talent' },
      keys: chooseNotificationKeys('talent', null),
      brandName: 'B',
      talentName: 'T',
      now: new Date('2025-01-01T00:00:00Z'),
    });
    expect(rows.map((r) => r.type)).toEqual(['account_validated', 'account_pending_validation']);
    for (const row of rows) {
      expect(row.status).toBe('Read');
      expect(row.senderUserId).toBeNull();
      expect(row.moduleItemId).toBeNull();
      expect(row.params).not.toHaveProperty('request_name');
    }
    const times = rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('seedDemoData', () => {
  let ctx: TestContext;
  let second: DemoSeedResult;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database, ctx.env, {
      media: ctx.modules.media.service,
      settings: ctx.modules.settings.reader,
    });
    second = await seedDemoData(ctx.database, ctx.env, { media: ctx.modules.media.service });
  });
  afterAll(() => ctx.close());

  const countDemoUsers = async () => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(like(users.email, demoCreatorPattern));
    return row?.n ?? 0;
  };

  const findUser = async (email: string) => {
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`missing ${email}`);
    return row;
  };

  it('is idempotent: a second run writes nothing', async () => {
    expect(second).toEqual({
      seeded: false,
      accountsCreated: 0,
      creatorsCreated: 0,
      notificationsCreated: 0,
      picturesCreated: 0,
      shortListsCreated: 0,
    });
    expect(await countDemoUsers()).toBe(DEMO_CREATOR_COUNT);
    const accounts = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('creates at least 200 creators with profiles and stats, in every size band', async () => {
    expect(DEMO_CREATOR_COUNT).toBeGreaterThanOrEqual(200);
    const rows = await ctx.database.db
      .select({
        platform: influencerStats.platform,
        followers: influencerStats.followersCount,
        engagement: influencerStats.engagementRate,
      })
      .from(influencerStats)
      .innerJoin(influencers, eq(influencers.id, influencerStats.influencerId))
      .innerJoin(users, eq(users.id, influencers.userId))
      .where(like(users.email, demoCreatorPattern));
    const creatorsWithStats = await ctx.database.db
      .select({ n: sql<number>`count(distinct ${influencers.id})::int` })
      .from(influencers)
      .innerJoin(users, eq(users.id, influencers.userId))
      .innerJoin(influencerStats, eq(influencerStats.influencerId, influencers.id))
      .where(like(users.email, demoCreatorPattern));
    expect(creatorsWithStats[0]?.n).toBe(DEMO_CREATOR_COUNT);

    const instagram = rows.filter((r) => r.platform === 'instagram').map((r) => r.followers);
    const tiktok = rows.filter((r) => r.platform === 'tiktok').map((r) => r.followers);
    expect(instagram.length).toBeGreaterThan(100);
    expect(tiktok.length).toBeGreaterThan(50);
    for (const band of sizeBands) {
      expect(
        instagram.some((f) => sizeBandOf(f) === band.value),
        band.value,
      ).toBe(true);
      expect(
        tiktok.some((f) => sizeBandOf(f) === band.value),
        band.value,
      ).toBe(true);
    }
    for (const edge of DEMO_BOUNDARY_FOLLOWERS) expect(instagram).toContain(edge);
    for (const r of rows) {
      expect(Number(r.engagement)).toBeGreaterThanOrEqual(0.5);
      expect(Number(r.engagement)).toBeLessThanOrEqual(15);
    }
  });

  it('turns the media kit on for the validated demo creators, as the setting says', async () => {
    const rows = await ctx.database.db
      .select({ validated: users.isValidated, kit: influencers.isShowMediaKit })
      .from(users)
      .innerJoin(influencers, eq(influencers.userId, users.id))
      .where(like(users.email, demoCreatorPattern));
    expect(rows).toHaveLength(DEMO_CREATOR_COUNT);
    // The setting `media_kit_for_validated_creators` is at its default, 1.
    expect(
      await ctx.modules.settings.reader.get(ctx.database.db, 'media_kit_for_validated_creators'),
    ).toBe(1);
    for (const row of rows) expect(row.kit).toBe(row.validated);
  });

  it('gives every creator 1 to 3 categories from the reference table (when it has any)', async () => {
    const [available] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(categoriesTable);
    const perCreator = await ctx.database.db
      .select({ n: sql<number>`count(${influencerCategories.categoryId})::int` })
      .from(influencers)
      .innerJoin(users, eq(users.id, influencers.userId))
      .leftJoin(influencerCategories, eq(influencerCategories.influencerId, influencers.id))
      .where(like(users.email, demoCreatorPattern))
      .groupBy(influencers.id);
    expect(perCreator).toHaveLength(DEMO_CREATOR_COUNT);
    const expectedMin = (available?.n ?? 0) > 0 ? 1 : 0;
    for (const { n } of perCreator) {
      expect(n).toBeGreaterThanOrEqual(expectedMin);
      expect(n).toBeLessThanOrEqual(3);
    }
  });

  it('lets every demo account log in with the documented password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await findUser(account.email);
      expect(user.role).toBe(account.role);
      expect(user.isVerified).toBe(true);
      expect(account.password).toBe(DEMO_PASSWORD);
      expect(await verify(user.passwordHash, account.password)).toBe(true);
      expect(await verify(user.passwordHash, 'wrong-Password1')).toBe(false);
    }
    // Generated creators share the same hash: they can log in too.
    const [creator] = await ctx.database.db
      .select()
      .from(users)
      .where(like(users.email, demoCreatorPattern))
      .limit(1);
    expect(creator && (await verify(creator.passwordHash, DEMO_PASSWORD))).toBe(true);
  });

  it('signs the demo accounts in through the API, complete where the README says so', async () => {
    const expectedCompletion: Record<string, 0 | 1> = {
      'admin@clipmarket.tn': 1,
      'brand@clipmarket.tn': 1,
      'agency@clipmarket.tn': 1,
      'creator@clipmarket.tn': 1,
      'newcreator@clipmarket.tn': 0,
    };
    for (const account of DEMO_ACCOUNTS) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(login.statusCode, account.email).toBe(200);
      const token = login.json().data.accessToken as string;
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/v2/user/getMe',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode, account.email).toBe(200);
      const data = me.json().data;
      expect(data.role).toBe(account.role);
      expect(data.is_completed, account.email).toBe(expectedCompletion[account.email]);
      if (account.role === 'BRAND') {
        expect(data.fullname).toBe('Délice Tunisie');
        // The uploaded profile picture is served like any other.
        const picture = await ctx.app.inject({
          method: 'GET',
          url: `/v2/media/thumb/${data.efile.token}.${data.efile.file_extension}`,
        });
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toMatch(/^image\//);
      }
      if (account.email === 'creator@clipmarket.tn') {
        expect(data.cin_efile).not.toBeNull();
        expect(data.influencer.categories.length).toBeGreaterThan(0);
      }
    }
  });

  it('gives the brand a complete profile, legal info and a free trial', async () => {
    const user = await findUser('brand@clipmarket.tn');
    const [brand] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.userId, user.id));
    expect(brand).toMatchObject({ name: 'Délice Tunisie', country: 'TN' });
    // The trial is discovery's search quota (search_quotas).
    const [quota] = await ctx.database.db
      .select()
      .from(searchQuotas)
      .where(eq(searchQuotas.advertiserId, brand?.id ?? -1));
    expect(quota).toMatchObject({ searchCount: 0, maxSearchCount: ctx.env.FREE_TRIAL_SEARCHES });
    expect(brand?.companyName).toBeTruthy();
    expect(brand?.taxRegistrationNumber).toBeTruthy();
    expect(brand?.domiciliationAddress).toBeTruthy();
    expect(brand?.cities.length).toBeGreaterThan(0);
    expect(quota?.freeTrialExpireDate && quota.freeTrialExpireDate > new Date().toISOString()).toBe(
      true,
    );
    const agency = await findUser('agency@clipmarket.tn');
    const [agencyProfile] = await ctx.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.userId, agency.id));
    expect(agencyProfile?.name).toBe('Medina Media Agency');
  });

  it('gives the demo creator a complete profile and the new creator an incomplete one', async () => {
    const creator = await findUser('creator@clipmarket.tn');
    const [profile] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.userId, creator.id));
    expect(profile).toMatchObject({
      gender: 'F',
      ageInterval: '25-35',
      country: 'TN',
      city: 'Tunis',
      paymentMethod: 'bank',
    });
    expect(profile?.cin).toMatch(/^\d{8}$/);
    expect(profile?.cardNumber).toMatch(/^\d{20}$/);
    expect(profile?.specializations.length).toBeGreaterThan(0);
    const stats = await ctx.database.db
      .select({ platform: influencerStats.platform })
      .from(influencerStats)
      .where(eq(influencerStats.influencerId, profile?.id ?? -1));
    expect(stats.map((s) => s.platform).sort()).toEqual(['instagram', 'tiktok']);

    const newcomer = await findUser('newcreator@clipmarket.tn');
    expect(newcomer.isValidated).toBe(false);
    const [newProfile] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.userId, newcomer.id));
    expect(newProfile?.gender).toBeNull();
    expect(newProfile?.city).toBeNull();
  });

  it('gives the demo creator its own prices and some demo creators custom prices, in order', async () => {
    const creator = await findUser('creator@clipmarket.tn');
    const own = await ctx.database.db
      .select({ duration: creatorPrices.videoDuration, price: creatorPrices.price })
      .from(creatorPrices)
      .innerJoin(influencers, eq(influencers.id, creatorPrices.influencerId))
      .where(eq(influencers.userId, creator.id));
    expect(own.sort((a, b) => a.duration - b.duration)).toEqual([
      { duration: 15, price: 100_000 },
      { duration: 30, price: 150_000 },
      { duration: 60, price: 220_000 },
    ]);

    const rows = await ctx.database.db
      .select({ influencerId: creatorPrices.influencerId, price: creatorPrices.price })
      .from(creatorPrices)
      .innerJoin(influencers, eq(influencers.id, creatorPrices.influencerId))
      .innerJoin(users, eq(users.id, influencers.userId))
      .where(like(users.email, demoCreatorPattern));
    const priced = new Set(rows.map((r) => r.influencerId)).size;
    // About a third, so cards show custom and suggested prices side by side.
    expect(priced).toBeGreaterThan(DEMO_CREATOR_COUNT * 0.2);
    expect(priced).toBeLessThan(DEMO_CREATOR_COUNT * 0.5);
    for (const { price } of rows) {
      expect(price % 1000).toBe(0);
      expect(price).toBeGreaterThanOrEqual(1000);
    }
    // As advertisers see them (custom or suggested): a longer video never costs less.
    const ids = [...new Set(rows.map((r) => r.influencerId))];
    const [demoCreator] = await ctx.database.db
      .select({ influencerId: influencers.id })
      .from(influencers)
      .where(eq(influencers.userId, creator.id));
    const cards = await ctx.modules.creatorPrices.priceSetsOf(ctx.database.db, [
      demoCreator!.influencerId,
      ...ids,
    ]);
    expect(cards.size).toBe(ids.length + 1);
    for (const [id, prices] of cards)
      expect(priceOrderProblem(prices), `influencer ${id}`).toBeNull();
  });

  it('gives the demo creator its account history, and no notification naming a request', async () => {
    const creator = await findUser('creator@clipmarket.tn');
    const brand = await findUser('brand@clipmarket.tn');
    const rows = await ctx.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.receiverUserId, [creator.id, brand.id]));
    expect(
      rows
        .filter((r) => r.receiverUserId === creator.id)
        .map((r) => r.type)
        .sort(),
    ).toEqual(['account_pending_validation', 'account_validated']);
    const [profile] = await ctx.database.db
      .select({ id: influencers.id })
      .from(influencers)
      .where(eq(influencers.userId, creator.id));
    for (const r of rows) {
      expect(r.receiverRole).toBe('talent');
      expect(r.receiverId).toBe(profile?.id);
      expect(r.params).not.toHaveProperty('request_name');
      expect(r.params).not.toHaveProperty('opportunity_name');
      expect(r.hash).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  const signIn = async (email: string) => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    return { authorization: `Bearer ${login.json().data.accessToken as string}` };
  };

  it('gives the brand favourites and a "Ramadan 2027" shortlist, once', async () => {
    const headers = await signIn('brand@clipmarket.tn');
    const favorites = await ctx.app.inject({ method: 'GET', url: '/v2/favorites', headers });
    expect(favorites.json().data.length).toBe(3);
    const lists = await ctx.app.inject({ method: 'GET', url: '/v2/short-lists', headers });
    expect(lists.json().data).toEqual([
      expect.objectContaining({ name: DEMO_SHORT_LIST_NAME, influencer_ids: expect.any(Array) }),
    ]);
    const list = lists.json().data[0];
    expect(list.influencer_ids).toHaveLength(6);
    const details = await ctx.app.inject({
      method: 'GET',
      url: `/v2/short-lists/${list.short_list_id}`,
      headers,
    });
    expect(details.json().data.items).toHaveLength(6);
    // The demo creator is favourited and listed, and shows first in the list.
    expect(details.json().data.items[0]).toMatchObject({
      first_name: 'Yasmine',
      is_favorite: true,
    });

    // A deleted list comes back at the next start; favourites are not doubled.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/short-lists/${list.short_list_id}`,
      headers,
    });
    const result = await seedDemoData(ctx.database, ctx.env);
    expect(result).toMatchObject({ seeded: true, shortListsCreated: 1, accountsCreated: 0 });
    const again = await ctx.app.inject({ method: 'GET', url: '/v2/favorites/ids', headers });
    expect(again.json().data).toHaveLength(3);
  });

  it('gives the brand a wallet bought through the checkout and the gateway, invoiced, once', async () => {
    const sandbox = ctx.konnectSandbox!;
    const deps = {
      wallet: ctx.modules.wallet.service,
      payments: ctx.modules.payments.service,
      promoCodes: ctx.modules.promoCodes.service,
      payAtGateway: async (paymentRef: string) => {
        await sandbox.service.pay(paymentRef, '4509211111111119');
      },
    };
    expect(await seedDemoMoney(ctx.database.db, deps)).toEqual({
      promoCodesCreated: 1,
      packsBought: 4,
    });
    expect(await seedDemoMoney(ctx.database.db, deps)).toEqual({
      promoCodesCreated: 0,
      packsBought: 0,
    });

    const brand = await findUser('brand@clipmarket.tn');
    const wallet = await ctx.modules.wallet.service.getWallet(brand.id);
    expect(wallet).toMatchObject({ balance: 3_700_000, reserved: 0, available: 3_700_000 });
    expect(wallet.purchases.map((p) => [p.purchased_amount, p.total, p.status])).toEqual([
      [1_000_000, 1_001_000, 'paid'],
      [2_000_000, 2_001_000, 'paid'],
      [200_000, 181_000, 'paid'],
      [500_000, 501_000, 'paid'],
    ]);
    const invoices = await ctx.modules.invoices.service.listForOwner(ctx.database.db, {
      ownerUserId: brand.id,
      limit: 10,
    });
    expect(invoices.items).toHaveLength(DEMO_PACKS.length);
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);
  });

  it('gives the brand content requests paid from that wallet, answered by creators, once', async () => {
    const deps = { contentRequests: ctx.modules.contentRequests.service };
    expect(await seedDemoContentRequests(ctx.database.db, deps)).toEqual({ requestsCreated: 3 });
    expect(await seedDemoContentRequests(ctx.database.db, deps)).toEqual({ requestsCreated: 0 });

    const brandHeaders = await signIn('brand@clipmarket.tn');
    const list = async (filter: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v2/content-requests?filter=${filter}`,
          headers: brandHeaders,
        })
      ).json().data as { title: string; lines: { status: string; reason: string | null }[] }[];
    const sent = await list('all');
    expect(sent.map((r) => r.title)).toEqual([
      'Jasmine soap — summer launch',
      'Ramadan 2027 — iftar recipes',
    ]);
    expect(sent[1]!.lines.map((l) => [l.status, l.reason]).sort()).toEqual([
      ['accepted', null],
      ['declined', 'The deadline is too short'],
    ]);
    expect(sent[0]!.lines.map((l) => l.status)).toEqual(['sent', 'sent']);
    expect((await list('draft')).map((r) => r.title)).toEqual(['Summer collection teaser']);

    // The demo creator has one request accepted and one to answer.
    const creatorLines = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v2/content-request-influencers',
        headers: await signIn('creator@clipmarket.tn'),
      })
    ).json().data as { title: string; status: string }[];
    expect(creatorLines.map((l) => [l.title, l.status])).toEqual([
      ['Jasmine soap — summer launch', 'sent'],
      ['Ramadan 2027 — iftar recipes', 'accepted'],
    ]);
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);
  });

  it('gives the brand opportunities in every state and the demo creator applications, once', async () => {
    const deps = { opportunities: ctx.modules.opportunities };
    expect(await seedDemoOpportunities(ctx.database.db, deps)).toEqual({
      opportunitiesCreated: 9,
    });
    expect(await seedDemoOpportunities(ctx.database.db, deps)).toEqual({
      opportunitiesCreated: 0,
    });
    const brandHeaders = await signIn('brand@clipmarket.tn');
    const get = async (url: string, headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url, headers })).json().data;
    const published = (await get('/v2/opportunities?filter=all', brandHeaders)) as {
      content_opportunity_id: number;
      title: string;
      state: string;
    }[];
    const titles = DEMO_OPPORTUNITY_TITLES;
    expect(published.map((o) => [o.title, o.state])).toEqual([
      // One spot each, the demo creator's: taken, so ongoing.
      [titles.oliveOil, 'ongoing'],
      [titles.dates, 'ongoing'],
      [titles.couscous, 'ongoing'],
      [titles.harissa, 'ongoing'],
      [titles.expired, 'expired'],
      [titles.summer, 'ongoing'],
      [titles.private, 'live'],
      [titles.iftar, 'live'],
    ]);
    const drafts = (await get('/v2/opportunities?filter=draft', brandHeaders)) as unknown[];
    expect(drafts).toHaveLength(1);
    const iftar = published.at(-1)!.content_opportunity_id;
    const applications = (await get(`/v2/opportunities/${iftar}/applications`, brandHeaders)) as {
      state: string;
    }[];
    expect(applications.map((a) => a.state).sort()).toEqual([
      'accepted',
      'debriefed',
      'declined',
      'submitted',
      'submitted',
      'withdrawn',
    ]);
    const creatorHeaders = await signIn('creator@clipmarket.tn');
    const own = (await get('/v2/my-applications', creatorHeaders)) as { label: string }[];
    expect(own.map((a) => a.label).sort()).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'accepted',
      'accepted',
      'under_review',
    ]);
    // Their lines wait for a video (To publish) until the deliveries take them on.
    const toPublish = (await get(
      '/v2/content-request-influencers?source=opportunity&content_filter=to_publish',
      creatorHeaders,
    )) as unknown[];
    expect(toPublish).toHaveLength(5);
    const invited = (await get('/v2/discover-opportunities', creatorHeaders)) as {
      title: string;
    }[];
    expect(invited.map((o) => o.title)).toContain('Délice milk — a private tasting');
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);
  });

  it('gives the brand deliveries in every state of issue 11, resumed without ffmpeg, once', async () => {
    const warnings: string[] = [];
    const deps = (ffmpeg: string): DemoDeliveriesDeps => ({
      contentRequests: ctx.modules.contentRequests.service,
      videos: ctx.modules.contentVideos,
      payouts: ctx.modules.payouts,
      settings: ctx.modules.settings.reader,
      delivery: ctx.modules.contentRequests,
      ffmpeg,
      workDir: path.join(ctx.dataDir, 'tmp'),
      log: { info: () => {}, warn: (_object, message) => warnings.push(message ?? '') },
    });
    // Without ffmpeg: the requests are sent and accepted, the video steps skipped with a warning.
    expect(
      await seedDemoDeliveries(ctx.database.db, deps(path.join(ctx.dataDir, 'no-ffmpeg'))),
    ).toEqual({ requestsCreated: 5, videosImported: 0, stepsTaken: 5 });
    expect(warnings).toEqual([expect.stringMatching(/^ffmpeg is not available/)]);
    // With it, the next start goes on from there: a video per line, then each line's steps.
    const resumed = await seedDemoDeliveries(ctx.database.db, deps(ctx.env.FFMPEG_PATH));
    expect(resumed).toMatchObject({
      requestsCreated: 0,
      // Five requests' lines and five opportunities' (one demo video imported for each).
      videosImported: 10,
    });
    // A line left behind says where in the seed's warnings, and the next start takes it on (a
    // CI run once saw one line stop two steps short on a loaded machine).
    const again = await seedDemoDeliveries(ctx.database.db, deps(ctx.env.FFMPEG_PATH));
    expect(again.videosImported).toBe(0);
    // Requests: the two approvals of lines with a reserved fee pay them in the same step (8).
    // Opportunities: their approvals capture the held price (paid), links, the team (8).
    expect(resumed.stepsTaken + again.stepsTaken, warnings.join('\n')).toBe(16);
    expect(await seedDemoDeliveries(ctx.database.db, deps(ctx.env.FFMPEG_PATH))).toEqual({
      requestsCreated: 0,
      videosImported: 0,
      stepsTaken: 0,
    });
    expect(warnings.length, warnings.join('\n')).toBe(again.stepsTaken > 0 ? 2 : 1);
    expect(
      fs.readdirSync(path.join(ctx.dataDir, 'tmp')).filter((n) => n.startsWith('demo-')),
    ).toEqual([]);

    const brand = await findUser('brand@clipmarket.tn');
    const creator = await findUser('creator@clipmarket.tn');
    const admin = await findUser('admin@clipmarket.tn');
    const as = async (user: typeof brand, url: string) => {
      const token = await ctx.tokens.signAccessToken({ userId: user.id, role: user.role });
      const answer = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    type Line = {
      title: string;
      status: string;
      content_request_influencer_id: number;
      videos: {
        video_id: number;
        status: string;
        preview_url: string | null;
        poster_url: string | null;
      }[];
      feedback: { decision: string; comment: string | null }[];
      revision_notes: { time_ms: number; region: object | null; addressed_at: string | null }[];
      links: { state: string }[];
      expected_payout_at: string | null;
    };
    const creatorLines = (await as(creator, '/v2/content-request-influencers?limit=50')) as Line[];
    const lineOf = (title: string) => creatorLines.find((l) => l.title === title)!;
    expect(DEMO_DELIVERIES.map((d) => [d.title, lineOf(d.title).status])).toEqual(
      DEMO_DELIVERIES.map((d) => [d.title, d.target]),
    );
    const viewAs = (user: typeof brand, title: string) =>
      as(
        user,
        `/v2/content-request-influencers/${lineOf(title).content_request_influencer_id}`,
      ) as Promise<Line>;

    // The brand reviews a processed video: its watermarked preview and poster are ready.
    const waiting = await viewAs(brand, 'Laban — summer refreshment');
    expect(waiting.videos).toEqual([
      expect.objectContaining({
        status: 'ready',
        preview_url: expect.stringMatching(/\/preview\?/),
        poster_url: expect.stringMatching(/\/poster\?/),
      }),
    ]);
    // The creator reads the debrief and has to send a new version.
    const debriefed = await viewAs(creator, 'Fresh cheese — breakfast table');
    expect(debriefed.feedback).toEqual([
      expect.objectContaining({ decision: 'debrief', comment: expect.stringMatching(/logo/) }),
    ]);
    // With the points marked on the preview's timeline, one of them a region of the frame.
    expect(
      debriefed.revision_notes.map((n) => [n.time_ms, n.region !== null, n.addressed_at]),
    ).toEqual([
      [800, true, null],
      [2500, false, null],
    ]);
    // Paid: the brand downloads the HD original; the links wait for the team.
    const paid = await viewAs(brand, 'Yogurt — back to school');
    const hd = await as(
      brand,
      `/v2/content-request-influencers/${paid.content_request_influencer_id}/videos/${paid.videos[0]!.video_id}/original`,
    );
    expect(hd.url).toMatch(/original/);
    expect(paid.links.map((l) => l.state)).toEqual(['submitted', 'submitted']);
    const publications = (await as(admin, '/v2/admin/publications?limit=50')) as {
      content_request_influencer_id: number;
    }[];
    expect(
      publications.filter(
        (p) => p.content_request_influencer_id === paid.content_request_influencer_id,
      ),
    ).toHaveLength(2);
    // The disputed rejection waits for the team.
    const disputes = (await as(admin, '/v2/admin/disputes?limit=50')) as {
      content_request_influencer_id: number;
      dispute_reason: string;
    }[];
    const disputedId = lineOf('Chocolate cream — dessert time').content_request_influencer_id;
    expect(disputes.find((d) => d.content_request_influencer_id === disputedId)).toMatchObject({
      dispute_reason: expect.stringMatching(/followed the brief/),
    });

    // The creator's earnings from the requests: one payout pending, one due (paid "earlier"),
    // both 150 TND; from the opportunities, the dates' (130 TND) and the olive oil's (150 TND).
    const deposits = await as(creator, '/v2/payouts?limit=50');
    expect(deposits).toMatchObject({ pending_total: 580_000, paid_total: 0 });
    const completedId = lineOf('Butter — Eid pastries').content_request_influencer_id;
    const due = (await as(admin, '/v2/admin/payouts?filter=due&limit=100')) as {
      content_request_influencer_id: number | null;
      amount: number;
      is_due: boolean;
    }[];
    expect(due.filter((p) => p.content_request_influencer_id === completedId)).toEqual([
      expect.objectContaining({ amount: 150_000, is_due: true }),
    ]);
    const completed = await viewAs(creator, 'Butter — Eid pastries');
    expect(Date.parse(completed.expected_payout_at!)).toBeLessThan(Date.now());
    const pending = (await as(admin, '/v2/admin/payouts?filter=pending&limit=100')) as {
      content_request_influencer_id: number | null;
      is_due: boolean;
    }[];
    expect(
      pending.find((p) => p.content_request_influencer_id === paid.content_request_influencer_id),
    ).toMatchObject({ is_due: false });

    // The opportunities' deliveries: Track Content's filters each show the demo creator's line.
    const titles = DEMO_OPPORTUNITY_TITLES;
    const tracked = async (filter: string) =>
      (
        (await as(
          creator,
          `/v2/content-request-influencers?source=opportunity&content_filter=${filter}&limit=50`,
        )) as Line[]
      ).map((line) => [line.title, line.status]);
    expect(await tracked('to_publish')).toEqual([[titles.harissa, 'accepted']]);
    expect(await tracked('reviewing')).toEqual([[titles.summer, 'submitted']]);
    expect(await tracked('debriefed')).toEqual([[titles.couscous, 'debriefed']]);
    expect(await tracked('approved')).toEqual([[titles.dates, 'link_submitted']]);
    expect(await tracked('completed')).toEqual([[titles.oliveOil, 'completed']]);
    expect(await tracked('declined')).toEqual([]);

    // The ongoing opportunity, as the brand reviews it: a video in review (its preview ready)
    // and one paid, the held price captured into the creator's earnings, links submitted.
    const summer = (
      (await as(brand, '/v2/opportunities?filter=ongoing&limit=50')) as {
        content_opportunity_id: number;
        title: string;
      }[]
    ).find((o) => o.title === titles.summer)!;
    const summerLines = (
      (await as(brand, `/v2/opportunities/${summer.content_opportunity_id}/applications`)) as {
        price: number;
        line: { content_request_influencer_id: number; state: string } | null;
      }[]
    ).map((application) => ({ price: application.price, ...application.line! }));
    expect(summerLines.map((line) => [line.price, line.state]).sort()).toEqual([
      [100_000, 'submitted'],
      [70_000, 'link_submitted'],
    ]);
    const inReview = await as(
      brand,
      `/v2/content-request-influencers/${summerLines.find((l) => l.state === 'submitted')!.content_request_influencer_id}`,
    );
    expect(inReview.videos).toEqual([
      expect.objectContaining({
        status: 'ready',
        preview_url: expect.stringMatching(/\/preview\?/),
      }),
    ]);
    const paidLineId = summerLines.find(
      (l) => l.state === 'link_submitted',
    )!.content_request_influencer_id;
    const paidLine = await as(brand, `/v2/content-request-influencers/${paidLineId}`);
    expect(paidLine.links.map((l: { state: string }) => l.state)).toEqual([
      'submitted',
      'submitted',
    ]);
    // The held 70 TND captured: the creator's earnings, no longer held in the brand's wallet.
    const beachCreator = await findUser('creator011@demo.clipmarket.tn');
    expect(await as(beachCreator, '/v2/payouts?limit=50')).toMatchObject({
      pending_total: 70_000,
    });
    expect(paidLine.funds_secured).toBe(false);
    const publicationsNow = (await as(admin, '/v2/admin/publications?limit=50')) as {
      content_request_influencer_id: number;
    }[];
    expect(
      publicationsNow.filter((p) => p.content_request_influencer_id === paidLineId),
    ).toHaveLength(2);

    // The wallet still pays the E2E journeys (at least 500 TND available), the books balance.
    const wallet = await ctx.modules.wallet.service.getWallet(brand.id);
    expect(wallet.available).toBeGreaterThanOrEqual(500_000);
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);
  }, 240_000);

  it('gives the brand a running campaign holding requests and an opportunity, and an upcoming one, once', async () => {
    const deps = { campaigns: ctx.modules.campaigns.service };
    expect(await seedDemoCampaigns(ctx.database.db, deps)).toEqual({
      campaignsCreated: 2,
      shareLinksCreated: 1,
    });
    expect(await seedDemoCampaigns(ctx.database.db, deps)).toEqual({
      campaignsCreated: 0,
      shareLinksCreated: 0,
    });
    const headers = await signIn('brand@clipmarket.tn');
    const list = await ctx.app.inject({ method: 'GET', url: '/v2/campaigns', headers });
    const campaigns = list.json().data as Array<{
      campaign_id: number;
      name: string;
      phase: string;
      money: { spent: number; committed: number };
      counts: {
        content_requests: number;
        opportunities: number;
        deliveries: number;
        published: number;
      };
    }>;
    expect(campaigns.map((c) => [c.name, c.phase])).toEqual([
      [DEMO_CAMPAIGNS.summer, 'upcoming'],
      [DEMO_CAMPAIGNS.ramadan, 'running'],
    ]);
    const ramadan = campaigns[1]!;
    expect(ramadan.counts.opportunities).toBe(1);
    expect(ramadan.counts.content_requests).toBeGreaterThan(3);
    expect(ramadan.counts.published).toBeGreaterThan(0);
    expect(ramadan.money.spent).toBeGreaterThan(0);
    // Some of the brand's requests stay out, to be added in the demo.
    const offered = await ctx.app.inject({
      method: 'GET',
      url: `/v2/campaigns/${ramadan.campaign_id}/attachable`,
      headers,
    });
    expect(offered.json().data.length).toBeGreaterThan(0);
    // "Ramadan 2027" is shared: its report opens at the README's address, for anyone.
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/v2/campaigns/${ramadan.campaign_id}/share-link`,
      headers,
    });
    expect(link.json().data).toMatchObject({
      token: DEMO_SHARE_TOKEN,
      path: `/campaigns/${DEMO_SHARE_TOKEN}`,
    });
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/v2/shared-campaigns/${DEMO_SHARE_TOKEN}`,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.campaign).toMatchObject({
      name: DEMO_CAMPAIGNS.ramadan,
      brand_name: 'Délice Tunisie',
      phase: 'running',
    });
  });

  it('reads the published videos’ figures from both sandboxes at every window, one window the creator’s and checked, once', async () => {
    const warnings: string[] = [];
    const deps: DemoPublicationFiguresDeps = {
      contentRequests: ctx.modules.contentRequests.service,
      metrics: ctx.modules.publicationMetrics,
      sandbox: ctx.socialSandbox!.service,
      media: ctx.modules.media.service,
      log: { info: () => {}, warn: (_object, message) => warnings.push(message ?? '') },
    };
    const startedAt = Date.now();
    // The two completed deliveries, each published on Instagram and TikTok: four posts.
    expect(await seedDemoPublicationFigures(ctx.database.db, deps), warnings.join('\n')).toEqual({
      postsPublished: 4,
      accountsConnected: 2,
      // Four windows of four posts, but the Instagram 24 h figures the creator sent.
      windowsRead: 15,
      figuresSubmitted: 1,
      figuresApproved: 1,
    });
    expect(await seedDemoPublicationFigures(ctx.database.db, deps)).toEqual({
      postsPublished: 0,
      accountsConnected: 0,
      windowsRead: 0,
      figuresSubmitted: 0,
      figuresApproved: 0,
    });
    expect(warnings).toEqual([]);
    // The module's clock is back to the real time.
    expect(
      Math.abs(ctx.modules.publicationMetrics.clock.now().getTime() - Date.now()),
    ).toBeLessThan(5_000);

    const creator = await findUser('creator@clipmarket.tn');
    const admin = await findUser('admin@clipmarket.tn');
    const snapshots = (
      await ctx.database.db
        .select({ snapshot: metricSnapshots })
        .from(metricSnapshots)
        .innerJoin(metricPublications, eq(metricPublications.linkId, metricSnapshots.linkId))
        .where(eq(metricPublications.creatorUserId, creator.id))
    ).map((row) => row.snapshot);
    const countsOf = (window: string) =>
      Object.fromEntries(
        ['instagram_api', 'tiktok_api', 'creator'].map((source) => [
          source,
          snapshots.filter((s) => s.window === window && s.source === source).length,
        ]),
      );
    expect(countsOf('24h')).toEqual({ instagram_api: 1, tiktok_api: 2, creator: 1 });
    for (const window of ['72h', '7d', '30d', 'latest']) {
      expect(countsOf(window), window).toEqual({ instagram_api: 2, tiktok_api: 2, creator: 0 });
    }
    // Read at each window's time after the posts of a month ago, growing with age; the latest
    // read just now.
    for (const linkId of new Set(snapshots.map((s) => s.linkId))) {
      const of = (window: string) =>
        snapshots.find((s) => s.linkId === linkId && s.window === window)!;
      const [day, threeDays, week, month, latest] = ['24h', '72h', '7d', '30d', 'latest'].map(of);
      expect(day!.views!).toBeGreaterThan(0);
      expect(day!.views!).toBeLessThan(threeDays!.views!);
      expect(threeDays!.views!).toBeLessThan(week!.views!);
      expect(week!.views!).toBeLessThanOrEqual(month!.views!);
      expect(month!.views!).toBeLessThanOrEqual(latest!.views!);
      expect(startedAt - month!.readAt.getTime()).toBeGreaterThan(0);
      expect(startedAt - day!.readAt.getTime()).toBeGreaterThan(29 * 86_400_000);
      expect(latest!.readAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
    }

    // The creator's figures: sent with a screenshot, approved by the demo admin.
    const submissions = await ctx.database.db
      .select()
      .from(metricSubmissions)
      .where(eq(metricSubmissions.creatorUserId, creator.id));
    expect(submissions).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        window: '24h',
        state: 'approved',
        reviewedByUserId: admin.id,
        screenshotFileId: expect.any(Number),
      }),
    ]);
    const checked = snapshots.find((s) => s.source === 'creator')!;
    expect(checked).toMatchObject({ submissionId: submissions[0]!.id, window: '24h' });
    const figures = await metricsOfLines(ctx.database.db, [checked.lineId]);
    const labelled = figures.get(checked.lineId)!.find((l) => l.linkId === checked.linkId)!;
    expect(labelled.windows['24h']).toMatchObject({ source: 'creator', checked: true });
    expect(labelled.windows['7d']).toMatchObject({ source: 'instagram_api', checked: null });

    // The creator's accounts show connected.
    const headers = await signIn('creator@clipmarket.tn');
    const accounts = await ctx.app.inject({ method: 'GET', url: '/v2/social-accounts', headers });
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(
      (accounts.json().data as { platform: string; status: string }[]).map((a) => [
        a.platform,
        a.status,
      ]),
    ).toEqual([
      ['instagram', 'connected'],
      ['tiktok', 'connected'],
    ]);
  });

  it('gives the demo creator short links with two weeks of clicks, previews apart, once', async () => {
    const deps = { trackedLinks: ctx.modules.trackedLinks.service };
    const startedAt = Date.now();
    const first = await seedDemoTrackedLinks(ctx.database.db, deps);
    // Two completed deliveries and two with links submitted, each on Instagram and TikTok.
    expect(first.linksClicked).toBe(8);
    expect(await seedDemoTrackedLinks(ctx.database.db, deps)).toEqual({
      linksClicked: 0,
      visitsRecorded: 0,
    });

    const headers = await signIn('creator@clipmarket.tn');
    const toolbox = await ctx.app.inject({ method: 'GET', url: '/v2/toolbox', headers });
    expect(toolbox.statusCode, toolbox.body).toBe(200);
    const lines = toolbox.json().data as {
      state: string;
      links: { code: string; clicks: number; previews: number; last_click_at: string | null }[];
    }[];
    const clicked = lines.filter((line) => ['completed', 'link_submitted'].includes(line.state));
    expect(clicked).toHaveLength(4);
    for (const line of clicked) {
      for (const link of line.links) {
        expect(link.clicks, link.code).toBeGreaterThan(0);
        expect(link.previews, link.code).toBeGreaterThan(0);
        expect(link.last_click_at).not.toBeNull();
      }
    }
    // The delivery still at work has its links, and no clicks.
    const unpublished = lines.filter((line) => line.state === 'accepted');
    expect(unpublished.length).toBeGreaterThan(0);
    for (const link of unpublished.flatMap((line) => line.links)) expect(link.clicks).toBe(0);

    const codes = clicked.flatMap((line) => line.links.map((link) => link.code));
    const clicks = (
      await ctx.database.db
        .select({ click: trackedLinkClicks })
        .from(trackedLinkClicks)
        .innerJoin(trackedLinks, eq(trackedLinks.id, trackedLinkClicks.linkId))
        .where(inArray(trackedLinks.code, codes))
    ).map((row) => row.click);
    // People and link previews, recorded as the redirect records them; the crawler nowhere.
    const kinds = { person: 0, preview: 0 } as Record<string, number>;
    for (const click of clicks) kinds[click.kind] = (kinds[click.kind] ?? 0) + 1;
    expect(Object.keys(kinds).sort()).toEqual(['person', 'preview']);
    expect(kinds.person).toBeGreaterThan(kinds.preview!);
    expect(kinds.person! + kinds.preview!).toBe(first.visitsRecorded);
    const total = lines
      .flatMap((line) => line.links)
      .reduce((sum, link) => sum + link.clicks + link.previews, 0);
    expect(total).toBe(first.visitsRecorded);
    expect(new Set(clicks.map((c) => c.deviceClass))).toEqual(
      new Set(['mobile', 'desktop', 'other']),
    );
    // Spread over the last two weeks, none in the future.
    const days = new Set(clicks.map((c) => c.occurredAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(7);
    for (const click of clicks) {
      expect(click.occurredAt.getTime()).toBeLessThanOrEqual(startedAt + 1_000);
      expect(startedAt - click.occurredAt.getTime()).toBeLessThan(14 * 86_400_000 + 1_000);
    }
  });

  it('gives the demo creator a published kit of her videos the brand allowed showing, rendered, once', async () => {
    const warnings: string[] = [];
    const deps = {
      contentRequests: ctx.modules.contentRequests.service,
      mediaKit: ctx.modules.mediaKit.service,
      log: { warn: (_object: unknown, message?: string) => warnings.push(message ?? '') },
    };
    // Her two completed deliveries (a request's and an opportunity's), both the brand's.
    expect(await seedDemoMediaKit(ctx.database.db, deps), warnings.join('\n')).toEqual({
      videosShowcased: 2,
      videosInInspiration: 2,
      kitsRendered: 1,
    });
    expect(await seedDemoMediaKit(ctx.database.db, deps)).toEqual({
      videosShowcased: 0,
      videosInInspiration: 0,
      kitsRendered: 0,
    });
    expect(warnings).toEqual([]);
    // Both consents given: her two videos are in Get inspired, for the brand too.
    const gallery = await ctx.app.inject({
      method: 'GET',
      url: '/v2/get-inspired',
      headers: await signIn('brand@clipmarket.tn'),
    });
    expect(gallery.statusCode, gallery.body).toBe(200);
    expect(
      gallery
        .json()
        .data.filter(
          (video: { creator: { influencer_name: string } }) =>
            video.creator.influencer_name === 'yasmine.trabelsi',
        ),
    ).toHaveLength(2);

    const headers = await signIn('creator@clipmarket.tn');
    const own = await ctx.app.inject({ method: 'GET', url: '/v2/media-kit', headers });
    expect(own.statusCode, own.body).toBe(200);
    const kit = own.json().data;
    expect(kit).toMatchObject({
      render_state: 'ready',
      public_path: '/media_kit/yasmine.trabelsi',
    });
    expect(kit.settings).toMatchObject({ theme: 'orange', is_published: true });
    expect(kit.settings.headline).toBeTruthy();

    // Public, to anyone: her two videos, each with the brand's name and its poster.
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/v2/media-kits/yasmine.trabelsi',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const { content, rendering } = page.json().data;
    expect(content.profile.headline).toBe(kit.settings.headline);
    expect(content.videos).toHaveLength(2);
    for (const video of content.videos) {
      expect(video.brand).toBe('Délice Tunisie');
      expect(video.poster_url).toMatch(/^\/v2\/media-kit-files\/[\w-]{22}\/poster-\d+\.jpg$/);
    }
    const poster = await ctx.app.inject({ method: 'GET', url: content.videos[0].poster_url });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(rendering.page_image_urls.length).toBeGreaterThanOrEqual(5);
  });

  it('reviews her completed opportunity delivery on both sides, with her reply, once', async () => {
    const deps = {
      contentRequests: ctx.modules.contentRequests.service,
      reviews: ctx.modules.reviews.service,
    };
    expect(await seedDemoReviews(ctx.database.db, deps)).toEqual({ reviewsWritten: 2 });
    expect(await seedDemoReviews(ctx.database.db, deps)).toEqual({ reviewsWritten: 0 });

    // Both wrote: each review shows at once, on the brand's and on her reviews.
    const brand = await findUser('brand@clipmarket.tn');
    const creator = await findUser('creator@clipmarket.tn');
    const headers = await signIn('creator@clipmarket.tn');
    const ofBrand = await ctx.app.inject({
      method: 'GET',
      url: `/v2/users/${brand.id}/reviews`,
      headers,
    });
    expect(ofBrand.statusCode, ofBrand.body).toBe(200);
    expect(ofBrand.json().summary).toMatchObject({ count: 1, average: 4 });
    const ofCreator = await ctx.app.inject({
      method: 'GET',
      url: `/v2/users/${creator.id}/reviews`,
      headers: await signIn('brand@clipmarket.tn'),
    });
    expect(ofCreator.statusCode, ofCreator.body).toBe(200);
    expect(ofCreator.json().summary).toMatchObject({ count: 1, average: 5 });
    expect(ofCreator.json().data[0]).toMatchObject({
      is_visible: true,
      reply: 'Thank you! Your olive oil made it easy to film.',
    });
  });

  it('gives the brand and the creator notices of the demo requests and opportunities, each linked to its own', async () => {
    const brand = await findUser('brand@clipmarket.tn');
    const creator = await findUser('creator@clipmarket.tn');
    const namingRequests = async () =>
      (
        await ctx.database.db
          .select()
          .from(notifications)
          .where(inArray(notifications.receiverUserId, [brand.id, creator.id]))
      ).filter((r) => 'request_name' in r.params || 'opportunity_name' in r.params);
    // The requests' notices are written by the jobs that follow each step.
    const rows = await waitFor(
      async () => {
        const found = await namingRequests();
        const brandCount = found.filter((r) => r.receiverUserId === brand.id).length;
        return brandCount >= 5 && found.length - brandCount >= 5 && found;
      },
      { what: 'the demo requests notices', timeoutMs: 30_000 },
    );
    const titleOfRequest = async (id: number) =>
      (
        await ctx.database.db
          .select({ title: contentRequests.title })
          .from(contentRequests)
          .where(eq(contentRequests.id, id))
      )[0]?.title;
    // A line's title: its request's, or its opportunity's (ADR 035).
    const titleOfLine = async (id: number) => {
      const [line] = await ctx.database.db
        .select({ request: contentRequests.title, opportunity: contentOpportunities.title })
        .from(contentRequestInfluencers)
        .leftJoin(
          contentRequests,
          eq(contentRequests.id, contentRequestInfluencers.contentRequestId),
        )
        .leftJoin(
          contentOpportunities,
          eq(contentOpportunities.id, contentRequestInfluencers.contentOpportunityId),
        )
        .where(eq(contentRequestInfluencers.id, id));
      return line?.request ?? line?.opportunity ?? undefined;
    };
    const opportunityTitles = new Set(
      (await ctx.database.db.select().from(contentOpportunities)).map((o) => o.title),
    );
    for (const row of rows) {
      // An opportunity's notices (issue 23) name it, never a request: those of its lines that
      // keep a request's wording (ADR 035) name it as their request.
      if ('opportunity_name' in row.params) {
        expect(opportunityTitles).toContain(row.params.opportunity_name);
        if ('request_name' in row.params) {
          expect(row.params.request_name, row.type).toBe(row.params.opportunity_name);
        }
        continue;
      }
      const template = notificationTemplates.find(
        (t) => t.role === row.receiverRole && t.type === row.type,
      );
      expect(row.moduleItemId, row.type).not.toBeNull();
      const title =
        template?.item === 'content_request_influencer_id'
          ? await titleOfLine(row.moduleItemId!)
          : await titleOfRequest(row.moduleItemId!);
      expect(title, `${row.type} #${row.moduleItemId}`).toBe(row.params.request_name);
    }
  });

  it('lets the brand search the demo creators, band edges included', async () => {
    const headers = await signIn('brand@clipmarket.tn');
    // Every page of a search (other test files may add creators on a shared database).
    const searchAll = async (filters: Record<string, unknown>) => {
      const cards: { followers_count: number; city: string | null }[] = [];
      let cursor: string | null = null;
      do {
        const payload = { ...filters, limit: 50, ...(cursor ? { cursor } : {}) };
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/v2/search/influencers',
          headers,
          payload,
        });
        expect(res.statusCode).toBe(200);
        const page: { items: typeof cards; next_cursor: string | null } = res.json().data;
        cards.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return cards;
    };
    const nano = (await searchAll({ followersCount: 'nano' })).map((c) => c.followers_count);
    expect(nano).toContain(9_999);
    expect(Math.max(...nano)).toBe(9_999);
    const micro = (await searchAll({ followersCount: 'micro' })).map((c) => c.followers_count);
    expect(micro).toContain(10_000);
    expect(Math.min(...micro)).toBe(10_000);
    const inTunis = await searchAll({ residence: 'TN', city: { TN: ['Tunis'] } });
    expect(inTunis.length).toBeGreaterThan(0);
    for (const card of inTunis) expect(card.city).toBe('Tunis');
  });

  it('brings back a deleted demo creator on the next run, and only that one', async () => {
    const email = `creator200@${DEMO_CREATOR_EMAIL_DOMAIN}`;
    const before = await findUser(email);
    await ctx.database.db.delete(users).where(and(eq(users.id, before.id), eq(users.email, email)));
    expect(await countDemoUsers()).toBe(DEMO_CREATOR_COUNT - 1);
    const result = await seedDemoData(ctx.database, ctx.env, { media: ctx.modules.media.service });
    expect(result).toEqual({
      seeded: true,
      accountsCreated: 0,
      creatorsCreated: 1,
      notificationsCreated: 0,
      picturesCreated: 0,
      shortListsCreated: 0,
    });
    expect(await countDemoUsers()).toBe(DEMO_CREATOR_COUNT);
    const after = await findUser(email);
    const [profile] = await ctx.database.db
      .select()
      .from(influencers)
      .where(eq(influencers.userId, after.id));
    expect(profile?.firstName).toBeTruthy();
  });
});

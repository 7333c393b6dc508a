import { eq } from 'drizzle-orm';
import { suggestedPriceSettingKey } from '@clipmarket/contracts/creator-prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencerCardSchema, SEARCH_PAGE_SIZE } from '@clipmarket/contracts/discovery';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { categories as categoriesTable } from '../reference-data/reference-data.schema.js';
import { createSettingsModule } from '../settings/index.js';
import { createAdmin, createFile, createTalent, findCategoryIds } from '../users/test-users.js';
import { influencers, users } from '../users/users.schema.js';
import {
  auth,
  createCreator,
  createSearcher,
  keysOf,
  privateCountry,
  privateKeys,
  readSearchCount,
  search,
  searchIds,
  setStats,
  setValidated,
} from './discovery.test-support.js';

/** The data of a search answer, as far as these tests read it. */
interface SearchPage {
  items: { influencer_id: number }[];
  next_cursor: string | null;
}

let ctx: TestContext;
let brand: Awaited<ReturnType<typeof createSearcher>>;
let categoryIds: [number, number];

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createSearcher(ctx, { maxSearchCount: 10_000 });
  categoryIds = await findCategoryIds(ctx);
});
afterAll(() => ctx.close());

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('POST /v2/search/influencers: who may search', () => {
  it('answers 401 without a token and 403 FORBIDDEN to creators and admins', async () => {
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/v2/search/influencers',
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHENTICATED');
    const talent = await createTalent(ctx);
    const admin = await createAdmin(ctx);
    for (const token of [talent.token, admin.token]) {
      const res = await search(ctx, token, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lets agencies search like brands', async () => {
    const agency = await createSearcher(ctx, {}, 'AGENCY');
    const res = await search(ctx, agency.token, { residence: [privateCountry('X')] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([]);
  });
});

describe('POST /v2/search/influencers: bad input is a 400, never a 500', () => {
  it('refuses malformed JSON with MALFORMED_JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/search/influencers',
      headers: { ...auth(brand.token), 'content-type': 'application/json' },
      payload: '{"platform": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });

  it.each([
    ['an unknown field', { colour: 'red' }],
    ['an unknown platform', { platform: 'youtube' }],
    ['an unknown size band', { followersCount: ['huge'] }],
    ['an unknown engagement band', { engagementRate: '2-4' }],
    ['an unknown community band', { personReached: ['1m+'] }],
    ['a category that is not a number', { categories: ['abc'] }],
    ['a negative category', { categories: [-1] }],
    ['a gender outside F and M', { gender: ['X'] }],
    ['an unknown age band', { age: ['F:10-15'] }],
    ['a country that is not a 2-letter code', { residence: ['Tunisia'] }],
    ['cities that are not per country', { city: ['Tunis'] }],
    ['an unknown order', { order_by: 'price' }],
    ['a page size of 0', { limit: 0 }],
    ['a page size above the maximum', { limit: 51 }],
    ['a page size as text', { limit: '10' }],
    ['a text above 100 characters', { q: 'a'.repeat(101) }],
    ['an empty cursor', { cursor: '' }],
    ['a body that is a list', [{ platform: 'instagram' }]],
  ])('refuses %s with VALIDATION_FAILED and counts nothing', async (_label, body) => {
    const before = await readSearchCount(ctx, brand.advertiserId);
    const res = await search(ctx, brand.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await readSearchCount(ctx, brand.advertiserId)).toBe(before);
  });

  it('refuses forged, foreign and mismatched cursors with VALIDATION_FAILED on cursor', async () => {
    const country = privateCountry('X');
    for (let i = 0; i < 3; i += 1) {
      await createCreator(ctx, { country, instagram: { followersCount: 1000 + i } });
    }
    const first = await search(ctx, brand.token, { residence: [country], limit: 1 });
    const cursor: string = first.json().data.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const other = await createSearcher(ctx);

    const cases: { token: string; body: Record<string, unknown> }[] = [
      { token: brand.token, body: { residence: [country], cursor: 'not a cursor!' } },
      { token: brand.token, body: { residence: [country], cursor: 'bm90IGpzb24' } },
      { token: brand.token, body: { residence: [country], cursor: forged([1, 2]) } },
      { token: brand.token, body: { residence: [country], cursor: forged({ v: 1, id: 'x' }) } },
      { token: brand.token, body: { residence: [country], cursor: forged({ ...decoded, v: 0 }) } },
      {
        token: brand.token,
        body: { residence: [country], cursor: forged({ ...decoded, v: '1.5' }) },
      },
      // The same cursor with other filters, another order, or for another advertiser.
      { token: brand.token, body: { residence: [country], gender: 'F', cursor } },
      { token: brand.token, body: { residence: [country], order_by: 'avg_video_views', cursor } },
      { token: other.token, body: { residence: [country], cursor } },
    ];
    const before = await readSearchCount(ctx, brand.advertiserId);
    for (const { token, body } of cases) {
      const res = await search(ctx, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields).toEqual([{ field: 'cursor', message: expect.any(String) }]);
    }
    expect(await readSearchCount(ctx, brand.advertiserId)).toBe(before);
    expect(await readSearchCount(ctx, other.advertiserId)).toBe(0);
    // The same filters written in another order and spelling keep the cursor valid.
    const again = await search(ctx, brand.token, {
      residence: country.toLowerCase(),
      order_by: 'd.followers_count',
      limit: 1,
      cursor,
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('POST /v2/search/influencers: validated creators only', () => {
  it('leaves out a creator until their account is validated, and again once unvalidated', async () => {
    const country = privateCountry('X');
    const validated = await createCreator(ctx, {
      country,
      firstName: 'Ines',
      instagram: { followersCount: 2_000 },
    });
    const pending = await createCreator(ctx, {
      country,
      firstName: 'Ines',
      isValidated: false,
      instagram: { followersCount: 9_000 },
    });
    // Absent however it is looked for: filters, free text, next pages.
    expect(await searchIds(ctx, brand.token, { residence: [country] })).toEqual([
      validated.influencerId,
    ]);
    expect(await searchIds(ctx, brand.token, { residence: [country], q: 'ines' })).toEqual([
      validated.influencerId,
    ]);

    await setValidated(ctx, pending.userId, true);
    expect(await searchIds(ctx, brand.token, { residence: [country] })).toEqual([
      pending.influencerId,
      validated.influencerId,
    ]);
    expect(await searchIds(ctx, brand.token, { residence: [country], q: 'ines' })).toEqual([
      pending.influencerId,
      validated.influencerId,
    ]);

    await setValidated(ctx, pending.userId, false);
    expect(await searchIds(ctx, brand.token, { residence: [country] })).toEqual([
      validated.influencerId,
    ]);
  });
});

describe('POST /v2/search/influencers: filters', () => {
  it('searches Instagram by default and TikTok only among creators with a TikTok account', async () => {
    const country = privateCountry('X');
    const both = await createCreator(ctx, {
      country,
      tiktokUsername: 'both.tt',
      instagram: { followersCount: 5_000 },
      tiktok: { followersCount: 90_000 },
    });
    const igOnly = await createCreator(ctx, { country, instagram: { followersCount: 7_000 } });
    const ttOnly = await createCreator(ctx, {
      country,
      igUsername: null,
      tiktokUsername: 'only.tt',
      tiktok: { followersCount: 1_000 },
    });

    const instagram = await search(ctx, brand.token, { residence: [country] });
    const items = instagram.json().data.items;
    expect(items.map((c: { influencer_id: number }) => c.influencer_id)).toEqual([
      igOnly.influencerId,
      both.influencerId,
    ]);
    expect(items[1]).toMatchObject({ platform: 'instagram', followers_count: 5_000 });

    const tiktok = await search(ctx, brand.token, { residence: [country], platform: 'tiktok' });
    const tiktokItems = tiktok.json().data.items;
    expect(tiktokItems.map((c: { influencer_id: number }) => c.influencer_id)).toEqual([
      both.influencerId,
      ttOnly.influencerId,
    ]);
    expect(tiktokItems[0]).toMatchObject({
      platform: 'tiktok',
      followers_count: 90_000,
      size_band: 'micro',
    });
  });

  it('matches any of the chosen categories', async () => {
    const country = privateCountry('X');
    const [a, b] = categoryIds;
    const inA = await createCreator(ctx, { country, categories: [a] });
    const inB = await createCreator(ctx, { country, categories: [b] });
    const inBoth = await createCreator(ctx, { country, categories: [a, b] });
    await createCreator(ctx, { country, categories: [] });

    expect(
      sorted(await searchIds(ctx, brand.token, { residence: [country], categories: [a] })),
    ).toEqual(sorted([inA.influencerId, inBoth.influencerId]));
    expect(
      sorted(await searchIds(ctx, brand.token, { residence: [country], categories: [a, b] })),
    ).toEqual(sorted([inA.influencerId, inB.influencerId, inBoth.influencerId]));
    // A single value may come without a list, and as text (query-string style).
    expect(
      sorted(await searchIds(ctx, brand.token, { residence: [country], categories: String(b) })),
    ).toEqual(sorted([inB.influencerId, inBoth.influencerId]));
  });

  it('filters by gender and plain age bands, a legacy "45plus" being "45+"', async () => {
    const country = privateCountry('X');
    const woman18 = await createCreator(ctx, { country, gender: 'F', ageInterval: '18-25' });
    const man18 = await createCreator(ctx, { country, gender: 'M', ageInterval: '18-25' });
    const woman45 = await createCreator(ctx, { country, gender: 'F', ageInterval: '45plus' });
    await createCreator(ctx, { country, gender: null, ageInterval: null });

    expect(
      sorted(await searchIds(ctx, brand.token, { residence: [country], gender: 'F' })),
    ).toEqual(sorted([woman18.influencerId, woman45.influencerId]));
    expect(
      sorted(await searchIds(ctx, brand.token, { residence: [country], age: ['18-25'] })),
    ).toEqual(sorted([woman18.influencerId, man18.influencerId]));
    expect(
      sorted(
        await searchIds(ctx, brand.token, {
          residence: [country],
          gender: ['F', 'M'],
          age: '45plus',
        }),
      ),
    ).toEqual([woman45.influencerId]);
    expect(
      sorted(
        await searchIds(ctx, brand.token, {
          residence: [country],
          gender: ['M'],
          age: ['18-25', '45+'],
        }),
      ),
    ).toEqual([man18.influencerId]);
    const card = (await search(ctx, brand.token, { residence: [country], age: '45+' })).json().data
      .items[0];
    expect(card.age_intervale).toBe('45+');
  });

  it('ties age bands to a gender: women 18-25 and men 25-35', async () => {
    const country = privateCountry('X');
    const woman18 = await createCreator(ctx, { country, gender: 'F', ageInterval: '18-25' });
    await createCreator(ctx, { country, gender: 'F', ageInterval: '25-35' });
    await createCreator(ctx, { country, gender: 'M', ageInterval: '18-25' });
    const man25 = await createCreator(ctx, { country, gender: 'M', ageInterval: '25-35' });

    expect(
      sorted(
        await searchIds(ctx, brand.token, {
          residence: [country],
          gender: ['F', 'M'],
          age: ['F:18-25', 'M:25-35'],
        }),
      ),
    ).toEqual(sorted([woman18.influencerId, man25.influencerId]));
    // A plain band next to a tied one matches every chosen gender.
    const woman25 = await createCreator(ctx, { country, gender: 'F', ageInterval: '35-45' });
    const man35 = await createCreator(ctx, { country, gender: 'M', ageInterval: '35-45' });
    expect(
      sorted(
        await searchIds(ctx, brand.token, {
          residence: [country],
          gender: ['F', 'M'],
          age: ['F:18-25', '35-45'],
        }),
      ),
    ).toEqual(sorted([woman18.influencerId, woman25.influencerId, man35.influencerId]));
    // A band tied to a gender that is not chosen matches nobody.
    expect(
      await searchIds(ctx, brand.token, { residence: [country], gender: ['F'], age: ['M:25-35'] }),
    ).toEqual([]);
  });

  it('filters by country of origin and of residence, and by city per country', async () => {
    const home = privateCountry('X');
    const abroad = privateCountry('X');
    const tunis = await createCreator(ctx, { country: home, city: 'Tunis', countryOfOrigin: home });
    const sfax = await createCreator(ctx, { country: home, city: 'Sfax', countryOfOrigin: abroad });
    const paris = await createCreator(ctx, {
      country: abroad,
      city: 'Paris',
      countryOfOrigin: home,
    });
    const lyon = await createCreator(ctx, {
      country: abroad,
      city: 'Lyon',
      countryOfOrigin: abroad,
    });
    const both = [home, abroad];

    expect(sorted(await searchIds(ctx, brand.token, { residence: [home] }))).toEqual(
      sorted([tunis.influencerId, sfax.influencerId]),
    );
    expect(sorted(await searchIds(ctx, brand.token, { residence: both, origin: [home] }))).toEqual(
      sorted([tunis.influencerId, paris.influencerId]),
    );
    // Cities chosen for one country; the other country keeps all its cities.
    expect(
      sorted(await searchIds(ctx, brand.token, { residence: both, city: { [home]: ['Tunis'] } })),
    ).toEqual(sorted([tunis.influencerId, paris.influencerId, lyon.influencerId]));
    expect(
      sorted(
        await searchIds(ctx, brand.token, {
          residence: both,
          city: { [home]: ['Sfax'], [abroad.toLowerCase()]: ['Lyon', 'Paris'] },
        }),
      ),
    ).toEqual(sorted([sfax.influencerId, paris.influencerId, lyon.influencerId]));
    // A country named only through its cities is a chosen residence; an empty list is none.
    expect(
      sorted(
        await searchIds(ctx, brand.token, {
          city: { [abroad]: ['Lyon'], [home]: [] },
          origin: both,
        }),
      ),
    ).toEqual([lyon.influencerId]);
  });

  it('puts 9,999 followers in nano and 10,000 in micro (spec §9)', async () => {
    const country = privateCountry('X');
    const ids: Record<number, number> = {};
    for (const followers of [
      0, 9_999, 10_000, 99_999, 100_000, 299_999, 300_000, 499_999, 500_000,
    ]) {
      ids[followers] = (
        await createCreator(ctx, { country, instagram: { followersCount: followers } })
      ).influencerId;
    }
    const band = (followersCount: string | string[]) =>
      searchIds(ctx, brand.token, { residence: [country], followersCount });
    expect(await band('nano')).toEqual([ids[9_999], ids[0]]);
    expect(await band('micro')).toEqual([ids[99_999], ids[10_000]]);
    expect(await band('mid-tier')).toEqual([ids[299_999], ids[100_000]]);
    expect(await band('macro')).toEqual([ids[499_999], ids[300_000]]);
    expect(await band('mega')).toEqual([ids[500_000]]);
    expect(await band(['nano', 'mega'])).toEqual([ids[500_000], ids[9_999], ids[0]]);
    // In another order the band is read from its generated column: the same edges.
    for (const size of ['nano', 'micro', 'mid-tier', 'macro', 'mega']) {
      const byViews = await searchIds(ctx, brand.token, {
        residence: [country],
        followersCount: size,
        order_by: 'avg_video_views',
      });
      expect(byViews.sort(), size).toEqual((await band(size)).sort());
    }
    const cards = (await search(ctx, brand.token, { residence: [country] })).json().data.items;
    expect(cards.map((c: { size_band: string }) => c.size_band)).toEqual([
      'mega',
      'macro',
      'macro',
      'mid-tier',
      'mid-tier',
      'micro',
      'micro',
      'nano',
      'nano',
    ]);
  });

  it('puts an engagement rate of 1 in 1-3 and 0.99 in 0.5-1', async () => {
    const country = privateCountry('X');
    const rate = async (engagementRate: string) =>
      (await createCreator(ctx, { country, instagram: { engagementRate } })).influencerId;
    const r049 = await rate('0.49');
    const r050 = await rate('0.50');
    const r099 = await rate('0.99');
    const r100 = await rate('1.00');
    const r299 = await rate('2.99');
    const r300 = await rate('3.00');
    const r1000 = await rate('10.00');
    const band = (engagementRate: string | string[]) =>
      searchIds(ctx, brand.token, {
        residence: [country],
        engagementRate,
        order_by: 'engagement_rate',
      });
    expect(await band('0.5-1')).toEqual([r099, r050]);
    expect(await band('1-3')).toEqual([r299, r100]);
    expect(await band('3-6')).toEqual([r300]);
    expect(await band('10+')).toEqual([r1000]);
    expect(await band(['0.5-1', '10+'])).toEqual([r1000, r099, r050]);
    // In another order the band is read from its generated column: the same edges.
    for (const engagementRate of ['0.5-1', '1-3', '3-6', '10+']) {
      const byFollowers = await searchIds(ctx, brand.token, {
        residence: [country],
        engagementRate,
      });
      expect(byFollowers.sort(), engagementRate).toEqual((await band(engagementRate)).sort());
    }
    expect(
      await searchIds(ctx, brand.token, { residence: [country], engagementRate: '6-10' }),
    ).toEqual([]);
    expect(r049).toBeGreaterThan(0);
  });

  it('puts 4,999 persons reached in 0-5k and 5,000 in 5k-10k', async () => {
    const country = privateCountry('X');
    const reach = async (personsReached: number) =>
      (
        await createCreator(ctx, {
          country,
          instagram: { personsReached, followersCount: personsReached },
        })
      ).influencerId;
    const p0 = await reach(0);
    const p4999 = await reach(4_999);
    const p5000 = await reach(5_000);
    const p9999 = await reach(9_999);
    const p10000 = await reach(10_000);
    const p100000 = await reach(100_000);
    const band = (personReached: string | string[]) =>
      searchIds(ctx, brand.token, { residence: [country], personReached });
    expect(await band('0-5k')).toEqual([p4999, p0]);
    expect(await band('5k-10k')).toEqual([p9999, p5000]);
    expect(await band('10k-50k')).toEqual([p10000]);
    expect(await band('100k+')).toEqual([p100000]);
  });

  it('combines filters with AND and the values of one filter with OR', async () => {
    const country = privateCountry('X');
    const [a, b] = categoryIds;
    const match = await createCreator(ctx, {
      country,
      city: 'Sousse',
      gender: 'F',
      ageInterval: '25-35',
      categories: [a],
      instagram: { followersCount: 50_000, engagementRate: '4.20', personsReached: 20_000 },
    });
    const alsoMatch = await createCreator(ctx, {
      country,
      city: 'Sousse',
      gender: 'M',
      ageInterval: '25-35',
      categories: [b],
      instagram: { followersCount: 150_000, engagementRate: '1.50', personsReached: 60_000 },
    });
    // Each of these misses exactly one filter.
    await createCreator(ctx, {
      country,
      city: 'Sfax',
      gender: 'F',
      ageInterval: '25-35',
      categories: [a],
      instagram: { followersCount: 50_000, engagementRate: '4.20', personsReached: 20_000 },
    });
    await createCreator(ctx, {
      country,
      city: 'Sousse',
      gender: 'F',
      ageInterval: '18-25',
      categories: [a],
      instagram: { followersCount: 50_000, engagementRate: '4.20', personsReached: 20_000 },
    });
    await createCreator(ctx, {
      country,
      city: 'Sousse',
      gender: 'F',
      ageInterval: '25-35',
      categories: [a],
      instagram: { followersCount: 5_000, engagementRate: '4.20', personsReached: 20_000 },
    });
    await createCreator(ctx, {
      country,
      city: 'Sousse',
      gender: 'F',
      ageInterval: '25-35',
      categories: [a],
      instagram: { followersCount: 50_000, engagementRate: '0.60', personsReached: 20_000 },
    });
    await createCreator(ctx, {
      country,
      city: 'Sousse',
      gender: 'F',
      ageInterval: '25-35',
      categories: [a],
      instagram: { followersCount: 50_000, engagementRate: '4.20', personsReached: 2_000 },
    });

    const ids = await searchIds(ctx, brand.token, {
      residence: [country],
      city: { [country]: ['Sousse'] },
      categories: [a, b],
      gender: ['F', 'M'],
      age: ['25-35'],
      followersCount: ['micro', 'mid-tier'],
      engagementRate: ['1-3', '3-6'],
      personReached: ['10k-50k', '50k-100k'],
    });
    expect(ids).toEqual([alsoMatch.influencerId, match.influencerId]);
  });
});

describe('POST /v2/search/influencers: free text', () => {
  let country: string;
  let eleonore: number;
  let ahmed: number;
  let yasmine: number;
  let mariem: number;

  beforeAll(async () => {
    country = privateCountry('X');
    eleonore = (
      await createCreator(ctx, {
        country,
        firstName: 'Éléonore',
        lastName: 'Ben Sâlah',
        igUsername: 'leo.creates',
      })
    ).influencerId;
    ahmed = (
      await createCreator(ctx, {
        country,
        firstName: 'أحمد',
        lastName: 'المدرسة',
        igUsername: 'ahmed.tn',
      })
    ).influencerId;
    yasmine = (
      await createCreator(ctx, {
        country,
        firstName: 'Yasmine',
        lastName: 'Trabelsi',
        igUsername: 'yasmine_cooks',
      })
    ).influencerId;
    mariem = (
      await createCreator(ctx, {
        country,
        firstName: 'مَرْيَم',
        lastName: 'Kefi',
        igUsername: 'mariem.k',
      })
    ).influencerId;
  });

  const find = (q: string) => searchIds(ctx, brand.token, { residence: [country], q });

  it('ignores case and accents', async () => {
    expect(await find('eleonore')).toEqual([eleonore]);
    expect(await find('ELEONORE BEN SALAH')).toEqual([eleonore]);
    expect(await find('sâlah')).toEqual([eleonore]);
  });

  it('folds Arabic: hamza forms of alef, teh marbuta, tashkeel and tatweel', async () => {
    expect(await find('احمد')).toEqual([ahmed]);
    expect(await find('أحمد')).toEqual([ahmed]);
    expect(await find('المدرسه')).toEqual([ahmed]);
    expect(await find('أحـــمد')).toEqual([ahmed]);
    expect(await find('مريم')).toEqual([mariem]);
  });

  it('forgives small typos', async () => {
    expect(await find('trablesi')).toEqual([yasmine]);
    expect(await find('yasmin')).toEqual([yasmine]);
    expect(await find('yasmine trabelsy')).toEqual([yasmine]);
  });

  it('finds usernames and pieces of them, with or without @', async () => {
    expect(await find('@yasmine_cooks')).toEqual([yasmine]);
    expect(await find('cooks')).toEqual([yasmine]);
    expect(await find('mariem.k')).toEqual([mariem]);
  });

  it('finds nothing for unrelated text, and treats % and _ literally', async () => {
    expect(await find('zzqqxx')).toEqual([]);
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([yasmine]);
  });

  // A page the walk in order fills is read from it, a short one from the trigram index: the
  // pages must join up in the order either way.
  it('pages through matches in the order, without duplicates or gaps', async () => {
    const local = privateCountry('X');
    const followers = [5_000, 12_000, 1_000, 9_000, 3_000];
    const named: number[] = [];
    for (const [i, followersCount] of followers.entries()) {
      named.push(
        (
          await createCreator(ctx, {
            country: local,
            firstName: 'Ouassila',
            igUsername: `ouassila.${i}`,
            instagram: { followersCount },
          })
        ).influencerId,
      );
      // Others between them in the order, which the text leaves out.
      await createCreator(ctx, {
        country: local,
        instagram: { followersCount: followersCount + 1 },
      });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: Record<string, unknown> = { residence: [local], q: 'ouassila', limit: 2 };
      if (cursor) body.cursor = cursor;
      const res = await search(ctx, brand.token, body);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data.items.map((c: { influencer_id: number }) => c.influencer_id));
      cursor = res.json().data.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([named[1], named[3], named[0], named[4], named[2]]);
    expect(pages).toBe(3);
  });
});

describe('POST /v2/search/influencers: order and pages', () => {
  let country: string;
  let ids: number[];

  beforeAll(async () => {
    country = privateCountry('X');
    ids = [];
    const figures = [
      { followersCount: 3_000, avgVideoViews: 900, engagementRate: '2.10' },
      { followersCount: 8_000, avgVideoViews: 100, engagementRate: '5.00' },
      { followersCount: 8_000, avgVideoViews: 700, engagementRate: '0.70' },
      { followersCount: 1_000, avgVideoViews: 700, engagementRate: '5.00' },
      { followersCount: 20_000, avgVideoViews: 50, engagementRate: '9.99' },
    ];
    for (const instagram of figures) {
      ids.push((await createCreator(ctx, { country, instagram })).influencerId);
    }
  });

  const order = (id: (i: number) => number, indexes: number[]) => indexes.map(id);

  it('orders by followers by default, then by id, both descending', async () => {
    const byId = (i: number) => ids[i]!;
    expect(await searchIds(ctx, brand.token, { residence: [country] })).toEqual(
      order(byId, [4, 2, 1, 0, 3]),
    );
    expect(
      await searchIds(ctx, brand.token, { residence: [country], order_by: 'd.followers_count' }),
    ).toEqual(order(byId, [4, 2, 1, 0, 3]));
  });

  it('orders by average video views and by engagement rate', async () => {
    const byId = (i: number) => ids[i]!;
    expect(
      await searchIds(ctx, brand.token, { residence: [country], order_by: 'avg_video_views' }),
    ).toEqual(order(byId, [0, 3, 2, 1, 4]));
    expect(
      await searchIds(ctx, brand.token, { residence: [country], order_by: 'engagement_rate' }),
    ).toEqual(order(byId, [4, 3, 1, 0, 2]));
  });

  it('pages every order with the cursor, without duplicates or gaps', async () => {
    for (const orderBy of ['followers_count', 'avg_video_views', 'engagement_rate'] as const) {
      const whole = await searchIds(ctx, brand.token, { residence: [country], order_by: orderBy });
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body: Record<string, unknown> = { residence: [country], order_by: orderBy, limit: 2 };
        if (cursor) body.cursor = cursor;
        const res = await search(ctx, brand.token, body);
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        seen.push(...data.items.map((c: { influencer_id: number }) => c.influencer_id));
        cursor = data.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen).toEqual(whole);
      expect(pages).toBe(3);
    }
  });

  it('orders bands of one figure by another, one band or several, page after page', async () => {
    // Several bands of another figure than the order are read band by band and merged.
    const cases = [
      {
        filters: { followersCount: ['nano'] },
        order_by: 'avg_video_views',
        expected: [0, 3, 2, 1],
      },
      {
        filters: { followersCount: ['nano', 'micro'] },
        order_by: 'avg_video_views',
        expected: [0, 3, 2, 1, 4],
      },
      {
        filters: { followersCount: ['nano', 'micro'] },
        order_by: 'engagement_rate',
        expected: [4, 3, 1, 0, 2],
      },
      {
        filters: { engagementRate: ['0.5-1', '1-3', '3-6', '6-10'] },
        order_by: 'followers_count',
        expected: [4, 2, 1, 0, 3],
      },
      {
        filters: { engagementRate: ['0.5-1', '3-6'] },
        order_by: 'avg_video_views',
        expected: [3, 2, 1],
      },
      {
        filters: { personReached: ['0-5k', '100k+'], followersCount: ['micro', 'nano'] },
        order_by: 'engagement_rate',
        expected: [4, 3, 1, 0, 2],
      },
      {
        filters: { q: 'test', followersCount: ['nano', 'micro'] },
        order_by: 'avg_video_views',
        expected: [0, 3, 2, 1, 4],
      },
    ] as const;
    for (const { filters, order_by, expected } of cases) {
      const body = { residence: [country], order_by, ...filters };
      expect(await searchIds(ctx, brand.token, body), JSON.stringify(filters)).toEqual(
        expected.map((i) => ids[i]!),
      );
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 5 && (pages === 0 || cursor); pages += 1) {
        const res = await search(ctx, brand.token, {
          ...body,
          limit: 2,
          cursor: cursor ?? undefined,
        });
        const data: SearchPage = res.json().data;
        seen.push(...data.items.map((c: { influencer_id: number }) => c.influencer_id));
        cursor = data.next_cursor;
      }
      expect(seen).toEqual(expected.map((i) => ids[i]!));
    }
  });

  it('gives no next cursor when the last page is exactly full', async () => {
    const res = await search(ctx, brand.token, { residence: [country], limit: 5 });
    expect(res.json().data.items).toHaveLength(5);
    expect(res.json().data.next_cursor).toBeNull();
  });

  it('uses the default page size', async () => {
    const res = await search(ctx, brand.token, { residence: [country] });
    expect(res.json().data.items.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
  });

  it('keeps unchanged creators exactly once when figures change between pages', async () => {
    const local = privateCountry('X');
    const created: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      created.push(
        (
          await createCreator(ctx, {
            country: local,
            instagram: { followersCount: 1_000 * (i + 1) },
          })
        ).influencerId,
      );
    }
    // Descending: created[7] (8,000) … created[0] (1,000).
    const first = await search(ctx, brand.token, { residence: [local], limit: 3 });
    const firstIds = first.json().data.items.map((c: { influencer_id: number }) => c.influencer_id);
    expect(firstIds).toEqual([created[7], created[6], created[5]]);
    // One creator of the next pages jumps to the top, one of the first page drops to the bottom.
    await setStats(ctx, created[2]!, 'instagram', { followersCount: 50_000 });
    await setStats(ctx, created[6]!, 'instagram', { followersCount: 10 });

    const rest: number[] = [];
    let cursor: string | null = first.json().data.next_cursor;
    while (cursor) {
      const res = await search(ctx, brand.token, { residence: [local], limit: 3, cursor });
      rest.push(...res.json().data.items.map((c: { influencer_id: number }) => c.influencer_id));
      cursor = res.json().data.next_cursor;
    }
    const seen = [...firstIds, ...rest];
    const unchanged = created.filter((id) => id !== created[2] && id !== created[6]);
    for (const id of unchanged) expect(seen.filter((s) => s === id)).toHaveLength(1);
    // The creator who dropped below the cursor is met again further down; nothing is skipped.
    expect(rest).toEqual([created[4], created[3], created[1], created[0], created[6]]);
  });
});

describe('POST /v2/search/influencers: cards', () => {
  it('carries public fields only, with labels in the asked language and the heart', async () => {
    const country = privateCountry('X');
    const [a] = categoryIds;
    const creator = await createCreator(ctx, {
      country,
      city: 'Tunis',
      firstName: 'Amira',
      lastName: 'Ben Salah',
      igUsername: 'amira.bs',
      tiktokUsername: 'amira.tt',
      gender: 'F',
      ageInterval: '25-35',
      categories: [a],
      instagram: {
        followersCount: 48_500,
        postsCount: 412,
        avgLikes: 2_910,
        avgComments: 134,
        avgVideoViews: 18_700,
        engagementRate: '6.28',
        personsReached: 31_200,
        source: 'verified',
      },
      private: true,
    });
    const picture = await createFile(ctx, creator.userId);
    await ctx.database.db
      .update(users)
      .set({ profileFileId: picture.fileId })
      .where(eq(users.id, creator.userId));
    await ctx.app.inject({
      method: 'POST',
      url: '/v2/favorites/toggle',
      headers: auth(brand.token),
      payload: { influencer_id: creator.influencerId },
    });
    // The creator's own 30 s price; the other lengths stay at their band's suggested price.
    const priced = await ctx.app.inject({
      method: 'PUT',
      url: '/v2/influencer/prices',
      headers: auth(creator.token),
      payload: { prices: { '15': null, '30': 120_000, '60': null } },
    });
    expect(priced.statusCode).toBe(200);
    const settings = createSettingsModule({ db: ctx.database.db }).reader;
    const suggested = (duration: 15 | 60) =>
      settings.get(ctx.database.db, suggestedPriceSettingKey('micro', duration));
    const [label] = await ctx.database.db
      .select()
      .from(categoriesTable)
      .where(eq(categoriesTable.id, a));

    const res = await search(
      ctx,
      brand.token,
      { residence: [country] },
      { 'accept-language': 'ar' },
    );
    expect(res.statusCode).toBe(200);
    const card = res.json().data.items[0];
    expect(influencerCardSchema.strict().parse(card)).toEqual(card);
    expect(card).toEqual({
      influencer_id: creator.influencerId,
      influencer_name: 'amira.bs',
      first_name: 'Amira',
      last_name: 'Ben Salah',
      ig_username: 'amira.bs',
      tiktok_username: 'amira.tt',
      efile: {
        file_id: picture.fileId,
        token: picture.token,
        file_extension: picture.extension,
        original_name: `picture.${picture.extension}`,
      },
      categories: [{ category_id: a, label: label?.labelAr }],
      gender: 'F',
      age_intervale: '25-35',
      country,
      city: 'Tunis',
      country_of_origin: country,
      platform: 'instagram',
      size_band: 'micro',
      followers_count: 48_500,
      posts_count: 412,
      avg_likes: 2_910,
      avg_comments: 134,
      avg_video_views: 18_700,
      engagement_rate: 6.28,
      persons_reached: 31_200,
      stats_source: 'verified',
      stats_updated_at: expect.any(String),
      is_favorite: true,
      prices: { '15': await suggested(15), '30': 120_000, '60': await suggested(60) },
    });
    const keys = keysOf(res.json());
    for (const key of privateKeys) expect(keys.has(key), key).toBe(false);

    const french = await search(
      ctx,
      brand.token,
      { residence: [country] },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(french.json().data.items[0].categories).toEqual([
      { category_id: a, label: label?.labelFr },
    ]);
    // Another advertiser sees no heart.
    const other = await createSearcher(ctx);
    const theirs = await search(ctx, other.token, { residence: [country] });
    expect(theirs.json().data.items[0].is_favorite).toBe(false);
  });

  it('shows zeros and no source for a creator without figures on the platform', async () => {
    const country = privateCountry('X');
    const creator = await createCreator(ctx, { country });
    const [card] = (await search(ctx, brand.token, { residence: [country] })).json().data.items;
    expect(card).toMatchObject({
      influencer_id: creator.influencerId,
      followers_count: 0,
      engagement_rate: 0,
      size_band: 'nano',
      stats_source: null,
      stats_updated_at: null,
    });
  });

  it('follows profile edits made after sign-up (the search table is kept by triggers)', async () => {
    const country = privateCountry('X');
    const moved = privateCountry('X');
    const creator = await createCreator(ctx, { country, firstName: 'Nour' });
    expect(await searchIds(ctx, brand.token, { residence: [country], q: 'nour' })).toEqual([
      creator.influencerId,
    ]);
    await ctx.database.db
      .update(influencers)
      .set({ country: moved, firstName: 'Sirine' })
      .where(eq(influencers.id, creator.influencerId));
    expect(await searchIds(ctx, brand.token, { residence: [country] })).toEqual([]);
    expect(await searchIds(ctx, brand.token, { residence: [moved], q: 'sirine' })).toEqual([
      creator.influencerId,
    ]);
  });
});

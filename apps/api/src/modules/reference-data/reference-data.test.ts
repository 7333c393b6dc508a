import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedReferenceData } from './index.js';
import { resolveReferenceLanguage } from './reference-data.routes.js';

describe('reference data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  describe('GET /v2/category/find', () => {
    it('lists the spec categories in English without a token', async () => {
      const res = await get('/v2/category/find');
      expect(res.statusCode).toBe(200);
      const { data } = res.json() as { data: { category_id: number; label: string }[] };
      const labels = data.map((c) => c.label);
      for (const name of [
        'Artist',
        'Actor',
        'Sport',
        'Tech',
        'Beauty/Fashion',
        'Food',
        'Gaming',
        'Music',
        'Travel',
      ]) {
        expect(labels).toContain(name);
      }
      expect(data.length).toBeGreaterThanOrEqual(18);
      expect(data.find((c) => c.label === 'Artist')?.category_id).toBe(1);
      expect(new Set(data.map((c) => c.category_id)).size).toBe(data.length);
    });

    it('speaks French with ?lang=fr and Arabic with Accept-Language tn', async () => {
      const fr = (await get('/v2/category/find?lang=fr')).json().data;
      expect(fr.find((c: { category_id: number }) => c.category_id === 8).label).toBe('Musique');
      const ar = (await get('/v2/category/find', { 'accept-language': 'tn' })).json().data;
      expect(ar.find((c: { category_id: number }) => c.category_id === 8).label).toBe('موسيقى');
    });

    it('refuses an unknown language value', async () => {
      const res = await get('/v2/category/find?lang=de');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('seeding again changes nothing (idempotent upsert)', async () => {
      const before = (await get('/v2/category/find')).json().data;
      await seedReferenceData(ctx.database.db);
      await seedReferenceData(ctx.database.db);
      expect((await get('/v2/category/find')).json().data).toEqual(before);
    });
  });

  describe('GET /v2/business-sector/find', () => {
    it('lists sectors in the asked language, Other last', async () => {
      const en = (await get('/v2/business-sector/find')).json().data;
      expect(en.length).toBeGreaterThanOrEqual(15);
      expect(en.at(-1)).toMatchObject({ label: 'Other' });
      expect(en[0]).toEqual({ business_sector_id: expect.any(Number), label: expect.any(String) });
      const ar = (await get('/v2/business-sector/find?lang=ar')).json().data;
      expect(ar.at(-1).label).toBe('أخرى');
      const fr = (
        await get('/v2/business-sector/find', { 'accept-language': 'fr-FR,fr;q=0.9' })
      ).json().data;
      expect(fr.at(-1).label).toBe('Autre');
    });
  });

  describe('GET /v2/country/find', () => {
    it('puts Tunisia first with its flag, prefix and region', async () => {
      const res = await get('/v2/country/find');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.length).toBeGreaterThan(240);
      expect(data[0]).toEqual({
        label: 'Tunisia',
        value: 'TN',
        iso_3: 'TUN',
        icon: '🇹🇳',
        prefix: '+216',
        region: 'Africa',
        sub_region: 'Northern Africa',
      });
      const france = data.find((c: { value: string }) => c.value === 'FR');
      expect(france).toMatchObject({ label: 'France', prefix: '+33', iso_3: 'FRA' });
      expect(data.find((c: { value: string }) => c.value === 'US').prefix).toBe('+1');
    });

    it('sorts the rest by label in the asked language', async () => {
      const fr = (await get('/v2/country/find?lang=fr')).json().data as { label: string }[];
      expect(fr[0]!.label).toBe('Tunisie');
      const rest = fr.slice(1).map((c) => c.label);
      const collator = new Intl.Collator('fr', { sensitivity: 'base' });
      expect(rest).toEqual([...rest].sort(collator.compare));
      expect(rest).toContain('Allemagne');
      const ar = (await get('/v2/country/find?lang=tn')).json().data as { label: string }[];
      expect(ar[0]!.label).toBe('تونس');
    });
  });

  describe('GET /v2/country/states/:country', () => {
    it('gives the 24 Tunisian governorates, localized', async () => {
      const en = (await get('/v2/country/states/TN')).json().data as {
        isoCode: string;
        name: string;
      }[];
      expect(en).toHaveLength(24);
      expect(en).toContainEqual({ isoCode: '11', name: 'Tunis' });
      expect(en).toContainEqual({ isoCode: '21', name: 'Nabeul' });
      expect(en).toContainEqual({ isoCode: '31', name: 'Béja' });
      const ar = (await get('/v2/country/states/tn?lang=ar')).json().data;
      expect(ar).toHaveLength(24);
      expect(ar).toContainEqual({ isoCode: '11', name: 'تونس' });
      const fr = (await get('/v2/country/states/TN', { 'accept-language': 'fr' })).json().data;
      expect(fr).toContainEqual({ isoCode: '12', name: 'Ariana' });
      expect(fr).toContainEqual({ isoCode: '73', name: 'Kébili' });
    });

    it('lists subdivisions of other countries', async () => {
      const res = await get('/v2/country/states/FR');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(10);
    });

    it('answers 404 for an unknown country and 400 for a malformed one', async () => {
      const unknown = await get('/v2/country/states/ZZ');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('NOT_FOUND');
      const malformed = await get('/v2/country/states/TUNISIA');
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('GET /v2/country/states/:country/:state/cities', () => {
    it('lists cities of every Tunisian governorate (Tunis included)', async () => {
      const states = (await get('/v2/country/states/TN')).json().data as { isoCode: string }[];
      for (const state of states) {
        const res = await get(`/v2/country/states/TN/${state.isoCode}/cities`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.length).toBeGreaterThan(0);
      }
      const tunis = (await get('/v2/country/states/TN/11/cities')).json().data;
      expect(tunis).toContainEqual({ name: 'Tunis' });
      expect(tunis).toContainEqual({ name: 'Carthage' });
    });

    it('lists cities elsewhere and 404s an unknown state or country', async () => {
      const paris = await get('/v2/country/states/FR/IDF/cities');
      expect(paris.statusCode).toBe(200);
      expect(paris.json().data).toContainEqual({ name: 'Paris' });
      expect((await get('/v2/country/states/TN/99/cities')).statusCode).toBe(404);
      expect((await get('/v2/country/states/ZZ/11/cities')).statusCode).toBe(404);
    });
  });

  describe('GET /v2/reference/enums', () => {
    it('gives every choice list with labels and bands', async () => {
      const res = await get('/v2/reference/enums');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.genders).toEqual([
        { value: 'F', label: 'Female' },
        { value: 'M', label: 'Male' },
      ]);
      expect(data.age_intervals.map((a: { value: string }) => a.value)).toEqual([
        '18-25',
        '25-35',
        '35-45',
        '45+',
      ]);
      expect(data.platforms.map((p: { value: string }) => p.value)).toEqual([
        'instagram',
        'tiktok',
      ]);
      expect(data.engagement_bands.map((b: { value: string }) => b.value)).toEqual([
        '0.5-1',
        '1-3',
        '3-6',
        '6-10',
        '10+',
      ]);
      expect(data.community_bands.map((b: { value: string }) => b.value)).toEqual([
        '0-5k',
        '5k-10k',
        '10k-50k',
        '50k-100k',
        '100k+',
      ]);
      expect(data.size_bands[0]).toEqual({
        value: 'nano',
        label: 'Nano (0 - 9,999)',
        min: 0,
        max: 10_000,
      });
      expect(data.size_bands.at(-1)).toMatchObject({ value: 'mega', min: 500_000, max: null });
      expect(data.community_bands[1]).toMatchObject({ min: 5_000, max: 10_000 });
    });

    it('translates labels', async () => {
      const fr = (await get('/v2/reference/enums?lang=fr')).json().data;
      expect(fr.genders[0].label).toBe('Femme');
      expect(fr.age_intervals[3].label).toBe('45 ans et plus');
      const ar = (await get('/v2/reference/enums?lang=tn')).json().data;
      expect(ar.genders[1].label).toBe('ذكر');
    });
  });
});

describe('resolveReferenceLanguage', () => {
  it('prefers ?lang, then the best Accept-Language we speak, else English', () => {
    expect(resolveReferenceLanguage('fr', 'ar')).toBe('fr');
    expect(resolveReferenceLanguage('tn', undefined)).toBe('ar');
    expect(resolveReferenceLanguage(undefined, 'de-DE,fr;q=0.8,ar;q=0.9')).toBe('ar');
    expect(resolveReferenceLanguage(undefined, 'de, es;q=0.5')).toBe('en');
    expect(resolveReferenceLanguage(undefined, 'fr;q=0, ar;q=0.1')).toBe('ar');
    expect(resolveReferenceLanguage(undefined, undefined)).toBe('en');
  });
});

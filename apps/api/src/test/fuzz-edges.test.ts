import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvertiser, type TestUser } from '../modules/users/test-users.js';
import { createTestContext, uniqueEmail, type TestContext } from './harness.js';

/**
 * Values PostgreSQL refuses with an error (an id above its `integer` range, a NUL character
 * in text) must be refused by the contracts first: 400 VALIDATION_FAILED, never a 500.
 */
const TOO_BIG_ID = 2_147_483_648;
const NUL = 'a\u0000b';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  /** Sent without a bearer token (sign-up). */
  anonymous?: boolean;
}

const cases: Case[] = [
  // Shortlists
  { name: 'shortlist read, id too big', method: 'GET', url: `/v2/short-lists/${TOO_BIG_ID}` },
  {
    name: 'shortlist rename, id too big',
    method: 'PATCH',
    url: `/v2/short-lists/${TOO_BIG_ID}`,
    payload: { name: 'x' },
  },
  { name: 'shortlist delete, id too big', method: 'DELETE', url: `/v2/short-lists/${TOO_BIG_ID}` },
  {
    name: 'shortlist add, creator id too big',
    method: 'PUT',
    url: `/v2/short-lists/1/influencers/${TOO_BIG_ID}`,
  },
  {
    name: 'shortlist remove, id far too big',
    method: 'DELETE',
    url: '/v2/short-lists/99999999999999999999/influencers/1',
  },
  {
    name: 'shortlist create, NUL in name',
    method: 'POST',
    url: '/v2/short-lists',
    payload: { name: NUL },
  },
  // Favourites
  {
    name: 'favourite toggle, id too big',
    method: 'POST',
    url: '/v2/favorites/toggle',
    payload: { influencer_id: TOO_BIG_ID },
  },
  {
    name: 'favourite toggle, id as a huge string',
    method: 'POST',
    url: '/v2/favorites/toggle',
    payload: { influencer_id: '2147483648' },
  },
  // Public profile
  {
    name: 'public profile, id too big',
    method: 'GET',
    url: `/v2/influencers/${TOO_BIG_ID}/profile`,
  },
  // Search
  {
    name: 'search, NUL in free text',
    method: 'POST',
    url: '/v2/search/influencers',
    payload: { q: NUL },
  },
  {
    name: 'search, category id too big',
    method: 'POST',
    url: '/v2/search/influencers',
    payload: { categories: [TOO_BIG_ID] },
  },
  {
    name: 'search, NUL in a city',
    method: 'POST',
    url: '/v2/search/influencers',
    payload: { residence: ['TN'], city: { TN: [NUL] } },
  },
  // Sign-up
  {
    name: 'sign-up, NUL in the brand name',
    method: 'POST',
    url: '/v2/auth/register',
    anonymous: true,
    payload: {
      role: 'BRAND',
      email: 'nul.brand@test.clipmarket.tn',
      password: 'Secret12',
      name: NUL,
    },
  },
  {
    name: 'sign-up, NUL in a first name',
    method: 'POST',
    url: '/v2/auth/register',
    anonymous: true,
    payload: {
      role: 'TALENT',
      email: 'nul.talent@test.clipmarket.tn',
      password: 'Secret12',
      first_name: NUL,
    },
  },
  // Contact us
  {
    name: 'contact-us, NUL in the subject',
    method: 'POST',
    url: '/v2/support/contact',
    payload: { subject: NUL, body: 'Hello' },
  },
  {
    name: 'contact-us, NUL in the body',
    method: 'POST',
    url: '/v2/support/contact',
    payload: { subject: 'Hi', body: NUL },
  },
  // Elsewhere
  { name: 'notification read, NUL in the hash', method: 'GET', url: '/v2/notification/a%00b/read' },
  {
    name: 'user click, NUL in the module',
    method: 'POST',
    url: '/v2/user-click/create',
    payload: { module: NUL, click: 'x' },
  },
  {
    name: 'user click, creator id too big',
    method: 'POST',
    url: '/v2/user-click/create',
    payload: { module: 'm', click: 'x', influencer_id: TOO_BIG_ID },
  },
  {
    name: 'private media URL, id too big',
    method: 'GET',
    url: `/v2/media/private-url?file_id=${TOO_BIG_ID}`,
  },
];

describe('edge values never reach PostgreSQL (400, not 500)', () => {
  let ctx: TestContext;
  let brand: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    brand = await createAdvertiser(ctx);
  });
  afterAll(() => ctx.close());

  it.each(cases)('$name → 400 VALIDATION_FAILED', async ({ method, url, payload, anonymous }) => {
    const res = await ctx.app.inject({
      method,
      url,
      ...(payload ? { payload: { ...payload } } : {}),
      headers: anonymous ? {} : { authorization: `Bearer ${brand.token}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('keeps the shared messages on a NUL in a form field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'BRAND', email: uniqueEmail('nul'), password: 'Secret12', name: NUL },
    });
    expect(res.json().error.fields).toEqual([
      { field: 'name', message: 'The brand name field has an invalid value' },
    ]);
  });

  it('still accepts the largest id (then simply finds nothing)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v2/short-lists/2147483647',
      headers: { authorization: `Bearer ${brand.token}` },
    });
    expect(res.statusCode).toBe(404);
  });
});

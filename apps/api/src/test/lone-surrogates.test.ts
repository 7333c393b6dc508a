import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvertiser, type TestUser } from '../modules/users/test-users.js';
import { createTestContext, uniqueEmail, type TestContext } from './harness.js';

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) is not text: no database or e-mail can hold it.
 * It is refused once for every route, wherever it sits in the body, with 400 VALIDATION_FAILED
 * naming the field — never a 500, whatever the route's own schema says.
 */
const LONE = 'a\ud800b';
const LOW_ALONE = '\udc00';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: Record<string, unknown>;
  anonymous?: boolean;
  field: string;
}

const cases: Case[] = [
  {
    name: 'sign-up, brand name',
    method: 'POST',
    url: '/v2/auth/register',
    anonymous: true,
    payload: {
      role: 'BRAND',
      email: 'lone.brand@test.clipmarket.tn',
      password: 'Secret12',
      name: LONE,
    },
    field: 'name',
  },
  {
    name: 'login, password',
    method: 'POST',
    url: '/v2/auth/login',
    anonymous: true,
    payload: { email: 'lone.login@test.clipmarket.tn', password: `Secret12${LOW_ALONE}` },
    field: 'password',
  },
  {
    name: 'shortlist, name',
    method: 'POST',
    url: '/v2/short-lists',
    payload: { name: LONE },
    field: 'name',
  },
  {
    name: 'search, free text',
    method: 'POST',
    url: '/v2/search/influencers',
    payload: { q: LONE },
    field: 'q',
  },
  {
    name: 'search, a city deep in the body',
    method: 'POST',
    url: '/v2/search/influencers',
    payload: { residence: ['TN'], city: { TN: ['Tunis', LONE] } },
    field: 'city.TN.1',
  },
  {
    name: 'contact-us, body',
    method: 'POST',
    url: '/v2/support/contact',
    payload: { subject: 'Hi', body: LONE },
    field: 'body',
  },
  {
    name: 'user click, module',
    method: 'POST',
    url: '/v2/user-click/create',
    payload: { module: LONE, click: 'x' },
    field: 'module',
  },
  {
    name: 'a key of the body',
    method: 'POST',
    url: '/v2/short-lists',
    payload: { name: 'ok', [LONE]: 1 },
    field: LONE.replace(/[\ud800-\udfff]/g, '\ufffd'),
  },
];

describe('a lone surrogate in any text answers 400, not 500', () => {
  let ctx: TestContext;
  let brand: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    brand = await createAdvertiser(ctx);
  });
  afterAll(() => ctx.close());

  it.each(cases)(
    '$name → 400 VALIDATION_FAILED',
    async ({ method, url, payload, anonymous, field }) => {
      const res = await ctx.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: anonymous ? {} : { authorization: `Bearer ${brand.token}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ field, message: 'The text contains invalid characters' }],
      });
    },
  );

  it('keeps well-formed text, emoji (a surrogate pair) and Arabic included', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: {
        role: 'BRAND',
        email: uniqueEmail('emoji'),
        password: 'Secret12',
        name: 'Délice 🍦 ديليس',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

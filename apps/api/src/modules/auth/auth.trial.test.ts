import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpaqueToken } from '../../platform/auth/tokens.js';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { advertisers } from '../users/users.schema.js';
import { emailTokens } from './auth.schema.js';

/** Calendar day (UTC) `days` from now, as trial dates are written. */
const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('auth: the free trial starts once the e-mail address is verified', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  async function signUpBrand() {
    const res = await call('POST', '/v2/auth/register', undefined, {
      role: 'BRAND',
      email: uniqueEmail('trial'),
      password: 'Secret12',
      name: 'Maison Trial',
    });
    expect(res.statusCode).toBe(201);
    const { accessToken, user } = res.json().data as {
      accessToken: string;
      user: { user_id: number; email: string };
    };
    return { accessToken, userId: user.user_id, email: user.email };
  }

  /** A link token of `purpose` for the user, as the e-mailed link carries it. */
  async function linkToken(userId: number, purpose: 'verify_email' | 'reset_password') {
    const { token, hash } = createOpaqueToken();
    await ctx.database.db.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return token;
  }

  it('gives an unverified advertiser no trial dates, and a clear refusal when searching', async () => {
    const brand = await signUpBrand();
    const me = (await call('GET', '/v2/user/getMe', brand.accessToken)).json().data;
    expect(me.advertiser).toMatchObject({
      search_count: 0,
      max_search_count: 0,
      free_trial_expire_date: null,
      account_validity_from: null,
      account_validity_to: null,
    });
    const quota = await call('GET', '/v2/search/quota', brand.accessToken);
    expect(quota.json().data).toMatchObject({ status: 'not_started', remaining: 0 });

    const search = await call('POST', '/v2/search/influencers', brand.accessToken, {});
    expect(search.statusCode).toBe(403);
    expect(search.json().error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Please confirm your email address first: your free trial starts once it is verified.',
    });
  });

  it('runs the trial from the day of the verification, once', async () => {
    const brand = await signUpBrand();
    const verified = await call('POST', '/v2/auth/verify-email', undefined, {
      token: await linkToken(brand.userId, 'verify_email'),
    });
    expect(verified.statusCode).toBe(200);

    const quota = (await call('GET', '/v2/search/quota', brand.accessToken)).json().data;
    expect(quota).toMatchObject({
      status: 'trial',
      search_count: 0,
      max_search_count: ctx.env.FREE_TRIAL_SEARCHES,
      remaining: ctx.env.FREE_TRIAL_SEARCHES,
      free_trial_expire_date: isoDay(ctx.env.FREE_TRIAL_DAYS),
    });
    const search = await call('POST', '/v2/search/influencers', brand.accessToken, {});
    expect(search.statusCode).toBe(200);
    expect(search.json().data.quota).toMatchObject({ status: 'trial', search_count: 1 });

    // A second proof of the address (a reset link) neither restarts nor refills the trial.
    const reset = await call('POST', '/v2/auth/reset-password', undefined, {
      token: await linkToken(brand.userId, 'reset_password'),
      password: 'Secret34',
    });
    expect(reset.statusCode).toBe(204);
    const [advertiser] = await ctx.database.db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.userId, brand.userId));
    const { rows } = await ctx.database.query(
      `select search_count from search_quotas where advertiser_id = $1`,
      [advertiser?.id],
    );
    expect(rows).toEqual([{ search_count: 1 }]);
  });

  it('also starts the trial when a reset link proves the address first', async () => {
    const brand = await signUpBrand();
    const reset = await call('POST', '/v2/auth/reset-password', undefined, {
      token: await linkToken(brand.userId, 'reset_password'),
      password: 'Secret34',
    });
    expect(reset.statusCode).toBe(204);
    // The reset ends every session at once: the old access token is refused, a new login reads.
    expect((await call('GET', '/v2/search/quota', brand.accessToken)).statusCode).toBe(401);
    const login = await call('POST', '/v2/auth/login', undefined, {
      email: brand.email,
      password: 'Secret34',
    });
    const quota = (await call('GET', '/v2/search/quota', login.json().data.accessToken)).json()
      .data;
    expect(quota).toMatchObject({
      status: 'trial',
      free_trial_expire_date: isoDay(ctx.env.FREE_TRIAL_DAYS),
    });
  });

  it('gives creators no trial when they verify', async () => {
    const res = await call('POST', '/v2/auth/register', undefined, {
      role: 'TALENT',
      email: uniqueEmail('creator'),
      password: 'Secret12',
    });
    const userId = res.json().data.user.user_id as number;
    const verified = await call('POST', '/v2/auth/verify-email', undefined, {
      token: await linkToken(userId, 'verify_email'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.is_verified).toBe(true);
  });
});

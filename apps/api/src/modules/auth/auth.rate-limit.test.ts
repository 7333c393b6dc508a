import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { createTalent, testPassword } from '../users/test-users.js';

describe('auth: rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object });

  it('stops login attempts after the limit with 429 RATE_LIMITED, per address and e-mail', async () => {
    const email = uniqueEmail('brute');
    await post('/v2/auth/register', { role: 'TALENT', email, password: 'Secret12' });
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/v2/auth/login', { email, password: `Wrong${i}abc` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/v2/auth/login', { email, password: 'Secret12' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBeDefined();

    // Same e-mail in another case counts as the same key.
    const upper = await post('/v2/auth/login', { email: email.toUpperCase(), password: 'x' });
    expect(upper.statusCode).toBe(429);

    // Another account from the same address is not locked out.
    const other = await post('/v2/auth/login', { email: uniqueEmail('other'), password: 'x' });
    expect(other.statusCode).toBe(401);
  });

  it('limits forgot-password the same way', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/v2/auth/forgot-password', { email })).statusCode).toBe(204);
    }
    const blocked = await post('/v2/auth/forgot-password', { email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('auth: per-address limits cannot be escaped', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Default limits: 10 per address and e-mail, 30 per address; TRUST_PROXY off.
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  let forwarded = 0;
  /** Every request claims another client address, as an attacker rotating the header would. */
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => {
    forwarded += 1;
    return ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': `203.0.113.${forwarded % 250}`, ...headers },
    });
  };

  it('ignores a rotating X-Forwarded-For: 25 wrong passwords for one e-mail are limited', async () => {
    const email = uniqueEmail('rotate');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push((await post('/v2/auth/login', { email, password: `Wrong${i}abc` })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
  });

  it('limits one address spraying many e-mails (30 a minute), whatever the e-mails', async () => {
    const statuses: number[] = [];
    // The previous test spent 25 of this address's 30 login attempts.
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/v2/auth/login', { email: uniqueEmail('spray'), password: 'x' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(5).fill(429));
  });
});

describe('auth: sign-up, forgot-password, contact and password change per address or user', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_IP_RATE_LIMIT_PER_MINUTE: '4' });
  });
  afterAll(() => ctx.close());

  let forwarded = 0;
  const send = (url: string, payload: object, headers: Record<string, string> = {}) => {
    forwarded += 1;
    return ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': `198.51.100.${forwarded % 250}`, ...headers },
    });
  };

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await send('/v2/auth/register', {
        role: 'TALENT',
        email: uniqueEmail('signup'),
        password: 'Secret12',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('limits forgot-password per address across e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await send('/v2/auth/forgot-password', { email: uniqueEmail('f') })).statusCode,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429]);
  });

  it('limits contact-us messages per address (10 a minute) across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // Another account every time: the key is the address, which the header cannot change.
      const talent = await createTalent(ctx);
      const res = await send(
        '/v2/support/contact',
        { subject: 'Hello', body: `Message ${i}` },
        { authorization: `Bearer ${talent.token}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
  });

  it('counts wrong old passwords of a password change (10 a minute per user)', async () => {
    const talent = await createTalent(ctx);
    const change = (oldPassword: string) =>
      send(
        '/v2/user/updateMe',
        { old_password: oldPassword, new_password: 'NewSecret9', only_password: true },
        { authorization: `Bearer ${talent.token}` },
      );
    for (let i = 0; i < 10; i += 1) {
      const res = await change(`Wrong${i}abc`);
      expect(res.json().error.code).toBe('WRONG_PASSWORD');
    }
    const blocked = await change(testPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');

    // Profile saves through the same route are not counted.
    const save = await send(
      '/v2/user/updateMe',
      { first_name: 'Amira' },
      { authorization: `Bearer ${talent.token}` },
    );
    expect(save.statusCode).not.toBe(429);
  });
});

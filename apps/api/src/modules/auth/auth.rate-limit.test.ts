import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';

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

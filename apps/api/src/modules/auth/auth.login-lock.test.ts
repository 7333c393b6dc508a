import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { loginThrottles } from './auth.schema.js';
import { readLinkToken, readOutbox } from './test-outbox.js';

/**
 * Guesses on one account from many addresses are limited per account, in the database
 * (ADR 034): 5 wrong passwords lock it for 30 s, doubling per further wrong one up to 15
 * minutes; a right password or a reset starts again; the owner is told once by e-mail.
 */
describe('auth: wrong passwords lock the account, whatever the address', () => {
  let ctx: TestContext;
  let address = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** Each attempt from another client address, as a spread-out attacker would. */
  const login = (email: string, password: string) => {
    address += 1;
    return ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email, password },
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
  };
  async function signUp(language: 'en' | 'fr' | 'tn' = 'en') {
    const email = uniqueEmail('lock');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      payload: { role: 'TALENT', email, password: 'Secret12', language },
    });
    expect(res.statusCode).toBe(201);
    return { email, userId: res.json().data.user.user_id as number };
  }
  const throttleOf = async (userId: number) =>
    (
      await ctx.database.db.select().from(loginThrottles).where(eq(loginThrottles.userId, userId))
    )[0];
  /** The lock has run out (instead of waiting for it). */
  const expireLock = (userId: number) =>
    ctx.database.db
      .update(loginThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.userId, userId));
  const lockMails = async (email: string) =>
    (await readOutbox(ctx, email)).filter((mail) => mail.text.includes('/forgot-password'));

  it('locks after 5 wrong passwords from 5 addresses, refuses even the right one, tells the owner once', async () => {
    const { email, userId } = await signUp();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(email, `Wrong${i}abc`)).statusCode).toBe(401);
    }
    const locked = await login(email, 'Secret12');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // Refused while locked: guessing goes nowhere and does not lengthen the lock.
    expect((await login(email, 'Wrong9abc')).statusCode).toBe(429);
    expect((await throttleOf(userId))?.failedCount).toBe(5);

    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Sign-in to your Clipmarket account paused');
  });

  it('doubles the lock per further wrong password (capped), and a right password starts again', async () => {
    const { email, userId } = await signUp();
    for (let i = 0; i < 5; i += 1) await login(email, `Wrong${i}abc`);
    await expireLock(userId);
    expect((await login(email, 'Wrong5abc')).statusCode).toBe(401);
    const second = Number((await login(email, 'Secret12')).headers['retry-after']);
    expect(second).toBeGreaterThan(30);
    expect(second).toBeLessThanOrEqual(60);

    // Many more: never above 15 minutes.
    await ctx.database.db
      .update(loginThrottles)
      .set({ failedCount: 40, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.userId, userId));
    expect((await login(email, 'Wrong6abc')).statusCode).toBe(401);
    const capped = Number((await login(email, 'Secret12')).headers['retry-after']);
    expect(capped).toBeGreaterThan(14 * 60);
    expect(capped).toBeLessThanOrEqual(15 * 60);

    await expireLock(userId);
    expect((await login(email, 'Secret12')).statusCode).toBe(200);
    expect(await throttleOf(userId)).toMatchObject({ failedCount: 0, lockedUntil: null });
    // One e-mail for the whole period, however many locks.
    expect(await lockMails(email)).toHaveLength(1);
    // Counting starts again: four wrong passwords lock nothing.
    for (let i = 0; i < 4; i += 1) await login(email, `Again${i}abc`);
    expect((await login(email, 'Secret12')).statusCode).toBe(200);
  });

  it('a password reset (the owner, through the e-mail) ends the lock', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i += 1) await login(email, `Wrong${i}abc`);
    expect((await login(email, 'Secret12')).statusCode).toBe(429);
    await ctx.app.inject({ method: 'POST', url: '/v2/auth/forgot-password', payload: { email } });
    const token = await readLinkToken(ctx, email, 'reset-password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/reset-password',
      payload: { token, password: 'Secret34' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(email, 'Secret34')).statusCode).toBe(200);
  });

  it("writes to the owner in the owner's language", async () => {
    const fr = await signUp('fr');
    const ar = await signUp('tn');
    for (let i = 0; i < 5; i += 1) {
      await login(fr.email, `Wrong${i}abc`);
      await login(ar.email, `Wrong${i}abc`);
    }
    expect((await lockMails(fr.email))[0]?.subject).toBe(
      'Connexion à votre compte Clipmarket suspendue',
    );
    const arabic = (await lockMails(ar.email))[0];
    expect(arabic?.subject).toBe('تعليق تسجيل الدخول إلى حسابك على Clipmarket');
    expect(arabic?.html).toContain('dir="rtl"');
  });

  it('locks nothing for an unknown e-mail (no account to protect, nothing stored)', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 6; i += 1)
      expect((await login(email, `Wrong${i}abc`)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../platform/auth/tokens.js';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { readAccountMails, readLinkToken, readOutbox } from './test-outbox.js';

const PASSWORD = 'Secret12';

interface Session {
  accessToken: string;
  refreshToken: string;
  user: { user_id: number; email: string; role: string; is_verified: boolean };
}

describe('auth: sessions and e-mailed links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://app.clipmarket.test/' });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function signUp(prefix: string): Promise<Session & { email: string }> {
    const email = uniqueEmail(prefix);
    const res = await post('/v2/auth/register', { role: 'TALENT', email, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    return { ...(res.json().data as Session), email };
  }

  const refresh = (refreshToken: string) => post('/v2/auth/refresh', { refreshToken });

  describe('POST /v2/auth/refresh', () => {
    it('rotates: a new pair each time, the used token retired', async () => {
      const session = await signUp('rotate');
      const first = await refresh(session.refreshToken);
      expect(first.statusCode).toBe(200);
      const next = first.json().data as Session;
      expect(next.refreshToken).not.toBe(session.refreshToken);
      expect(next.user).toEqual(session.user);
      expect(await ctx.tokens.verifyAccessToken(next.accessToken)).toEqual({
        userId: session.user.user_id,
        role: 'TALENT',
      });
      const { rows } = await ctx.database.query<{ replaced_at: Date | null; family_id: string }>(
        'select replaced_at, family_id from refresh_tokens where token_hash = $1',
        [hashOpaqueToken(session.refreshToken)],
      );
      expect(rows[0]?.replaced_at).not.toBeNull();
      // Only hashes are stored.
      const raw = await ctx.database.query('select id from refresh_tokens where token_hash = $1', [
        next.refreshToken,
      ]);
      expect(raw.rows).toHaveLength(0);

      const second = await refresh(next.refreshToken);
      expect(second.statusCode).toBe(200);
    });

    it('revokes the whole family when a used token comes back', async () => {
      const session = await signUp('reuse');
      const other = (
        await post('/v2/auth/login', { email: session.email, password: PASSWORD })
      ).json().data as Session;
      const rotated = (await refresh(session.refreshToken)).json().data as Session;

      const reused = await refresh(session.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('INVALID_REFRESH_TOKEN');
      // The newest token of that family stopped working too.
      const newest = await refresh(rotated.refreshToken);
      expect(newest.statusCode).toBe(401);
      expect(newest.json().error.code).toBe('INVALID_REFRESH_TOKEN');
      // A session from another login (another family) is untouched.
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous refreshes with one token succeed', async () => {
      const session = await signUp('race');
      const results = await Promise.all([
        refresh(session.refreshToken),
        refresh(session.refreshToken),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const { rows } = await ctx.database.query<{ count: number }>(
        `select count(*)::int as count from refresh_tokens where user_id = $1 and replaced_at is not null`,
        [session.user.user_id],
      );
      expect(rows[0]?.count).toBe(1);
    });

    it('refuses unknown and expired tokens', async () => {
      const unknown = await refresh('not-a-real-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.code).toBe('INVALID_REFRESH_TOKEN');

      const session = await signUp('expired');
      await ctx.database.query(
        `update refresh_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`,
        [hashOpaqueToken(session.refreshToken)],
      );
      const expired = await refresh(session.refreshToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('validates the body', async () => {
      const res = await post('/v2/auth/refresh', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('POST /v2/auth/logout', () => {
    it('revokes the session family, without needing an access token', async () => {
      const session = await signUp('logout');
      const rotated = (await refresh(session.refreshToken)).json().data as Session;
      const other = (
        await post('/v2/auth/login', { email: session.email, password: PASSWORD })
      ).json().data as Session;

      const res = await post('/v2/auth/logout', { refreshToken: rotated.refreshToken });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('is idempotent and validates the body', async () => {
      expect((await post('/v2/auth/logout', { refreshToken: 'unknown' })).statusCode).toBe(204);
      const bad = await post('/v2/auth/logout', { refreshToken: '' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('e-mail verification', () => {
    it('verifies the address with the token from the e-mailed link, once; again says so', async () => {
      const session = await signUp('verify');
      const [mail] = await readAccountMails(ctx, session.email);
      expect(mail?.subject).toBe('Confirm your e-mail address');
      // PUBLIC_URL is used, without its trailing slash.
      expect(mail?.text).toContain('https://app.clipmarket.test/verify-email?token=');
      const token = await readLinkToken(ctx, session.email, 'verify-email');

      const res = await post('/v2/auth/verify-email', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        ...session.user,
        is_verified: true,
        already_verified: false,
      });
      const { rows } = await ctx.database.query<{ is_verified: boolean }>(
        'select is_verified from users where id = $1',
        [session.user.user_id],
      );
      expect(rows[0]?.is_verified).toBe(true);
      const login = await post('/v2/auth/login', { email: session.email, password: PASSWORD });
      expect(login.json().data.user.is_verified).toBe(true);

      // Opened again: the address is confirmed, and the answer says so (not "invalid link").
      const again = await post('/v2/auth/verify-email', { token });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual({
        ...session.user,
        is_verified: true,
        already_verified: true,
      });
    });

    it('refuses unknown and malformed tokens', async () => {
      const unknown = await post('/v2/auth/verify-email', { token: 'nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('INVALID_EMAIL_TOKEN');
      const missing = await post('/v2/auth/verify-email', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('resends the link to a signed-in user; only the newest link works', async () => {
      const session = await signUp('resend');
      const oldToken = await readLinkToken(ctx, session.email, 'verify-email');
      const res = await post('/v2/auth/resend-verification', undefined, {
        authorization: `Bearer ${session.accessToken}`,
      });
      expect(res.statusCode).toBe(204);
      expect(await readAccountMails(ctx, session.email)).toHaveLength(2);
      const newToken = await readLinkToken(ctx, session.email, 'verify-email');
      expect(newToken).not.toBe(oldToken);

      expect((await post('/v2/auth/verify-email', { token: oldToken })).statusCode).toBe(400);
      expect((await post('/v2/auth/verify-email', { token: newToken })).statusCode).toBe(200);

      // Already verified: nothing more is sent.
      const after = await post('/v2/auth/resend-verification', undefined, {
        authorization: `Bearer ${session.accessToken}`,
      });
      expect(after.statusCode).toBe(204);
      expect(await readAccountMails(ctx, session.email)).toHaveLength(2);
    });

    it('needs a valid access token to resend', async () => {
      const none = await post('/v2/auth/resend-verification');
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('UNAUTHENTICATED');
      const bad = await post('/v2/auth/resend-verification', undefined, {
        authorization: 'Bearer not-a-jwt',
      });
      expect(bad.statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers 204 for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await post('/v2/auth/forgot-password', { email });
      expect(res.statusCode).toBe(204);
      expect(await readOutbox(ctx, email)).toHaveLength(0);
    });

    it('resets the password with the e-mailed one-time link and ends every session', async () => {
      const session = await signUp('reset');
      const res = await post('/v2/auth/forgot-password', { email: session.email.toUpperCase() });
      expect(res.statusCode).toBe(204);
      const mails = await readAccountMails(ctx, session.email);
      expect(mails.at(-1)?.subject).toBe('Reset your Clipmarket password');
      expect(mails.at(-1)?.text).toContain('https://app.clipmarket.test/reset-password?token=');
      const token = await readLinkToken(ctx, session.email, 'reset-password');

      const weak = await post('/v2/auth/reset-password', { token, password: 'weakpass' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.message).toBe(
        'The password field must have at least one uppercase char, one lowercase char, one digit',
      );

      const reset = await post('/v2/auth/reset-password', { token, password: 'NewSecret9' });
      expect(reset.statusCode).toBe(204);

      expect(
        (await post('/v2/auth/login', { email: session.email, password: PASSWORD })).statusCode,
      ).toBe(401);
      const login = await post('/v2/auth/login', { email: session.email, password: 'NewSecret9' });
      expect(login.statusCode).toBe(200);
      // The link proved the address too.
      expect(login.json().data.user.is_verified).toBe(true);
      // Sessions opened before the reset are over.
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);

      const reused = await post('/v2/auth/reset-password', { token, password: 'Another9x' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.code).toBe('INVALID_EMAIL_TOKEN');
    });

    it('refuses an expired reset link and a verification token used as a reset one', async () => {
      const session = await signUp('reset-expired');
      await post('/v2/auth/forgot-password', { email: session.email });
      const token = await readLinkToken(ctx, session.email, 'reset-password');
      await ctx.database.query(
        `update email_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
        [hashOpaqueToken(token)],
      );
      const expired = await post('/v2/auth/reset-password', { token, password: 'NewSecret9' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.code).toBe('INVALID_EMAIL_TOKEN');

      const verifyToken = await readLinkToken(ctx, session.email, 'verify-email');
      const wrongPurpose = await post('/v2/auth/reset-password', {
        token: verifyToken,
        password: 'NewSecret9',
      });
      expect(wrongPurpose.statusCode).toBe(400);
      expect(wrongPurpose.json().error.code).toBe('INVALID_EMAIL_TOKEN');
    });

    it('sets a reset link expiring within one hour, in the user language', async () => {
      const email = uniqueEmail('reset-fr');
      await post('/v2/auth/register', {
        role: 'BRAND',
        email,
        password: PASSWORD,
        name: 'Marque',
        language: 'fr',
      });
      await post('/v2/auth/forgot-password', { email });
      expect((await readAccountMails(ctx, email)).at(-1)?.subject).toBe(
        'Réinitialisez votre mot de passe Clipmarket',
      );
      const token = await readLinkToken(ctx, email, 'reset-password');
      const { rows } = await ctx.database.query<{ seconds: number }>(
        `select extract(epoch from (expires_at - now()))::int as seconds from email_tokens where token_hash = $1`,
        [hashOpaqueToken(token)],
      );
      expect(rows[0]?.seconds).toBeGreaterThan(3500);
      expect(rows[0]?.seconds).toBeLessThanOrEqual(3600);
    });

    it('validates the bodies', async () => {
      const forgot = await post('/v2/auth/forgot-password', { email: 'nope' });
      expect(forgot.statusCode).toBe(400);
      expect(forgot.json().error.fields).toEqual([
        { field: 'email', message: 'The input is not a valid email address' },
      ]);
      const reset = await post('/v2/auth/reset-password', { password: 'NewSecret9' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error.code).toBe('VALIDATION_FAILED');
    });
  });
});

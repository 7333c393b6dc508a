import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { readAccountMails } from './test-outbox.js';

const PASSWORD = 'Secret12';

describe('auth: sign-up and login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function rowsOf(table: string, userId: number) {
    const { rows } = await ctx.database.query(`select * from ${table} where user_id = $1`, [
      userId,
    ]);
    return rows;
  }

  describe('POST /v2/auth/register', () => {
    it('creates a creator with influencer profile and twinkling flags, and signs in', async () => {
      const email = uniqueEmail('talent');
      const res = await post('/v2/auth/register', {
        role: 'TALENT',
        email,
        password: PASSWORD,
        first_name: 'Amira',
        last_name: 'Ben Salah',
        ig_username: 'https://www.instagram.com/amira.creates/?hl=fr',
        tiktok_username: '@amira_tt',
      });
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(data.user).toEqual({
        user_id: expect.any(Number),
        email,
        role: 'TALENT',
        is_verified: false,
      });
      expect(data.accessToken).toEqual(expect.any(String));
      expect(data.refreshToken).toEqual(expect.any(String));

      const [user] = await ctx.database
        .query<{ password_hash: string; language: string }>('select * from users where id = $1', [
          data.user.user_id,
        ])
        .then((r) => r.rows);
      expect(user?.password_hash).toMatch(/^\$argon2id\$/);
      expect(user?.language).toBe('en');
      const [influencer] = await rowsOf('influencers', data.user.user_id);
      expect(influencer).toMatchObject({
        first_name: 'Amira',
        last_name: 'Ben Salah',
        ig_username: 'amira.creates',
        tiktok_username: 'amira_tt',
        influencer_name: 'amira.creates',
      });
      expect(await rowsOf('advertisers', data.user.user_id)).toHaveLength(0);
      expect(await rowsOf('twinkling_flags', data.user.user_id)).toHaveLength(1);

      // The access token is accepted by an authenticated endpoint.
      const resend = await post('/v2/auth/resend-verification', undefined, {
        authorization: `Bearer ${data.accessToken}`,
      });
      expect(resend.statusCode).toBe(204);
    });

    it('names a creator after the TikTok username when there is no Instagram one', async () => {
      const res = await post('/v2/auth/register', {
        role: 'TALENT',
        email: uniqueEmail('tiktoker'),
        password: PASSWORD,
        tiktok_username: 'https://www.tiktok.com/@dancing.amine',
      });
      expect(res.statusCode).toBe(201);
      const [influencer] = await rowsOf('influencers', res.json().data.user.user_id);
      expect(influencer).toMatchObject({ ig_username: null, influencer_name: 'dancing.amine' });
    });

    it.each(['BRAND', 'AGENCY'] as const)(
      'creates a %s with advertiser profile, its free trial waiting for the verified address',
      async (role) => {
        const email = uniqueEmail(role.toLowerCase());
        const res = await post('/v2/auth/register', {
          role,
          email,
          password: PASSWORD,
          name: `Maison ${role}`,
          first_name: 'Karim',
          language: 'fr',
        });
        expect(res.statusCode).toBe(201);
        const { user } = res.json().data;
        expect(user.role).toBe(role);
        const [advertiser] = await rowsOf('advertisers', user.user_id);
        // The trial (discovery's search quota, search_quotas) starts once the address is
        // verified: auth.trial.test.ts.
        const { rows: quotas } = await ctx.database.query(
          `select * from search_quotas where advertiser_id = $1`,
          [advertiser?.id],
        );
        expect(quotas).toEqual([]);
        expect(advertiser).toMatchObject({
          name: `Maison ${role}`,
          first_name: 'Karim',
          last_name: null,
        });
        expect(await rowsOf('influencers', user.user_id)).toHaveLength(0);
        expect(await rowsOf('twinkling_flags', user.user_id)).toHaveLength(1);
        const [mail] = await readAccountMails(ctx, email);
        expect(mail?.subject).toBe('Confirmez votre adresse e-mail');
      },
    );

    it('sends the verification e-mail in the chosen language with the link', async () => {
      const email = uniqueEmail('arabic');
      const res = await post('/v2/auth/register', {
        role: 'TALENT',
        email,
        password: PASSWORD,
        language: 'tn',
      });
      expect(res.statusCode).toBe(201);
      const mails = await readAccountMails(ctx, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('أكّد عنوان بريدك الإلكتروني');
      expect(mails[0]?.text).toMatch(
        new RegExp(
          `^http://localhost:${ctx.env.PORT}/verify-email\\?token=[A-Za-z0-9_-]{43}$`,
          'm',
        ),
      );
      expect(mails[0]?.html).toContain('dir="rtl"');
    });

    it('requires the brand name for advertisers', async () => {
      const res = await post('/v2/auth/register', {
        role: 'BRAND',
        email: uniqueEmail('noname'),
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ field: 'name', message: 'The brand name field is required' }],
      });
    });

    it('refuses an e-mail already used, whatever its case', async () => {
      const email = uniqueEmail('dup');
      expect(
        (await post('/v2/auth/register', { role: 'TALENT', email, password: PASSWORD })).statusCode,
      ).toBe(201);
      const res = await post('/v2/auth/register', {
        role: 'BRAND',
        email: email.toUpperCase(),
        password: PASSWORD,
        name: 'Dup',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('EMAIL_TAKEN');
      const { rows } = await ctx.database.query('select id from users where lower(email) = $1', [
        email,
      ]);
      expect(rows).toHaveLength(1);
    });

    it.each([
      [
        'abcdef',
        'The password field must have at least one uppercase char, one lowercase char, one digit',
      ],
      [
        'ABCDEF1',
        'The password field must have at least one uppercase char, one lowercase char, one digit',
      ],
      ['Ab1', 'The password field must be atleast 6 characters long'],
      ['', 'The password field is required'],
      ['Abcdefghijklm123', 'The password field must be at most 15 characters long'],
    ])('refuses the password %j with the spec message', async (password, message) => {
      const res = await post('/v2/auth/register', {
        role: 'TALENT',
        email: uniqueEmail('weak'),
        password,
      });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(message);
      expect(error.fields).toContainEqual({ field: 'password', message });
    });

    it('checks the e-mail with the spec messages', async () => {
      const missing = await post('/v2/auth/register', { role: 'TALENT', password: PASSWORD });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toContainEqual({
        field: 'email',
        message: 'The email field is required',
      });
      const invalid = await post('/v2/auth/register', {
        role: 'TALENT',
        email: 'not-an-email',
        password: PASSWORD,
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields).toContainEqual({
        field: 'email',
        message: 'The input is not a valid email address',
      });
    });

    it.each([
      ['is_validated', { is_validated: true }],
      ['is_verified', { is_verified: true }],
      ['a brand name on a creator', { name: 'Sneaky' }],
    ])('refuses an unknown field (%s)', async (_label, extra) => {
      const email = uniqueEmail('extra');
      const res = await post('/v2/auth/register', {
        role: 'TALENT',
        email,
        password: PASSWORD,
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      const { rows } = await ctx.database.query('select id from users where email = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it('refuses the ADMIN role and a missing role', async () => {
      const admin = await post('/v2/auth/register', {
        role: 'ADMIN',
        email: uniqueEmail('admin'),
        password: PASSWORD,
      });
      expect(admin.statusCode).toBe(400);
      expect(admin.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ field: 'role', message: 'The role field has an invalid value' }],
      });
      const none = await post('/v2/auth/register', { email: uniqueEmail('x'), password: PASSWORD });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields).toEqual([
        { field: 'role', message: 'The role field is required' },
      ]);
    });

    it('refuses an invalid social username', async () => {
      const res = await post('/v2/auth/register', {
        role: 'TALENT',
        email: uniqueEmail('badig'),
        password: PASSWORD,
        ig_username: 'not a username!',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toContainEqual({
        field: 'ig_username',
        message: 'The Instagram username field has an invalid value',
      });
    });
  });

  describe('POST /v2/auth/login', () => {
    let email: string;
    let userId: number;
    beforeAll(async () => {
      email = uniqueEmail('login');
      const res = await post('/v2/auth/register', {
        role: 'AGENCY',
        email,
        password: PASSWORD,
        name: 'Agence Login',
      });
      userId = res.json().data.user.user_id;
    });

    it('signs in with the right password, e-mail case ignored', async () => {
      const res = await post('/v2/auth/login', { email: email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.user).toEqual({ user_id: userId, email, role: 'AGENCY', is_verified: false });
      const claims = await ctx.tokens.verifyAccessToken(data.accessToken);
      expect(claims).toEqual({ userId, role: 'AGENCY' });
      const refreshed = await post('/v2/auth/refresh', { refreshToken: data.refreshToken });
      expect(refreshed.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail alike', async () => {
      const wrong = await post('/v2/auth/login', { email, password: 'Wrong123' });
      const unknown = await post('/v2/auth/login', {
        email: uniqueEmail('nobody'),
        password: PASSWORD,
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('does not apply the sign-up strength rule to login (only that it is given)', async () => {
      const res = await post('/v2/auth/login', { email, password: 'short' });
      expect(res.statusCode).toBe(401);
      const missing = await post('/v2/auth/login', { email });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual([
        { field: 'password', message: 'The password field is required' },
      ]);
    });

    it('refuses unknown fields', async () => {
      const res = await post('/v2/auth/login', { email, password: PASSWORD, role: 'ADMIN' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.tn", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MALFORMED_JSON');
    });

    it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          role: 'TALENT',
          email: uniqueEmail('big'),
          password: PASSWORD,
          first_name: 'x'.repeat(1024 * 1024 + 10),
        }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('documents every auth endpoint in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const endpoint of [
      'register',
      'login',
      'refresh',
      'logout',
      'verify-email',
      'resend-verification',
      'forgot-password',
      'reset-password',
    ]) {
      expect(paths).toContain(`/v2/auth/${endpoint}`);
    }
  });
});

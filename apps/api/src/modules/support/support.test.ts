import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { users } from '../users/users.schema.js';
import { contactMessages } from './support.schema.js';

describe('POST /v2/support/contact', () => {
  let ctx: TestContext;
  let email: string;
  let userId: number;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext({ SUPPORT_EMAIL: 'help@support.test' });
    email = uniqueEmail('contact');
    const [row] = await ctx.database.db
      .insert(users)
      .values({ email, passwordHash: 'not-a-real-hash', role: 'BRAND', isVerified: true })
      .returning({ id: users.id });
    userId = row!.id;
    token = await ctx.tokens.signAccessToken({ userId, role: 'BRAND' });
  });
  afterAll(() => ctx.close());

  const send = (payload: unknown, bearer: string | null = token) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/support/contact',
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      payload: payload as Record<string, unknown>,
    });

  const outbox = () => {
    const dir = path.join(ctx.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  };

  it('stores the message and e-mails support', async () => {
    const res = await send({ subject: '  Invoice question  ', body: 'Where is my invoice?' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ subject: 'Invoice question' });
    expect(new Date(data.created_at).toString()).not.toBe('Invalid Date');

    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, data.id));
    expect(row).toMatchObject({
      userId,
      email,
      subject: 'Invoice question',
      body: 'Where is my invoice?',
    });

    // The mail job sends it just after the commit (the account's own e-mails may land beside).
    const contactMails = () =>
      outbox()
        .map((f) => fs.readFileSync(path.join(ctx.dataDir, 'outbox', f), 'utf8'))
        .filter((m) => m.includes(`[Contact #${data.id}]`));
    const [mail, ...more] = await waitFor(() => contactMails().length > 0 && contactMails(), {
      what: 'the mail',
    });
    expect(more).toHaveLength(0);
    expect(mail).toMatch(/^To: help@support\.test$/m);
    expect(mail).toContain('Where is my invoice?');
    expect(mail).toContain(email);
  });

  it('keeps a multi-line subject on one header line', async () => {
    const res = await send({ subject: 'Hello\r\nBcc: victim@example.com', body: 'Body' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    const mail = await waitFor(
      () =>
        outbox()
          .map((f) => fs.readFileSync(path.join(ctx.dataDir, 'outbox', f), 'utf8'))
          .find((m) => m.includes(`[Contact #${data.id}]`)),
      { what: 'the mail' },
    );
    expect(mail).not.toMatch(/^Bcc:/m);
  });

  it('refuses a missing subject with the spec message', async () => {
    const res = await send({ body: 'No subject here' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toContainEqual({
      field: 'subject',
      message: 'The subject field is required',
    });
  });

  it('refuses a blank body with the spec message', async () => {
    const res = await send({ subject: 'Hi', body: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toContainEqual({
      field: 'body',
      message: 'The body field is required',
    });
  });

  it('refuses text over the limits', async () => {
    const res = await send({ subject: 'x'.repeat(201), body: 'y'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields).toContainEqual({
      field: 'subject',
      message: 'The subject field must be at most 200 characters long',
    });
    expect(fields).toContainEqual({
      field: 'body',
      message: 'The body field must be at most 5000 characters long',
    });
  });

  it('accepts text exactly at the limits', async () => {
    const res = await send({ subject: 'x'.repeat(200), body: 'y'.repeat(5000) });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an unknown field', async () => {
    const res = await send({ subject: 'Hi', body: 'There', user_id: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('requires a token', async () => {
    const res = await send({ subject: 'Hi', body: 'There' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token whose account no longer exists', async () => {
    const ghost = await ctx.tokens.signAccessToken({ userId: 2_000_000_000, role: 'TALENT' });
    const res = await send({ subject: 'Hi', body: 'There' }, ghost);
    expect(res.statusCode).toBe(401);
  });

  it('refuses an invalid token', async () => {
    const res = await send({ subject: 'Hi', body: 'There' }, 'not-a-jwt');
    expect(res.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { waitFor } from '../../test/wait-for.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPlaceholders } from '@clipmarket/contracts/notifications';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { settleJobs } from '../../test/run-job-now.js';
import { notificationTemplates as catalogue } from './notification-templates.js';
import { notifications, notificationTemplates } from './notifications.schema.js';
import { createPerson, readOutbox, type TestPerson } from './notifications.test-support.js';

describe('notifications', () => {
  let ctx: TestContext;
  let notify: TestContext['modules']['notifications']['notify'];
  let brand: TestPerson;
  let talent: TestPerson;

  beforeAll(async () => {
    ctx = await createTestContext();
    notify = ctx.modules.notifications.notify;
    brand = await createPerson(ctx, { role: 'BRAND', name: 'Délice' });
    talent = await createPerson(ctx, { role: 'TALENT', name: 'sami.creates' });
  });
  afterAll(() => ctx.close());

  const list = (person: TestPerson | null, query = '', headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v2/notifications${query}`,
      headers: person ? { authorization: `Bearer ${person.token}`, ...headers } : headers,
    });
  const read = (person: TestPerson | null, hash: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v2/notification/${hash}/read`,
      headers: person ? { authorization: `Bearer ${person.token}` } : {},
    });
  const remove = (person: TestPerson | null, hash: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/v2/notification/${hash}`,
      headers: person ? { authorization: `Bearer ${person.token}` } : {},
    });

  describe('template catalogue', () => {
    it('seeds every catalogue type (idempotently) with en, fr and ar texts', async () => {
      const rows = await ctx.database.db.select().from(notificationTemplates);
      for (const t of catalogue) {
        const row = rows.find(
          (r) => r.role === t.role && r.module === t.module && r.type === t.type,
        );
        expect(row, `${t.role}/${t.type}`).toMatchObject({
          messageEn: t.message.en,
          messageFr: t.message.fr,
          messageAr: t.message.ar,
          redirection: t.redirection,
        });
      }
      const { seedNotificationTemplates } = await import('./index.js');
      await seedNotificationTemplates(ctx.database.db);
      const again = await ctx.database.db.select().from(notificationTemplates);
      expect(again.length).toBe(rows.length);
    });

    it('covers every type of spec §4 with unique snake_case types', () => {
      const types = catalogue.map((t) => t.type);
      expect(new Set(types).size).toBe(types.length);
      for (const type of types) expect(type).toMatch(/^[a-z][a-z0-9_]*$/);
      // Spec §4's 11, plus a request line that expired unanswered or undelivered (issue 10 §5),
      // the review reminder and a dispute's outcome (issue 11), a card payment kept in the
      // wallet because its request was paid another way meanwhile, a reserved fee captured by
      // the approval, a creator contesting a rejection, and the team approving the contested
      // video (its reserved fee paid, or its fee now due) or upholding the rejection (a
      // reserved fee back in the wallet, or nothing reserved); the daily recap of applications
      // (issue 23, `notification_preference` 'daily'); the team closing an opportunity, with why;
      // the weekly campaign summary sent by e-mail (issue 24); a usage licence ending soon (14
      // and 3 days before) and ended (issue 27 §1); written reviews (issue 27 §2: written, shown,
      // removed, a contest decided).
      expect(catalogue.filter((t) => t.role === 'advertiser')).toHaveLength(31);
      // Spec §4's 23, plus the outcome of the account validation (validated, rejected), a
      // request the advertiser cancelled (issue 10), a video that could not be processed, a
      // dispute's outcome (issue 11: approved and paid, approved with the fee due, upheld with
      // or without a reserved fee) and a delivered video rejected; the reminder to apply before
      // an opportunity's deadline (issue 23, creators who read its brief); a delivery cancelled
      // before its video because the team closed its opportunity; an application closed without
      // an answer because its opportunity stopped taking applications; a published video's
      // figures due, and the team's check of submitted figures (approved, declined; issue 24);
      // the media kit rendered (issue 25, spec §7 `media_kit_is_ready`) and its week's views
      // (issue 25 §5); a usage licence ended, and renewed by the brand (issue 27 §1); written
      // reviews (issue 27 §2: written, shown, removed, a contest decided).
      expect(catalogue.filter((t) => t.role === 'talent')).toHaveLength(47);
      // Spec §4's payment template, plus the reminder of accounts waiting for validation, the
      // ledger's reconciliation alert and a dispute to settle (issue 11).
      expect(catalogue.filter((t) => t.role === 'admin')).toHaveLength(4);
    });

    it('uses only known placeholders, the same in the three languages', () => {
      const placeholders = (text: string) =>
        [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]).sort();
      for (const t of catalogue) {
        const en = placeholders(t.message.en);
        expect(placeholders(t.message.fr), t.type).toEqual(en);
        expect(placeholders(t.message.ar), t.type).toEqual(en);
        for (const name of [...en, ...placeholders(t.redirection)]) {
          expect(notificationPlaceholders as readonly string[]).toContain(name);
        }
        expect(t.redirection.startsWith('/')).toBe(true);
      }
    });
  });

  describe('notify', () => {
    it('stores the notification with profile ids, roles and a unique hash, and lists it', async () => {
      const first = await notify({
        receiverUserId: brand.userId,
        type: 'content_received',
        module: 'content_request',
        moduleItemId: 42,
        sender: { userId: talent.userId, role: 'TALENT' },
        params: { request_name: 'Summer smoothie' },
      });
      const second = await notify({
        receiverUserId: brand.userId,
        type: 'content_received',
        module: 'content_request',
        moduleItemId: 42,
        sender: { userId: talent.userId, role: 'TALENT' },
        params: { request_name: 'Summer smoothie' },
      });
      expect(first.notification_hash).toMatch(/^[a-f0-9]{64}$/);
      expect(second.notification_hash).not.toBe(first.notification_hash);

      const [row] = await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.hash, first.notification_hash));
      expect(row).toMatchObject({
        receiverUserId: brand.userId,
        receiverId: brand.profileId,
        receiverRole: 'advertiser',
        senderUserId: talent.userId,
        senderId: talent.profileId,
        senderRole: 'talent',
        status: 'Not read',
      });

      const res = await list(brand);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const item = body.data.find(
        (i: { notification_hash: string }) => i.notification_hash === first.notification_hash,
      );
      expect(item).toMatchObject({
        notification_status: 'Not read',
        notification_module: 'content_request',
        notification_type: 'content_received',
        module_item_id: 42,
        collaboration_id: null,
        receiver_id: brand.profileId,
        sender_role: 'talent',
        sender_id: talent.profileId,
        sender: {
          ig_username: 'sami.creates',
          first_name: 'Sami',
          last_name: 'Ben Ali',
          name: 'sami.creates',
          efile: null,
        },
        content_request: { content_request_title: 'Summer smoothie' },
        content_opportunity: null,
        file: null,
        content:
          'sami.creates sent you the content for "Summer smoothie". It is pending your review.',
        redirection: '/manage-content/42',
        icon: 'video',
        colour: 'Pink',
        image_kind: 'talent',
      });
      expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    });

    it('rejects a type the receiver’s role does not have', async () => {
      await expect(
        notify({
          receiverUserId: talent.userId,
          type: 'content_received',
          module: 'content_request',
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('fills the payment delay into payment_pending', async () => {
      const { notification_hash } = await notify({
        receiverUserId: talent.userId,
        type: 'payment_pending',
        module: 'payment',
        sender: { userId: brand.userId },
        params: { request_name: 'Iftar reel' },
      });
      const item = (await list(talent))
        .json()
        .data.find((i: { notification_hash: string }) => i.notification_hash === notification_hash);
      expect(item.content).toBe(
        // The creator payout delay setting's default (DESIGN §4), see settings.test.ts for a change.
        'Délice paid for your content "Iftar reel". You will be paid within 15 days.',
      );
      expect(item.redirection).toBe('/track-deposits');
      expect(item.sender).toMatchObject({ name: 'Délice', first_name: 'Amel' });
    });

    it('shows the payout delay in every language for a payment_pending stored without it', async () => {
      // Demo data and rows written before the delay was stored carry no payment_delay_days:
      // the text reads the current setting instead of "within  days".
      const receiver = await createPerson(ctx, { role: 'TALENT', allowEmails: 'N' });
      const { notification_hash } = await notify({
        receiverUserId: receiver.userId,
        type: 'payment_pending',
        module: 'payment',
        sender: { userId: brand.userId },
        params: { request_name: 'Iftar reel' },
      });
      const [stored] = await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.hash, notification_hash));
      const { payment_delay_days: _dropped, ...rest } = stored!.params;
      await ctx.database.db
        .update(notifications)
        .set({ params: rest })
        .where(eq(notifications.hash, notification_hash));
      const contentIn = async (lang: string) =>
        (await list(receiver, `?lang=${lang}`))
          .json()
          .data.find(
            (i: { notification_hash: string }) => i.notification_hash === notification_hash,
          ).content as string;
      expect(await contentIn('en')).toBe(
        'Délice paid for your content "Iftar reel". You will be paid within 15 days.',
      );
      expect(await contentIn('fr')).toContain('sous 15 jours');
      expect(await contentIn('tn')).toContain('في غضون 15 يومًا');
    });
  });

  describe('GET /v2/notifications', () => {
    let reader: TestPerson;
    const hashes: string[] = [];

    beforeAll(async () => {
      reader = await createPerson(ctx, { role: 'TALENT', allowEmails: 'N' });
      for (let i = 1; i <= 10; i += 1) {
        const { notification_hash } = await notify({
          receiverUserId: reader.userId,
          type: 'new_content_request',
          module: 'content_request',
          moduleItemId: i,
          sender: { userId: brand.userId },
          params: { request_name: `Request ${i}` },
        });
        hashes.push(notification_hash);
      }
    });

    it('pages 8 at a time, newest first, with the unread count', async () => {
      const page1 = (await list(reader, '?page=1&limit=8')).json();
      expect(page1.data).toHaveLength(8);
      expect(page1.data.map((i: { notification_hash: string }) => i.notification_hash)).toEqual(
        [...hashes].reverse().slice(0, 8),
      );
      expect(page1.attributes).toEqual({ count: 10, total: 10, page: 1, limit: 8 });
      expect(page1.data[0].content).toBe('Délice sent you a new content request: "Request 10".');

      const page2 = (await list(reader, '?page=2&limit=8')).json();
      expect(page2.data.map((i: { notification_hash: string }) => i.notification_hash)).toEqual(
        [...hashes].reverse().slice(8),
      );
      const page3 = (await list(reader, '?page=3&limit=8')).json();
      expect(page3.data).toEqual([]);
      expect(page3.attributes.count).toBe(10);
    });

    it('defaults to page 1 and 8 per page', async () => {
      const body = (await list(reader)).json();
      expect(body.attributes).toMatchObject({ page: 1, limit: 8 });
      expect(body.data).toHaveLength(8);
    });

    it('shows only the caller’s notifications', async () => {
      const other = await createPerson(ctx, { role: 'TALENT' });
      const body = (await list(other)).json();
      expect(body.data).toEqual([]);
      expect(body.attributes).toEqual({ count: 0, total: 0, page: 1, limit: 8 });
    });

    it('answers a bad page or limit with 400', async () => {
      for (const query of ['?page=0', '?page=abc', '?page=1.5', '?limit=0', '?limit=500']) {
        const res = await list(reader, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('answers 401 without a token or with a forged one', async () => {
      expect((await list(null)).statusCode).toBe(401);
      const forged = { ...reader, token: `${reader.token.slice(0, -4)}AAAA` };
      expect((await list(forged)).statusCode).toBe(401);
    });

    it('renders in the requested language: lang, then Accept-Language, then the user’s', async () => {
      const inArabic = (await list(reader, '?limit=1&lang=tn')).json().data[0].content;
      // Names and titles isolated (U+2068 … U+2069): Latin text keeps its place in the sentence.
      expect(inArabic).toBe(
        'أرسل إليك \u2068Délice\u2069 طلب محتوى جديدًا: «\u2068Request 10\u2069».',
      );
      const inFrench = (
        await list(reader, '?limit=1', { 'accept-language': 'fr-FR,fr;q=0.9' })
      ).json().data[0].content;
      expect(inFrench).toBe(
        'Délice vous a envoyé une nouvelle demande de contenu : « Request 10 ».',
      );
      const arabicHeader = (await list(reader, '?limit=1', { 'accept-language': 'ar-TN' })).json()
        .data[0].content;
      expect(arabicHeader).toBe(inArabic);

      const french = await createPerson(ctx, { role: 'TALENT', language: 'fr' });
      await notify({
        receiverUserId: french.userId,
        type: 'account_pending_validation',
        module: 'account',
      });
      const stored = (await list(french)).json().data[0];
      expect(stored.content).toBe(
        'Bienvenue sur Clipmarket ! Votre compte est en attente de validation. Nous vous préviendrons dès qu’il sera validé.',
      );
      expect(stored).toMatchObject({ sender: null, redirection: '/profile/check-profile' });
    });

    it('still lists notifications when allow_notifications is N', async () => {
      const quiet = await createPerson(ctx, { role: 'BRAND', allowNotifications: 'N' });
      const result = await notify({
        receiverUserId: quiet.userId,
        type: 'legal_info_reminder',
        module: 'account',
      });
      expect(result.pushed).toBe(false);
      const body = (await list(quiet)).json();
      expect(body.data[0].notification_hash).toBe(result.notification_hash);
      expect(body.data[0].redirection).toBe('/request-content?settings=legal-infos');
    });
  });

  describe('GET /v2/notification/:hash/read', () => {
    it('marks read, drops the unread count by one, and is idempotent', async () => {
      const person = await createPerson(ctx, { role: 'BRAND' });
      const sent = [];
      for (const name of ['One', 'Two']) {
        sent.push(
          await notify({
            receiverUserId: person.userId,
            type: 'request_accepted',
            module: 'content_request',
            moduleItemId: 7,
            sender: { userId: talent.userId },
            params: { request_name: name },
          }),
        );
      }
      const hash = sent[0]!.notification_hash;
      expect((await list(person)).json().attributes.count).toBe(2);

      const res = await read(person, hash);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          notification_hash: hash,
          notification_status: 'Read',
          redirection: '/request-content/7',
        },
      });
      const after = (await list(person)).json();
      expect(after.attributes).toMatchObject({ count: 1, total: 2 });
      const item = after.data.find(
        (i: { notification_hash: string }) => i.notification_hash === hash,
      );
      expect(item.notification_status).toBe('Read');

      expect((await read(person, hash)).statusCode).toBe(200);
      expect((await list(person)).json().attributes.count).toBe(1);
      const [row] = await ctx.database.db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(eq(notifications.hash, hash));
      expect(row?.readAt).toBeInstanceOf(Date);
    });

    it('answers 404 for another user’s hash or an unknown one, and 401 without a token', async () => {
      const { notification_hash } = await notify({
        receiverUserId: brand.userId,
        type: 'legal_info_reminder',
        module: 'account',
      });
      const res = await read(talent, notification_hash);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await read(brand, 'f'.repeat(64))).statusCode).toBe(404);
      expect((await read(null, notification_hash)).statusCode).toBe(401);
      const [row] = await ctx.database.db
        .select({ status: notifications.status })
        .from(notifications)
        .where(eq(notifications.hash, notification_hash));
      expect(row?.status).toBe('Not read');
    });
  });

  describe('DELETE /v2/notification/:hash', () => {
    it('lets the owner delete, and only the owner', async () => {
      const { notification_hash } = await notify({
        receiverUserId: talent.userId,
        type: 'financial_info_reminder',
        module: 'account',
      });
      expect((await remove(null, notification_hash)).statusCode).toBe(401);
      expect((await remove(brand, notification_hash)).statusCode).toBe(404);
      const res = await remove(talent, notification_hash);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { notification_hash, deleted: true } });
      expect((await remove(talent, notification_hash)).statusCode).toBe(404);
      const hashes = (await list(talent, '?limit=50'))
        .json()
        .data.map((i: { notification_hash: string }) => i.notification_hash);
      expect(hashes).not.toContain(notification_hash);
    });

    it('deleteNotification removes any notification for the system', async () => {
      const { notification_hash } = await notify({
        receiverUserId: talent.userId,
        type: 'financial_info_reminder',
        module: 'account',
      });
      expect(await ctx.modules.notifications.deleteNotification(notification_hash)).toBe(true);
      expect(await ctx.modules.notifications.deleteNotification(notification_hash)).toBe(false);
    });
  });

  describe('e-mail', () => {
    it('e-mails the receiver in their language only when allow_emails is Y', async () => {
      const before = new Set(readOutbox(ctx));
      const mailed = await createPerson(ctx, { role: 'TALENT', language: 'tn' });
      const result = await notify({
        receiverUserId: mailed.userId,
        type: 'new_content_request',
        module: 'content_request',
        moduleItemId: 4242,
        sender: { userId: brand.userId },
        params: { request_name: 'Ramadan' },
      });
      expect(result.emailed).toBe(true);
      // The mail job sends it just after.
      const added = await waitFor(
        () => {
          const fresh = readOutbox(ctx).filter(
            (m) => !before.has(m) && m.includes(`To: ${mailed.email}`),
          );
          return fresh.length > 0 && fresh;
        },
        { what: 'the notification e-mail' },
      );
      expect(added).toHaveLength(1);
      const message = added[0]!;
      expect(message).toContain(`To: ${mailed.email}`);
      // The body is encoded; decode the base64 / quoted-printable text part to check the language.
      expect(decodeParts(message)).toContain(
        'أرسل إليك \u2068Délice\u2069 طلب محتوى جديدًا: «\u2068Ramadan\u2069».',
      );
      expect(decodeParts(message)).toContain('http://localhost:3000/make-content/4242');

      const silent = await createPerson(ctx, { role: 'TALENT', allowEmails: 'N' });
      const quiet = await notify({
        receiverUserId: silent.userId,
        type: 'account_pending_validation',
        module: 'account',
      });
      expect(quiet.emailed).toBe(false);
      // Every mail job due has run: none was for the silent creator.
      await settleJobs(ctx);
      expect(readOutbox(ctx).filter((m) => m.includes(`To: ${silent.email}`))).toEqual([]);
    });
  });

  describe('POST /v2/notifications/test', () => {
    let adminPerson: TestPerson;
    beforeAll(async () => {
      adminPerson = await createPerson(ctx, { role: 'ADMIN' });
    });
    const create = (person: TestPerson | null, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/notifications/test',
        headers: person ? { authorization: `Bearer ${person.token}` } : {},
        payload,
      });

    it('lets an admin create any catalogue notification for a user', async () => {
      const receiver = await createPerson(ctx, { role: 'AGENCY', name: 'Agence Sud' });
      const res = await create(adminPerson, {
        user_id: receiver.userId,
        type: 'application_received',
        module_item_id: 9,
        sender_user_id: talent.userId,
        params: { opportunity_name: 'Back to school' },
      });
      expect(res.statusCode).toBe(201);
      const hash = res.json().data.notification_hash;
      const item = (await list(receiver)).json().data[0];
      expect(item).toMatchObject({
        notification_hash: hash,
        content: 'sami.creates applied to your opportunity "Back to school".',
        redirection: '/publish-opportunity/9/applications',
        content_opportunity: { content_opportunity_title: 'Back to school' },
      });
    });

    it('answers 403 to non-admins and 401 without a token', async () => {
      const payload = { user_id: talent.userId, type: 'content_accepted' };
      expect((await create(brand, payload)).statusCode).toBe(403);
      expect((await create(talent, payload)).statusCode).toBe(403);
      expect((await create(null, payload)).statusCode).toBe(401);
    });

    it('answers 400 for an unknown type, a type of another role or bad input; 404 for an unknown user', async () => {
      const bad = [
        { user_id: talent.userId, type: 'no_such_type' },
        { user_id: talent.userId, type: 'application_received' },
        { user_id: 'x', type: 'content_accepted' },
        { user_id: talent.userId, type: 'content_accepted', sender_user_id: 2_000_000_000 },
      ];
      for (const payload of bad) {
        const res = await create(adminPerson, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      const missing = await create(adminPerson, {
        user_id: 2_000_000_000,
        type: 'content_accepted',
      });
      expect(missing.statusCode).toBe(404);
    });

    it('sends the admin payment template to admins', async () => {
      const res = await create(adminPerson, {
        user_id: adminPerson.userId,
        type: 'admin_payment_received',
        module_item_id: 31,
        sender_user_id: brand.userId,
      });
      expect(res.statusCode).toBe(201);
      const item = (await list(adminPerson)).json().data[0];
      expect(item).toMatchObject({
        receiver_id: adminPerson.userId,
        content: 'Délice made a payment (reference 31).',
        redirection: '/admin/payments/31',
      });
    });
  });
});

/** The decoded text of every MIME part of an .eml file. */
function decodeParts(eml: string): string {
  const chunks: string[] = [];
  for (const part of eml.split(/\n--[^\n]+\n/)) {
    const [head = '', ...rest] = part.split('\n\n');
    const body = rest.join('\n\n');
    if (/content-transfer-encoding: base64/i.test(head)) {
      chunks.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    } else if (/content-transfer-encoding: quoted-printable/i.test(head)) {
      const joined = body.replace(/=\n/g, '');
      const bytes = joined.replace(/=([0-9A-F]{2})/gi, (_, h: string) =>
        String.fromCharCode(parseInt(h, 16)),
      );
      chunks.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else {
      chunks.push(body);
    }
  }
  return chunks.join('\n');
}

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaKitSettings } from '@clipmarket/contracts/media-kit';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { readOutbox } from '../auth/test-outbox.js';
import {
  callAs,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { mediaKits, mediaKitVisits } from '../media-kit/media-kit.schema.js';
import { influencers, users } from '../users/users.schema.js';
import { instantsOfWeek } from './notifications.media-kit-views.js';
import { notifications } from './notifications.schema.js';

/**
 * Issue 25 §5: the weekly "your media kit was viewed N times". The clock is the job's `now`:
 * Monday 4 Dec 2090 at 07:15 UTC, counting Monday 27 Nov to Sunday 3 Dec 2090 in Tunisia's
 * days (UTC+1) — a week no other test file's visits fall in, so the whole job can run on the
 * shared test database.
 */
const NOW = new Date('2090-12-04T07:15:00Z');
const NEXT_WEEK = new Date('2090-12-11T07:15:00Z');
const ltr = (value: string) => `\u2066${value}\u2069`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const kitSettings: MediaKitSettings = {
  theme: 'blue',
  language: 'en',
  headline: null,
  cover_file_id: null,
  hidden_sections: [],
  featured_line_ids: [],
  is_published: true,
};

/** A creator whose kit is on and saved (its rendering is not needed to count visits). */
async function creatorWithKit(options: { language?: 'en' | 'fr' | 'tn'; emails?: 'Y' | 'N' }) {
  const creator = await newCreator(ctx);
  await ctx.database.db
    .update(influencers)
    .set({ isShowMediaKit: true, allowEmails: options.emails ?? 'Y' })
    .where(eq(influencers.id, creator.influencerId));
  await ctx.database.db
    .update(users)
    .set({ language: options.language ?? 'en' })
    .where(eq(users.id, creator.userId));
  const saved = await callAs(ctx, creator.token, 'PUT', '/v2/media-kit', kitSettings);
  expect(saved.statusCode, saved.body).toBe(200);
  const [kit] = await ctx.database.db
    .select({ id: mediaKits.id })
    .from(mediaKits)
    .where(eq(mediaKits.userId, creator.userId));
  return { ...creator, kitId: kit!.id };
}

/** Counted visits at the given instants, each by a visitor of its own (as the page counts). */
async function visits(kitId: number, kind: 'view' | 'download', ...at: string[]) {
  for (const instant of at) {
    const occurredAt = new Date(instant);
    const visitHour = new Date(occurredAt);
    visitHour.setUTCMinutes(0, 0, 0);
    await ctx.database.db.insert(mediaKitVisits).values({
      kitId,
      kind,
      visitorHash: crypto.randomBytes(32).toString('hex'),
      visitHour,
      occurredAt,
    });
  }
}

async function bellOf(creator: TestCreator) {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.receiverUserId, creator.userId))
    .then((rows) => rows.filter((row) => row.type === 'media_kit_weekly_views'));
}

const mailsOf = async (creator: TestCreator) =>
  (await readOutbox(ctx, creator.email)).filter((mail) =>
    /media kit (was|a été)|ملفّك التعريفي/.test(mail.subject),
  );

describe('the weekly media kit views', () => {
  it('counts the past Monday to Sunday in Tunisia’s days', () => {
    expect(instantsOfWeek({ start: '2090-11-27', end: '2090-12-03' })).toEqual({
      from: new Date('2090-11-26T23:00:00Z'),
      to: new Date('2090-12-03T23:00:00Z'),
    });
  });

  it('tells each creator their week’s views and downloads, in their language, once, and nothing for a week without views', async () => {
    const english = await creatorWithKit({});
    const arabic = await creatorWithKit({ language: 'tn' });
    const noEmails = await creatorWithKit({ emails: 'N' });
    const downloadsOnly = await creatorWithKit({});
    const otherWeek = await creatorWithKit({});
    await visits(
      english.kitId,
      'view',
      '2090-11-26T23:30:00Z', // Monday 00:30 in Tunis: in
      '2090-11-30T12:00:00Z',
      '2090-12-03T22:59:00Z', // Sunday 23:59 in Tunis: in
      '2090-11-26T22:30:00Z', // Sunday before, 23:30 in Tunis: out
      '2090-12-03T23:10:00Z', // the next Monday in Tunis: out
    );
    await visits(english.kitId, 'download', '2090-11-28T10:00:00Z', '2090-11-29T10:00:00Z');
    await visits(arabic.kitId, 'view', '2090-12-01T09:00:00Z');
    await visits(noEmails.kitId, 'view', '2090-11-28T09:00:00Z', '2090-11-28T18:00:00Z');
    await visits(downloadsOnly.kitId, 'download', '2090-11-28T09:00:00Z');
    await visits(otherWeek.kitId, 'view', '2090-12-05T09:00:00Z');

    expect(await ctx.modules.notifications.mediaKitViews.sendWeeklyViews(NOW)).toEqual({
      emailed: 2,
      notified: 1,
      'already-sent': 0,
      failed: 0,
    });

    const [bell] = await bellOf(english);
    expect(bell).toMatchObject({
      module: 'account',
      params: { view_count: 3, download_count: 2 },
    });
    const listed = await callAs(
      ctx,
      english.token,
      'GET',
      '/v2/notifications?page=1&limit=20&lang=en',
    );
    expect(
      (listed.json().data as { notification_type: string; content: string; redirection: string }[])
        .filter((item) => item.notification_type === 'media_kit_weekly_views')
        .map(({ content, redirection }) => ({ content, redirection })),
    ).toEqual([
      {
        content: 'Your media kit last week — views: 3, PDF downloads: 2.',
        redirection: '/media-kit',
      },
    ]);
    const [mail] = await mailsOf(english);
    expect(mail!.subject).toBe('Your media kit was viewed 3 times last week');
    expect(mail!.text).toContain(
      'During the week of 27 Nov – 3 Dec, your media kit was viewed 3 times. Its PDF was downloaded 2 times.',
    );
    expect(mail!.text).toContain('/media-kit');

    const [arabicMail] = await mailsOf(arabic);
    expect(arabicMail!.subject).toBe('شوهد ملفّك التعريفي (ميديا كيت) مرة واحدة الأسبوع الماضي');
    expect(arabicMail!.text).toContain('ولم يُنزَّل ملف PDF الخاص به.');
    expect(arabicMail!.text).toContain(`من ${ltr('27')} نوفمبر إلى ${ltr('3')} ديسمبر`);
    expect(arabicMail!.html).toContain('dir="rtl"');

    // allow_emails N: the bell only.
    expect((await bellOf(noEmails)).map((row) => row.params)).toEqual([
      expect.objectContaining({ view_count: 2, download_count: 0 }),
    ]);
    expect(await mailsOf(noEmails)).toEqual([]);
    // No view that week: nothing, downloads or not.
    for (const creator of [downloadsOnly, otherWeek]) {
      expect(await bellOf(creator)).toEqual([]);
      expect(await mailsOf(creator)).toEqual([]);
    }

    // A rerun (a retry, another worker) sends nothing more.
    expect(await ctx.modules.notifications.mediaKitViews.sendWeeklyViews(NOW)).toEqual({
      emailed: 0,
      notified: 0,
      'already-sent': 3,
      failed: 0,
    });
    expect(await bellOf(english)).toHaveLength(1);
    expect(await mailsOf(english)).toHaveLength(1);

    // The next week counts its own views: the creator viewed only then, and the view of its
    // Monday 00:10 in Tunis left out of the week before.
    const nextWeek = await ctx.modules.notifications.mediaKitViews.sendWeeklyViews(NEXT_WEEK);
    expect(nextWeek).toMatchObject({ emailed: 2, 'already-sent': 0 });
    expect((await bellOf(otherWeek)).map((row) => row.params)).toEqual([
      expect.objectContaining({ view_count: 1, download_count: 0 }),
    ]);
    expect((await bellOf(english)).map((row) => row.params.view_count).sort()).toEqual([1, 3]);
  }, 60_000);
});

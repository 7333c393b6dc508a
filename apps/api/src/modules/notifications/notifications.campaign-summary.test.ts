import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignBody, CampaignDetail } from '@clipmarket/contracts/campaigns';
import { formatMoney } from '@clipmarket/contracts/money-format';
import type { PerformanceDetail } from '@clipmarket/contracts/performance';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { settleJobs } from '../../test/run-job-now.js';
import { readOutbox, type OutboxMail } from '../auth/test-outbox.js';
import {
  attachRequest,
  createCampaign,
  insertSnapshots,
  publishLinks,
  recordClicks,
  reviewedLine,
} from '../campaigns/campaigns.test-support.js';
import { contentRequestLinks } from '../content-requests/content-requests.schema.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import { advertisers, users } from '../users/users.schema.js';
import { pastWeekOf } from './notifications.campaign-summary.js';

/**
 * Issue 24 §6: the weekly campaign summary e-mail. The clock is the job's `now`: Monday 27 Nov
 * 2090 at 07:00 UTC (08:00 in Tunis), summarising Monday 20 to Sunday 26 Nov 2090 — a week no
 * other test file's campaign runs in, so the whole job can run on the shared test database.
 */
const NOW = new Date('2090-11-27T07:00:00Z');
const HOUR = 3_600_000;
const PUBLIC_URL = 'http://localhost:3000';
/** How Arabic text isolates what is written left to right. */
const ltr = (value: string) => `\u2066${value}\u2069`;
const named = (value: string) => `\u2068${value}\u2069`;

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  admin = await createAdmin(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

/** A campaign whose goal is traffic, with no landing page, unless `body` says otherwise. */
const newCampaign = (brand: TestUser, body: Partial<CampaignBody>) =>
  createCampaign(ctx, brand, { goal: 'traffic', target_url: null, ...body });

/**
 * For each video a request of `brand` to its creator on its platform, in the campaign; the
 * video approved and its publication link approved by the team at the given time.
 */
async function publishedVideos(
  brand: TestUser,
  campaignId: number,
  videos: { creator: TestCreator; platform: 'instagram' | 'tiktok'; approvedAt: Date }[],
) {
  const published = [];
  for (const { creator, platform, approvedAt } of videos) {
    const request = await sendRequest(ctx, brand, [creator], { platforms: [platform] });
    await attachRequest(ctx, brand, campaignId, request.id);
    const lineId = request.lineOf(creator);
    await reviewedLine(ctx, brand, creator, lineId);
    const [link] = await publishLinks(ctx, admin, creator, lineId, [platform]);
    // The team's approval, moved to the time the scenario needs.
    await ctx.database.db
      .update(contentRequestLinks)
      .set({ reviewedAt: approvedAt })
      .where(eq(contentRequestLinks.id, link!.id));
    published.push({ lineId, linkId: link!.id, platform });
  }
  return published;
}

/** The latest figures of a publication, read `hoursAgo` before the job's `now`. */
const latestFigures = (
  video: { lineId: number; linkId: number; platform: 'instagram' | 'tiktok' },
  figures: Partial<Record<'views' | 'likes' | 'comments' | 'shares' | 'saves', number>>,
  hoursAgo: number,
) =>
  insertSnapshots(ctx, {
    ...video,
    window: 'latest',
    readAt: new Date(NOW.getTime() - hoursAgo * HOUR),
    ...figures,
  });

async function setLanguage(user: TestUser, language: 'en' | 'fr' | 'tn') {
  await ctx.database.db.update(users).set({ language }).where(eq(users.id, user.userId));
}

async function campaignPage(brand: TestUser, campaignId: number) {
  const page = await callAs(ctx, brand.token, 'GET', `/v2/campaigns/${campaignId}`);
  expect(page.statusCode, page.body).toBe(200);
  return page.json().data as CampaignDetail;
}

async function performancePage(brand: TestUser, campaignId: number) {
  const page = await callAs(
    ctx,
    brand.token,
    'GET',
    `/v2/campaigns/${campaignId}/performance?view=mixed`,
  );
  expect(page.statusCode, page.body).toBe(200);
  return page.json().data as PerformanceDetail;
}

/** The summaries sent to `user` (their other notification e-mails left out). */
async function summariesOf(user: TestUser): Promise<OutboxMail[]> {
  // The queued e-mails sent here and now, rather than waiting for a worker's poll.
  await settleJobs(ctx);
  return (await readOutbox(ctx, user.email)).filter((mail) =>
    /Your campaigns this week|Vos campagnes cette semaine|حملاتك هذا الأسبوع/.test(mail.subject),
  );
}

async function bellOf(user: TestUser, type: string) {
  const answer = await callAs(ctx, user.token, 'GET', '/v2/notifications?page=1&limit=50');
  return (
    answer.json().data as { notification_type: string; redirection: string; content: string }[]
  ).filter((item) => item.notification_type === type);
}

/** Each advertiser of the scenario and what it has. */
interface World {
  english: TestUser;
  ramadan: CampaignDetail;
  backToSchool: CampaignDetail;
  arabic: TestUser;
  laban: CampaignDetail;
  silent: TestUser;
  idle: TestUser;
}
let world: World;

beforeAll(async () => {
  // An English-speaking brand: a campaign running through the week with two published videos
  // (one approved during the week, one before), one that ended mid-week, and three that did
  // not run that week (ended the day before, upcoming, starting on the day of the e-mail).
  const english = await newBrand(ctx, 5_000_000);
  const ramadan = await newCampaign(english, {
    name: 'Ramadan 2091',
    starts_on: '2090-11-01',
    ends_on: '2090-12-31',
    target_url: 'https://jasmin.tn/ramadan',
  });
  const [a, b] = await publishedVideos(english, ramadan.campaign_id, [
    {
      creator: await newCreator(ctx),
      platform: 'instagram',
      approvedAt: new Date('2090-11-22T09:00:00Z'),
    },
    {
      creator: await newCreator(ctx),
      platform: 'tiktok',
      approvedAt: new Date('2090-11-10T09:00:00Z'),
    },
  ]);
  await latestFigures(a!, { views: 4000, likes: 200, comments: 40, shares: 30, saves: 10 }, 1);
  await latestFigures(b!, { views: 1500, likes: 100, comments: 5, shares: 5 }, 3);
  await recordClicks(ctx, a!.lineId, 3);
  const backToSchool = await newCampaign(english, {
    name: 'Back to school',
    goal: 'brand-awareness',
    starts_on: '2090-09-01',
    ends_on: '2090-11-22',
    budget: 500_000,
  });
  await newCampaign(english, {
    name: 'Summer by the sea',
    starts_on: '2090-06-01',
    ends_on: '2090-11-19',
  });
  await newCampaign(english, {
    name: 'Spring collection',
    starts_on: '2091-03-01',
    ends_on: '2091-04-30',
  });
  await newCampaign(english, {
    name: 'Winter sale',
    starts_on: '2090-11-27',
    ends_on: '2090-12-31',
  });

  // An Arabic-speaking brand: a running campaign, its one video published before the week.
  const arabic = await newBrand(ctx, 5_000_000);
  await setLanguage(arabic, 'tn');
  const laban = await newCampaign(arabic, {
    name: 'Laban summer',
    goal: 'engagement',
    starts_on: '2090-10-15',
    ends_on: '2090-12-15',
    budget: 1_500_000,
  });
  const [c] = await publishedVideos(arabic, laban.campaign_id, [
    {
      creator: await newCreator(ctx),
      platform: 'instagram',
      approvedAt: new Date('2090-11-17T09:00:00Z'),
    },
  ]);
  await latestFigures(c!, { views: 12_500, likes: 900, comments: 60 }, 5);

  // A brand that turned e-mails off, with a running campaign; one whose campaigns all ran
  // outside the week.
  const silent = await newBrand(ctx);
  await ctx.database.db
    .update(advertisers)
    .set({ allowEmails: 'N' })
    .where(eq(advertisers.userId, silent.userId));
  await newCampaign(silent, {
    name: 'Silent night',
    starts_on: '2090-11-01',
    ends_on: '2090-12-31',
  });
  const idle = await newBrand(ctx);
  await newCampaign(idle, { name: 'Old news', starts_on: '2090-01-01', ends_on: '2090-11-19' });
  await newCampaign(idle, { name: 'Next year', starts_on: '2091-01-05', ends_on: '2091-02-05' });

  world = { english, ramadan, backToSchool, arabic, laban, silent, idle };

  // The job, twice at once (two workers). Each run reads every advertiser of the shared test
  // database: the rerun later in the week is checked on one advertiser (`sendTo`, its step).
  const summaries = ctx.modules.notifications.campaignSummaries;
  await Promise.all([summaries.sendWeeklySummaries(NOW), summaries.sendWeeklySummaries(NOW)]);
}, 120_000);

describe('the weekly campaign summary', () => {
  it('summarises the Monday–Sunday before the day it is sent, in Tunisia’s days', () => {
    // Scheduled on Mondays at 07:00 UTC (cron in the job's definition).
    expect(ctx.jobs.isRegistered('campaign-weekly-summary')).toBe(true);
    expect(pastWeekOf(NOW)).toEqual({ start: '2090-11-20', end: '2090-11-26' });
    // Sunday 23:30 in Tunis is still Sunday: its week is the one before.
    expect(pastWeekOf(new Date('2090-11-26T22:30:00Z'))).toEqual({
      start: '2090-11-13',
      end: '2090-11-19',
    });
    // Monday 00:30 in Tunis (Sunday 23:30 UTC) is already the next week.
    expect(pastWeekOf(new Date('2090-11-26T23:30:00Z'))).toEqual({
      start: '2090-11-20',
      end: '2090-11-26',
    });
  });

  it('e-mails an advertiser once, with each campaign of the week, its figures and links', async () => {
    const { english, ramadan, backToSchool } = world;
    const mails = await summariesOf(english);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your campaigns this week — 20–26 Nov');

    const page = await campaignPage(english, ramadan.campaign_id);
    const performance = await performancePage(english, ramadan.campaign_id);
    expect(performance.totals).toMatchObject({
      published: 2,
      views: 5500,
      engagements: 390,
      clicks: 3,
    });
    expect(page.money.spent).toBeGreaterThan(0);
    const text = mail.text;
    expect(text).toContain('Here is where your campaigns stand after the week of 20–26 Nov.');
    expect(text).toContain(
      [
        'Ramadan 2091',
        'Goal: Traffic · Running · 1 Nov 2090 – 31 Dec 2090',
        'Videos published: 2, 1 of them this week',
        'Views: 5,500 · Engagements: 390',
        'Figures from Instagram API, TikTok API, read up to 3 hours ago',
        'Clicks on tracked links: 3',
        `Spent: ${formatMoney(page.money.spent, 'en')} of a 2,000.000 TND budget`,
        `Open the campaign: ${PUBLIC_URL}/campaign/${ramadan.campaign_id}`,
        `See its performance: ${PUBLIC_URL}/campaign/${ramadan.campaign_id}/performance-mixed`,
      ].join('\n'),
    );
    // Ended on Wednesday of the week: there, ended, with nothing published.
    expect(text).toContain(
      [
        'Back to school',
        'Goal: Brand awareness · Ended · 1 Sep 2090 – 22 Nov 2090',
        'No video published yet',
        'Clicks on tracked links: 0',
        'Spent: 0.000 TND of a 500.000 TND budget',
        `Open the campaign: ${PUBLIC_URL}/campaign/${backToSchool.campaign_id}`,
      ].join('\n'),
    );
    // Campaigns that did not run during the week are left out, and so is everyone else's.
    for (const absent of [
      'Summer by the sea',
      'Spring collection',
      'Winter sale',
      'Laban summer',
      'Silent night',
    ]) {
      expect(text).not.toContain(absent);
      expect(mail.html).not.toContain(absent);
    }
    expect(text).toContain(
      'You receive this summary every Monday because "Allow e-mails" is on in your notification preferences.',
    );
    expect(text).toContain(
      `Change your notification preferences: ${PUBLIC_URL}/campaign?settings=notifications-preferences`,
    );
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(
      `<a href="${PUBLIC_URL}/campaign/${ramadan.campaign_id}/performance-mixed">See its performance</a>`,
    );

    // The bell says where the summary is, once.
    const bell = await bellOf(english, 'campaign_weekly_summary');
    expect(bell).toHaveLength(1);
    expect(bell[0]!.redirection).toBe('/campaign');
    expect(bell[0]!.content).toMatch(/^Your weekly campaign summary is in your e-mails/);
  });

  it('writes it in Arabic, right to left, for an advertiser who reads Arabic', async () => {
    const { arabic, laban, english } = world;
    const mails = await summariesOf(arabic);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`حملاتك هذا الأسبوع — من ${ltr('20')} إلى ${ltr('26')} نوفمبر`);
    const page = await campaignPage(arabic, laban.campaign_id);
    expect(mail.text).toContain(
      [
        named('Laban summer'),
        `الهدف: التفاعل · جارية · من ${ltr('15')} أكتوبر ${ltr('2090')} إلى ${ltr('15')} ديسمبر ${ltr('2090')}`,
        `الفيديوهات المنشورة: ${ltr('1')}، منها ${ltr('0')} هذا الأسبوع`,
        `المشاهدات: ${ltr('12.500')} · التفاعلات: ${ltr('960')}`,
        `أرقام من ${named('واجهة Instagram البرمجية')}، قُرئت قبل 5 ساعات على الأكثر`,
        `النقرات على روابط التتبّع: ${ltr('0')}`,
        `المصروف: ${ltr(formatMoney(page.money.spent, 'tn'))} من ميزانية قدرها ${ltr('1.500,000 TND')}`,
        `فتح الحملة: ${PUBLIC_URL}/campaign/${laban.campaign_id}`,
        `عرض أدائها: ${PUBLIC_URL}/campaign/${laban.campaign_id}/performance-mixed`,
      ].join('\n'),
    );
    expect(mail.text).toContain('تتلقى هذا الملخّص كل يوم اثنين');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).not.toContain('Ramadan 2091');
    // Nothing of its campaign in the English brand's e-mail either.
    expect((await summariesOf(english))[0]!.text).not.toContain('Laban');
  });

  it('sends nothing to an advertiser who turned e-mails off, or whose campaigns did not run', async () => {
    const { silent, idle } = world;
    expect(await summariesOf(silent)).toEqual([]);
    expect(await summariesOf(idle)).toEqual([]);
    expect(await bellOf(silent, 'campaign_weekly_summary')).toEqual([]);
    expect(await bellOf(idle, 'campaign_weekly_summary')).toEqual([]);
    const summaries = ctx.modules.notifications.campaignSummaries;
    expect(await summaries.sendTo(silent.userId, NOW)).toBe('emails-off');
    expect(await summaries.sendTo(idle.userId, NOW)).toBe('no-campaign');
  });

  it('sends nothing more when run again during the week, and the next week’s the next Monday', async () => {
    const { english, arabic } = world;
    const summaries = ctx.modules.notifications.campaignSummaries;
    // Rerun on Wednesday: the same week, already sent.
    expect(await summaries.sendTo(english.userId, new Date('2090-11-29T10:00:00Z'))).toBe(
      'already-sent',
    );
    const nextMonday = new Date('2090-12-04T07:00:00Z');
    expect(await summaries.sendTo(english.userId, nextMonday)).toBe('sent');
    expect((await summariesOf(english)).map((mail) => mail.subject)).toEqual([
      'Your campaigns this week — 20–26 Nov',
      'Your campaigns this week — 27 Nov – 3 Dec',
    ]);
    // Two workers reaching the same advertiser at the same moment: one of them sends.
    const outcomes = await Promise.all([
      summaries.sendTo(arabic.userId, nextMonday),
      summaries.sendTo(arabic.userId, nextMonday),
    ]);
    expect(outcomes.sort()).toEqual(['already-sent', 'sent']);
    expect(await summariesOf(arabic)).toHaveLength(2);
    expect(await bellOf(arabic, 'campaign_weekly_summary')).toHaveLength(2);
  });
});

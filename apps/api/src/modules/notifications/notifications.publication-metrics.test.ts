import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { settleJobs } from '../../test/run-job-now.js';
import { waitFor } from '../../test/wait-for.js';
import { lineRow } from '../content-requests/delivery/review.test-support.js';
import { callAs, newCreator } from '../content-requests/content-requests.test-support.js';
import {
  approvedLine,
  consent,
  controlClock,
  DAY,
  HOUR,
} from '../publication-metrics/publication-metrics.test-support.js';
import { createAdmin, createFile, type TestUser } from '../users/test-users.js';

/**
 * Issue 24 §6 for a published video's figures: the team's check of submitted figures told to
 * the creator (approved; declined with the reason) and the reminder of the 7-day figures a
 * post no connected account reads, once per link; texts in the three languages, links and the
 * menu highlight.
 */
let ctx: TestContext;
let admin: TestUser;
let clock: ReturnType<typeof controlClock>;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
  admin = await createAdmin(ctx);
  clock = controlClock(ctx, new Date());
});
afterAll(async () => {
  clock?.restore();
  await ctx?.close();
});

interface Item {
  notification_type: string;
  module_item_id: number | null;
  content: string;
  redirection: string;
}

async function itemsOf(user: TestUser, type: string, language = 'en') {
  const answer = await callAs(
    ctx,
    user.token,
    'GET',
    '/v2/notifications?page=1&limit=50',
    undefined,
    {
      'accept-language': language,
    },
  );
  return (answer.json().data as Item[]).filter((item) => item.notification_type === type);
}

/** The caller's notification of `type`, once one is there. */
const notificationOf = async (user: TestUser, type: string, language = 'en') =>
  (
    await waitFor(
      async () => {
        const found = await itemsOf(user, type, language);
        return found.length > 0 && found;
      },
      { what: `the ${type} notification` },
    )
  )[0]!;

async function reference(lineId: number) {
  const line = await lineRow(ctx, lineId);
  return contentRequestLineReference(line.contentRequestId, line.lineNumber);
}

async function submitFigures(creator: TestUser, linkId: number, window = 'latest') {
  const screenshot = await createFile(ctx, creator.userId, {
    purpose: 'metric-screenshot',
    visibility: 'private',
  });
  const answer = await callAs(
    ctx,
    creator.token,
    'POST',
    `/v2/publication-metrics/${linkId}/submissions`,
    {
      window,
      views: 900,
      likes: 40,
      comments: 3,
      shares: 1,
      screenshot_file_id: screenshot.fileId,
    },
  );
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data.submission_id as number;
}

const decide = (submissionId: number, body: Record<string, unknown>) =>
  callAs(ctx, admin.token, 'POST', `/v2/admin/metric-submissions/${submissionId}`, body);

describe('publication figures notifications', () => {
  it("tells the creator the team's check: approved, or declined with the reason", async () => {
    const creator = await newCreator(ctx);
    const line = await approvedLine(ctx, admin, creator, {
      tiktok: `https://www.tiktok.com/@me/video/81${Date.now()}`,
    });
    const ref = await reference(line.lineId);

    const first = await submitFigures(creator, line.linkIdOf('tiktok'));
    expect((await decide(first, { decision: 'approve' })).statusCode).toBe(200);
    const approved = await notificationOf(creator, 'metric_submission_approved');
    expect(approved.content).toMatch(
      new RegExp(`^Your TikTok figures for ".+" \\(${ref}\\) were checked and approved\\.$`),
    );
    expect(approved.redirection).toBe(`/make-content/${line.lineId}`);
    expect(approved.module_item_id).toBe(line.lineId);
    const twinkling = (
      await callAs(ctx, creator.token, 'GET', '/v2/request/get_twinkling/list')
    ).json().data as Record<string, boolean>;
    expect(twinkling.twinkling_accept_request).toBe(true);

    const second = await submitFigures(creator, line.linkIdOf('tiktok'), '72h');
    const declined = await decide(second, {
      decision: 'decline',
      reason: 'the views are not on the screenshot',
    });
    expect(declined.statusCode).toBe(200);
    const told = await notificationOf(creator, 'metric_submission_declined');
    expect(told.content).toContain(
      `were declined: the views are not on the screenshot. Please submit them again`,
    );
    expect(told.redirection).toBe(`/make-content/${line.lineId}`);
    expect((await notificationOf(creator, 'metric_submission_declined', 'fr')).content).toContain(
      'ont été refusés : the views are not on the screenshot.',
    );
    expect((await notificationOf(creator, 'metric_submission_declined', 'ar')).content).toContain(
      'تم رفض أرقامك على \u2068TikTok\u2069',
    );
    // A second decision is refused and tells nobody again.
    expect((await decide(second, { decision: 'approve' })).statusCode).toBe(409);
    expect(await itemsOf(creator, 'metric_submission_approved')).toHaveLength(1);
  });

  it('reminds a creator of the 7-day figures once per link, only where no account reads them and nothing was submitted', async () => {
    const owing = await newCreator(ctx);
    const owed = await approvedLine(ctx, admin, owing, {
      tiktok: `https://www.tiktok.com/@me/video/82${Date.now()}`,
    });
    const submitting = await newCreator(ctx);
    const submitted = await approvedLine(ctx, admin, submitting, {
      tiktok: `https://www.tiktok.com/@me/video/83${Date.now()}`,
    });
    await submitFigures(submitting, submitted.linkIdOf('tiktok'), '7d');
    const connected = await newCreator(ctx);
    const started = await callAs(
      ctx,
      connected.token,
      'POST',
      '/v2/social-accounts/instagram/connect',
    );
    const back = await consent(ctx, started.json().data.authorize_url, {
      username: `ig_${Date.now().toString(36)}`,
    });
    await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    await approvedLine(ctx, admin, connected, {
      instagram: `https://www.instagram.com/reel/N${Date.now().toString(36)}/`,
    });

    // Six days on, nothing is due yet.
    const { reminders } = ctx.modules.publicationMetrics;
    clock.set(new Date(Date.now() + 6 * DAY));
    await reminders.remindFiguresDue();
    await settleJobs(ctx);
    expect(await itemsOf(owing, 'metric_figures_due')).toHaveLength(0);
    // Seven days on, the owed link is reminded; two daily runs still tell once.
    clock.set(new Date(Date.now() + 7 * DAY + HOUR));
    await reminders.remindFiguresDue();
    clock.set(new Date(Date.now() + 8 * DAY + HOUR));
    await reminders.remindFiguresDue();

    const due = await notificationOf(owing, 'metric_figures_due');
    expect(due.content).toMatch(
      /^Your video for ".+" \(.+\) has been online for 7 days: submit its TikTok figures with a screenshot of its insights, or connect your account so that they are read automatically\.$/,
    );
    expect(due.redirection).toBe(`/make-content/${owed.lineId}`);
    expect((await notificationOf(owing, 'metric_figures_due', 'fr')).content).toContain(
      'est en ligne depuis 7 jours',
    );
    expect((await notificationOf(owing, 'metric_figures_due', 'ar')).content).toContain(
      'مرّت 7 أيام على نشر الفيديو',
    );
    // Every handler of both runs has run: still one.
    await settleJobs(ctx);
    expect(await itemsOf(owing, 'metric_figures_due')).toHaveLength(1);
    expect(await itemsOf(submitting, 'metric_figures_due')).toHaveLength(0);
    expect(await itemsOf(connected, 'metric_figures_due')).toHaveLength(0);
  });
});

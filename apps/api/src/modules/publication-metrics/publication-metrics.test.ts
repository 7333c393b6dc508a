import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MetricPlatform } from '@clipmarket/contracts/publication-metrics';
import { quoteIdentifier } from '../../platform/jobs/job-queue.js';
import type { TestContext } from '../../test/harness.js';
import { runJobNow, settleJobs } from '../../test/run-job-now.js';
import { waitFor } from '../../test/wait-for.js';
import { callAs, newBrand, newCreator } from '../content-requests/content-requests.test-support.js';
import type { SocialSandboxService } from '../social-sandbox/index.js';
import { createFile, type TestUser } from '../users/test-users.js';
import { metricsOfLines } from './index.js';
import {
  metricPublications,
  metricSnapshots,
  metricSubmissions,
  socialAccounts,
} from './publication-metrics.schema.js';
import {
  approvedLine,
  connect,
  consent,
  DAY,
  HOUR,
  serial,
  startMetricsTest,
  stopMetricsTest,
  unique,
  type MetricsClock,
} from './publication-metrics.test-support.js';
import { createTokenCipher, resolveMetricsTokenKey } from './token-cipher.js';

/**
 * Publication metrics (issue 24 §2): connected accounts (OAuth through the sandboxes, tokens
 * encrypted at rest and refreshed), the window snapshots scheduled when the team approves a
 * line's links and read on a controlled clock, the daily refresh, failures (expired token,
 * rate limit, deleted post), and the figures creators submit with a screenshot.
 */
let ctx: TestContext;
let admin: TestUser;
let sandbox: SocialSandboxService;
let clock: MetricsClock;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ({ ctx, admin, sandbox, clock } = await startMetricsTest(origin));
});
afterAll(() => stopMetricsTest(ctx, clock));

/**
 * A new creator with their `platform` account connected, their paid line's link to the post
 * `urlOf(username)` approved by the team and tracked, and the post published in the sandbox
 * `hoursBefore` the approval.
 */
async function trackedPost(
  platform: MetricPlatform,
  postKey: string,
  urlOf: (username: string) => string,
  hoursBefore = 0,
) {
  const creator = await newCreator(ctx);
  const username = `${platform === 'instagram' ? 'ig' : 'tt'}_${unique()}`;
  await connect(ctx, creator, platform, username);
  const line = await approvedLine(ctx, admin, creator, { [platform]: urlOf(username) });
  const link = line.linkOf(platform);
  const approvedAt = link.reviewedAt!;
  await sandbox.publishPost({
    platform,
    username,
    postKey,
    publishedAt: new Date(approvedAt.getTime() - hoursBefore * HOUR),
  });
  return { creator, username, line, link, approvedAt };
}

const accountOf = async (userId: number, platform: 'instagram' | 'tiktok') =>
  (
    await ctx.database.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)))
  )[0];

const snapshotOf = async (linkId: number, window: string) =>
  (
    await ctx.database.db
      .select()
      .from(metricSnapshots)
      .where(
        and(eq(metricSnapshots.linkId, linkId), eq(metricSnapshots.window, window as 'latest')),
      )
  )[0];

const publicationOf = async (linkId: number) =>
  (
    await ctx.database.db
      .select()
      .from(metricPublications)
      .where(eq(metricPublications.linkId, linkId))
  )[0];

/** The staged window reads of a link: window → when it may run. */
async function windowJobsOf(linkId: number) {
  const { rows } = await ctx.database.query<{ data: { window: string }; start_after: Date }>(
    `select data, start_after from ${quoteIdentifier(ctx.env.JOBS_SCHEMA)}.job
      where name = 'publication-metrics-window' and data @> $1::jsonb`,
    [JSON.stringify({ linkId })],
  );
  return new Map(rows.map((row) => [row.data.window, new Date(row.start_after).getTime()]));
}

describe('connected accounts', () => {
  it('connects an Instagram account by OAuth, keeps its token encrypted, lists and disconnects it', async () => {
    const creator = await newCreator(ctx);
    const username = `maya_${unique()}`;
    expect(await connect(ctx, creator, 'instagram', username)).toBe(
      `${origin}/showcase?connected=instagram`,
    );

    const listed = await callAs(ctx, creator.token, 'GET', '/v2/social-accounts');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      { platform: 'instagram', username, status: 'connected', connected_at: expect.any(String) },
    ]);
    expect(listed.body).not.toContain('sbx1.');

    // At rest the token is ciphertext; the key of the data folder opens it, and it works.
    const row = (await accountOf(creator.userId, 'instagram'))!;
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
    expect(row.accessTokenEncrypted).not.toContain('sbx1.');
    const cipher = createTokenCipher(resolveMetricsTokenKey(undefined, ctx.dataDir));
    const plain = cipher.decrypt(row.accessTokenEncrypted);
    expect(plain).toMatch(/^sbx1\./);
    expect(sandbox.verify(plain, 'instagram', ['access'])).toMatchObject({ username });
    expect(row.externalAccountId).toBe(sandbox.accountIdOf('instagram', username));

    const removed = await callAs(ctx, creator.token, 'DELETE', '/v2/social-accounts/instagram');
    expect(removed.statusCode).toBe(204);
    expect(await accountOf(creator.userId, 'instagram')).toBeUndefined();
    expect(
      (await callAs(ctx, creator.token, 'DELETE', '/v2/social-accounts/instagram')).statusCode,
    ).toBe(404);
  });

  it('refuses a forged or foreign state, tells a denial, and is for creators only', async () => {
    const creator = await newCreator(ctx);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/v2/social-accounts/tiktok/callback?code=x&state=${creator.userId}.tiktok.9999999999999.00.forged`,
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(
      `${origin}/showcase?connect_error=invalid&platform=tiktok`,
    );

    // A state made for Instagram does not connect TikTok.
    const started = await callAs(
      ctx,
      creator.token,
      'POST',
      '/v2/social-accounts/instagram/connect',
    );
    const state = new URL(started.json().data.authorize_url).searchParams.get('state')!;
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: `/v2/social-accounts/tiktok/callback?code=x&state=${encodeURIComponent(state)}`,
    });
    expect(crossed.headers.location).toContain('connect_error=invalid');

    const denied = await consent(ctx, started.json().data.authorize_url, { decision: 'deny' });
    const back = await ctx.app.inject({ method: 'GET', url: `${denied.pathname}${denied.search}` });
    expect(back.headers.location).toBe(
      `${origin}/showcase?connect_error=denied&platform=instagram`,
    );
    expect(await accountOf(creator.userId, 'instagram')).toBeUndefined();

    const brand = await newBrand(ctx);
    expect((await callAs(ctx, brand.token, 'GET', '/v2/social-accounts')).statusCode).toBe(403);
    expect(
      (await callAs(ctx, brand.token, 'POST', '/v2/social-accounts/instagram/connect')).statusCode,
    ).toBe(403);
    expect(
      (await callAs(ctx, creator.token, 'POST', '/v2/social-accounts/youtube/connect')).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/social-accounts' })).statusCode).toBe(
      401,
    );
  });
});

describe('snapshots', () => {
  it('schedules the four windows at the approval, reads them on the clock, and fills the latest', async () => {
    clock.set(new Date());
    const shortcode = `R${unique()}`;
    const { creator, line, link, approvedAt } = await trackedPost(
      'instagram',
      shortcode,
      () => `https://www.instagram.com/reel/${shortcode}/`,
      2,
    );

    // The line's approval is relayed to the metrics: tracked, and four reads staged.
    await settleJobs(ctx);
    const jobs = await waitFor(
      async () => {
        const found = await windowJobsOf(link.id);
        return found.size === 4 && found;
      },
      { what: 'the window jobs' },
    );
    expect(Object.fromEntries(jobs)).toEqual({
      '24h': approvedAt.getTime() + 24 * HOUR,
      '72h': approvedAt.getTime() + 72 * HOUR,
      '7d': approvedAt.getTime() + 7 * DAY,
      '30d': approvedAt.getTime() + 30 * DAY,
    });
    expect(await publicationOf(link.id)).toMatchObject({
      lineId: line.lineId,
      platform: 'instagram',
      creatorUserId: creator.userId,
      postState: 'live',
    });

    const views: number[] = [];
    for (const [window, offset] of [
      ['24h', 24 * HOUR],
      ['72h', 72 * HOUR],
      ['7d', 7 * DAY],
      ['30d', 30 * DAY],
    ] as const) {
      clock.set(new Date(approvedAt.getTime() + offset));
      await runJobNow(ctx, 'publication-metrics-window', { linkId: link.id, window });
      const snapshot = (await snapshotOf(link.id, window))!;
      expect(snapshot).toMatchObject({
        source: 'instagram_api',
        readAt: clock.now(),
        postDeleted: false,
      });
      expect(snapshot.reach).toBeGreaterThan(0);
      expect(snapshot.watchTimeMs).toBeGreaterThan(0);
      views.push(snapshot.views!);
      expect((await snapshotOf(link.id, 'latest'))!.readAt).toEqual(clock.now());
    }
    expect(views).toEqual([...views].sort((a, b) => a - b));
    expect(views[0]).toBeLessThan(views[3]!);
    expect((await publicationOf(link.id))!.externalMediaId).toMatch(/^1790/);

    // A window is written once: reading it again later changes only the latest.
    clock.set(new Date(approvedAt.getTime() + 31 * DAY));
    const publication = (await publicationOf(link.id))!;
    expect(await ctx.modules.publicationMetrics.collector.readPublication(publication, '24h')).toBe(
      'read',
    );
    expect((await snapshotOf(link.id, '24h'))!.views).toBe(views[0]);
    expect((await snapshotOf(link.id, 'latest'))!.readAt).toEqual(clock.now());

    const metrics = (await metricsOfLines(ctx.database.db, [line.lineId])).get(line.lineId)!;
    expect(metrics).toHaveLength(1);
    expect(metrics[0]!.windows['7d']).toMatchObject({
      source: 'instagram_api',
      checked: null,
      views: views[2],
      readAt: new Date(approvedAt.getTime() + 7 * DAY),
    });
    expect(metrics[0]!.latest).toMatchObject({ source: 'instagram_api', readAt: clock.now() });

    // Another account connected instead: its posts are looked for again in that one.
    clock.set(new Date());
    await connect(ctx, creator, 'instagram', `other_${unique()}`);
    expect((await publicationOf(link.id))!.externalMediaId).toBeNull();
  });

  it('refreshes the latest figures daily for posts under 30 days, not older ones', async () => {
    clock.set(new Date());
    const videoId = `75${Date.now()}${serial()}`;
    const { link, approvedAt } = await trackedPost(
      'tiktok',
      videoId,
      (username) => `https://www.tiktok.com/@${username}/video/${videoId}`,
    );
    await settleJobs(ctx);
    await waitFor(() => publicationOf(link.id), { what: 'the tracked publication' });

    clock.set(new Date(approvedAt.getTime() + 10 * DAY));
    await ctx.jobs.send('publication-metrics-daily', {});
    await settleJobs(ctx);
    const latest = (await snapshotOf(link.id, 'latest'))!;
    expect(latest).toMatchObject({
      source: 'tiktok_api',
      readAt: clock.now(),
      reach: null,
      saves: null,
    });
    expect(latest.views).toBeGreaterThan(0);

    clock.set(new Date(approvedAt.getTime() + 31 * DAY));
    await ctx.modules.publicationMetrics.collector.refreshLatest();
    expect((await snapshotOf(link.id, 'latest'))!.readAt).toEqual(
      new Date(approvedAt.getTime() + 10 * DAY),
    );
  });

  it('marks an account whose token the platform refuses, retries a rate limit, records a deleted post once', async () => {
    clock.set(new Date());
    const shortcode = `D${unique()}`;
    const { creator, username, link, approvedAt } = await trackedPost(
      'instagram',
      shortcode,
      () => `https://www.instagram.com/p/${shortcode}/`,
    );
    await settleJobs(ctx);
    const collector = ctx.modules.publicationMetrics.collector;
    await waitFor(() => publicationOf(link.id), { what: 'the tracked publication' });

    // A rate limit: the job fails and waits for its retry, nothing is written; the retry reads.
    clock.set(new Date(approvedAt.getTime() + 24 * HOUR));
    sandbox.answerRateLimitNext('instagram', 1);
    const [jobId] = await runJobNow(ctx, 'publication-metrics-window', {
      linkId: link.id,
      window: '24h',
    });
    const jobs = quoteIdentifier(ctx.env.JOBS_SCHEMA);
    const stateOf = async () =>
      (
        await ctx.database.query<{ state: string }>(`select state from ${jobs}.job where id = $1`, [
          jobId,
        ])
      ).rows[0]!.state;
    expect(await stateOf()).toBe('retry');
    expect(await snapshotOf(link.id, '24h')).toBeUndefined();
    await ctx.database.query(
      `update ${jobs}.job set start_after = now() - interval '1 second' where id = $1`,
      [jobId],
    );
    await settleJobs(ctx);
    expect(await stateOf()).toBe('completed');
    expect(await snapshotOf(link.id, '24h')).toMatchObject({
      source: 'instagram_api',
      readAt: clock.now(),
    });

    // The creator deletes the post: recorded once, with no figures, and not read again.
    await sandbox.deletePost('instagram', shortcode);
    clock.set(new Date(approvedAt.getTime() + 72 * HOUR));
    expect(await collector.readPublication((await publicationOf(link.id))!, '72h')).toBe(
      'post_deleted',
    );
    expect(await snapshotOf(link.id, '72h')).toMatchObject({
      postDeleted: true,
      views: null,
      likes: null,
    });
    const deleted = (await publicationOf(link.id))!;
    expect(deleted.postState).toBe('deleted');
    clock.set(new Date(approvedAt.getTime() + 7 * DAY));
    await runJobNow(ctx, 'publication-metrics-window', { linkId: link.id, window: '7d' });
    expect(await snapshotOf(link.id, '7d')).toBeUndefined();

    // Past the long-lived token's 60 days nobody refreshed: the account needs reconnecting.
    const other = await approvedLine(ctx, admin, creator, {
      instagram: `https://www.instagram.com/p/E${unique()}/`,
    });
    await settleJobs(ctx);
    const otherPublication = await waitFor(() => publicationOf(other.linkOf('instagram').id), {
      what: 'the second publication',
    });
    clock.set(new Date(Date.now() + 61 * DAY));
    expect(await collector.readPublication(otherPublication, 'latest')).toBe('no_account');
    expect((await accountOf(creator.userId, 'instagram'))!.status).toBe('reconnect_needed');
    const listed = await callAs(ctx, creator.token, 'GET', '/v2/social-accounts');
    expect(listed.json().data[0]).toMatchObject({
      platform: 'instagram',
      status: 'reconnect_needed',
    });
    // Connecting again makes it usable.
    clock.set(new Date());
    await connect(ctx, creator, 'instagram', username);
    expect((await accountOf(creator.userId, 'instagram'))!.status).toBe('connected');
  });

  it('refreshes tokens that end soon with the refresh job', async () => {
    const creator = await newCreator(ctx);
    clock.set(new Date());
    await connect(ctx, creator, 'tiktok', `tt_${unique()}`);
    const before = (await accountOf(creator.userId, 'tiktok'))!;
    // TikTok's token lasts 24 h: 20 h later it ends within the job's 6 h.
    clock.set(new Date(Date.now() + 20 * HOUR));
    await ctx.jobs.send('social-accounts-token-refresh', {});
    await settleJobs(ctx);
    const after = (await accountOf(creator.userId, 'tiktok'))!;
    expect(after.accessTokenEncrypted).not.toBe(before.accessTokenEncrypted);
    expect(after.refreshTokenEncrypted).toMatch(/^v1\./);
    expect(after.refreshTokenEncrypted).not.toBe(before.refreshTokenEncrypted);
    expect(after.refreshTokenEncrypted).not.toContain('sbx1.');
    expect(after.accessTokenExpiresAt.getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    expect(after.status).toBe('connected');
    clock.set(new Date());
  });
});

describe("creators' submitted figures", () => {
  const figures = { views: 1200, likes: 80, comments: 6, shares: 4 };

  it('takes figures with a screenshot when no account is connected; the team approves or declines them', async () => {
    clock.set(new Date());
    const creator = await newCreator(ctx);
    const line = await approvedLine(ctx, admin, creator, {
      tiktok: `https://www.tiktok.com/@me/video/76${Date.now()}`,
    });
    const link = line.linkOf('tiktok');
    const screenshot = await createFile(ctx, creator.userId, {
      mimeType: 'image/png',
      visibility: 'private',
    });
    const submit = (token: string, linkId: number, body: Record<string, unknown>) =>
      callAs(ctx, token, 'POST', `/v2/publication-metrics/${linkId}/submissions`, body);

    const created = await submit(creator.token, link.id, {
      ...figures,
      window: '7d',
      screenshot_file_id: screenshot.fileId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const submission = created.json().data;
    expect(submission).toMatchObject({
      link_id: link.id,
      content_request_influencer_id: line.lineId,
      platform: 'tiktok',
      window: '7d',
      views: 1200,
      reach: null,
      state: 'submitted',
    });
    // Waiting for the team: shown, unchecked.
    const waiting = (await metricsOfLines(ctx.database.db, [line.lineId])).get(line.lineId)!;
    expect(waiting[0]!.windows['7d']).toMatchObject({
      source: 'creator',
      checked: false,
      views: 1200,
    });

    const again = await submit(creator.token, link.id, {
      ...figures,
      window: '7d',
      screenshot_file_id: screenshot.fileId,
    });
    expect(again.statusCode).toBe(409);

    const queue = await callAs(ctx, admin.token, 'GET', '/v2/admin/metric-submissions?limit=50');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((s: { submission_id: number }) => s.submission_id)).toContain(
      submission.submission_id,
    );
    const approved = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/metric-submissions/${submission.submission_id}`,
      {
        decision: 'approve',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      state: 'approved',
      reviewed_at: expect.any(String),
    });
    expect(await snapshotOf(link.id, '7d')).toMatchObject({
      source: 'creator',
      views: 1200,
      submissionId: submission.submission_id,
    });
    const checked = (await metricsOfLines(ctx.database.db, [line.lineId])).get(line.lineId)!;
    expect(checked[0]!.windows['7d']).toMatchObject({
      source: 'creator',
      checked: true,
      views: 1200,
    });
    const twice = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/metric-submissions/${submission.submission_id}`,
      {
        decision: 'approve',
      },
    );
    expect(twice.statusCode).toBe(409);

    const latest = await submit(creator.token, link.id, {
      ...figures,
      screenshot_file_id: screenshot.fileId,
    });
    expect(latest.statusCode).toBe(201);
    expect(latest.json().data.window).toBe('latest');
    const noReason = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/metric-submissions/${latest.json().data.submission_id}`,
      {
        decision: 'decline',
      },
    );
    expect(noReason.statusCode).toBe(400);
    const declined = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/metric-submissions/${latest.json().data.submission_id}`,
      {
        decision: 'decline',
        reason: 'The screenshot shows another post',
      },
    );
    expect(declined.json().data).toMatchObject({
      state: 'declined',
      reason: 'The screenshot shows another post',
    });
    expect(await snapshotOf(link.id, 'latest')).toBeUndefined();
    const declinedList = await callAs(
      ctx,
      admin.token,
      'GET',
      '/v2/admin/metric-submissions?state=declined&limit=50',
    );
    expect(
      declinedList
        .json()
        .data.some(
          (s: { submission_id: number }) => s.submission_id === latest.json().data.submission_id,
        ),
    ).toBe(true);
  });

  it('refuses a foreign or unknown link (404), a connected platform, a bad screenshot, bad figures, and other roles', async () => {
    clock.set(new Date());
    const creator = await newCreator(ctx);
    const stranger = await newCreator(ctx);
    const username = `ig_${unique()}`;
    const line = await approvedLine(ctx, admin, creator, {
      instagram: `https://www.instagram.com/p/S${unique()}/`,
      tiktok: `https://www.tiktok.com/@me/video/77${Date.now()}`,
    });
    const screenshot = await createFile(ctx, creator.userId);
    const strangerFile = await createFile(ctx, stranger.userId);
    const pdf = await createFile(ctx, creator.userId, { mimeType: 'application/pdf' });
    const body = (fileId: number) => ({ ...figures, screenshot_file_id: fileId });
    const submit = (token: string, linkId: number, payload: unknown) =>
      callAs(ctx, token, 'POST', `/v2/publication-metrics/${linkId}/submissions`, payload);

    expect(
      (await submit(stranger.token, line.linkOf('tiktok').id, body(strangerFile.fileId)))
        .statusCode,
    ).toBe(404);
    expect((await submit(creator.token, 2_000_000_000, body(screenshot.fileId))).statusCode).toBe(
      404,
    );
    const foreignFile = await submit(
      creator.token,
      line.linkOf('tiktok').id,
      body(strangerFile.fileId),
    );
    expect(foreignFile.statusCode).toBe(400);
    expect(foreignFile.json().error.fields[0].field).toBe('screenshot_file_id');
    expect(
      (await submit(creator.token, line.linkOf('tiktok').id, body(pdf.fileId))).statusCode,
    ).toBe(400);
    const negative = await submit(creator.token, line.linkOf('tiktok').id, {
      ...body(screenshot.fileId),
      views: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.code).toBe('VALIDATION_FAILED');
    expect(
      (await submit(creator.token, line.linkOf('tiktok').id, { views: 'many' })).statusCode,
    ).toBe(400);

    await connect(ctx, creator, 'instagram', username);
    const connected = await submit(
      creator.token,
      line.linkOf('instagram').id,
      body(screenshot.fileId),
    );
    expect(connected.statusCode).toBe(409);

    expect(
      (await submit(line.brand.token, line.linkOf('tiktok').id, body(screenshot.fileId)))
        .statusCode,
    ).toBe(403);
    expect(
      (await callAs(ctx, creator.token, 'GET', '/v2/admin/metric-submissions')).statusCode,
    ).toBe(403);
    expect(
      (
        await callAs(ctx, admin.token, 'POST', '/v2/admin/metric-submissions/2000000000', {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(404);
    const none = await ctx.database.db
      .select()
      .from(metricSubmissions)
      .where(eq(metricSubmissions.lineId, line.lineId));
    expect(none).toHaveLength(0);
  });
});

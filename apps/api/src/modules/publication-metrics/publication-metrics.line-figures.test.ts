import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LineMetrics } from '@clipmarket/contracts/publication-metrics';
import type { TestContext } from '../../test/harness.js';
import { callAs, newBrand, newCreator } from '../content-requests/content-requests.test-support.js';
import type { SocialSandboxService } from '../social-sandbox/index.js';
import { createFile, type TestUser } from '../users/test-users.js';
import { metricPublications } from './publication-metrics.schema.js';
import {
  approvedLine,
  connect,
  HOUR,
  startMetricsTest,
  stopMetricsTest,
  unique,
  type MetricsClock,
} from './publication-metrics.test-support.js';

/**
 * `GET /v2/publication-metrics/lines/{id}` (issue 24 §2): a delivery line's figures per approved
 * link, labelled with their source and read time, for its creator (what they may submit, their
 * submissions and their state) and its advertiser; anyone else finds no such line.
 */
let ctx: TestContext;
let admin: TestUser;
let sandbox: SocialSandboxService;
let clock: MetricsClock;

beforeAll(async () => {
  ({ ctx, admin, sandbox, clock } = await startMetricsTest('http://localhost:3000'));
});
afterAll(() => stopMetricsTest(ctx, clock));

const lineFigures = (token: string, lineId: number | string) =>
  callAs(ctx, token, 'GET', `/v2/publication-metrics/lines/${lineId}`);

describe("a line's figures", () => {
  it('shows the creator what the API read and what they may submit, and the advertiser the figures only', async () => {
    const creator = await newCreator(ctx);
    const username = `ig_${unique()}`;
    await connect(ctx, creator, 'instagram', username);

    const shortcode = `L${unique()}`;
    const line = await approvedLine(ctx, admin, creator, {
      instagram: `https://www.instagram.com/reel/${shortcode}/`,
      tiktok: `https://www.tiktok.com/@${username}/video/77${Date.now()}`,
    });
    const instagramLink = line.linkIdOf('instagram');
    const tiktokLink = line.linkIdOf('tiktok');

    // Before any read: both links, no figures; only TikTok (no account) takes the creator's.
    const empty = await lineFigures(creator.token, line.lineId);
    expect(empty.statusCode, empty.body).toBe(200);
    const byPlatform = (body: { data: LineMetrics }) =>
      Object.fromEntries(body.data.links.map((link) => [link.platform, link]));
    expect(byPlatform(empty.json())).toMatchObject({
      instagram: { link_id: instagramLink, latest: null, can_submit: false, submissions: [] },
      tiktok: { link_id: tiktokLink, latest: null, can_submit: true, submissions: [] },
    });

    // The API reads Instagram: the figures say where they came from and when.
    const [publication] = await ctx.database.db
      .select()
      .from(metricPublications)
      .where(eq(metricPublications.linkId, instagramLink));
    await sandbox.publishPost({
      platform: 'instagram',
      username,
      postKey: shortcode,
      publishedAt: new Date(publication!.approvedAt.getTime() - 2 * HOUR),
    });
    clock.set(new Date(publication!.approvedAt.getTime() + 24 * HOUR));
    expect(
      await ctx.modules.publicationMetrics.collector.readPublication(publication!, '24h'),
    ).toBe('read');

    // The creator submits TikTok's figures with a screenshot: waiting, shown unchecked.
    const screenshot = await createFile(ctx, creator.userId, {
      purpose: 'metric-screenshot',
      visibility: 'private',
    });
    const submitted = await callAs(
      ctx,
      creator.token,
      'POST',
      `/v2/publication-metrics/${tiktokLink}/submissions`,
      {
        window: '24h',
        views: 1200,
        likes: 80,
        comments: 4,
        shares: 2,
        screenshot_file_id: screenshot.fileId,
      },
    );
    expect(submitted.statusCode, submitted.body).toBe(201);

    const read = byPlatform((await lineFigures(creator.token, line.lineId)).json());
    expect(read.instagram).toMatchObject({
      latest: { source: 'instagram_api', checked: null, post_deleted: false },
      windows: { '24h': { source: 'instagram_api' }, '7d': null },
    });
    expect(read.instagram?.latest?.views).toBeGreaterThan(0);
    expect(read.tiktok).toMatchObject({
      windows: { '24h': { source: 'creator', checked: false, views: 1200 } },
      submissions: [{ state: 'submitted', window: '24h', views: 1200, reason: null }],
    });

    // The team declines it: the creator reads why.
    const submissionId = submitted.json().data.submission_id;
    const declined = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/metric-submissions/${submissionId}`,
      { decision: 'decline', reason: 'The screenshot is cropped' },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const afterDecline = byPlatform((await lineFigures(creator.token, line.lineId)).json());
    expect(afterDecline.tiktok).toMatchObject({
      windows: { '24h': null },
      can_submit: true,
      submissions: [{ state: 'declined', reason: 'The screenshot is cropped' }],
    });

    // The advertiser sees the figures, never the creator's submissions; an admin too.
    const advertiser = await lineFigures(line.brand.token, line.lineId);
    expect(advertiser.statusCode).toBe(200);
    expect(byPlatform(advertiser.json())).toMatchObject({
      instagram: { latest: { source: 'instagram_api' }, can_submit: false, submissions: [] },
      tiktok: { can_submit: false, submissions: [] },
    });
    expect((await lineFigures(admin.token, line.lineId)).statusCode).toBe(200);
  });

  it('answers 404 to anyone else and for an unknown line, 400 for a bad id, 401 without a token', async () => {
    const creator = await newCreator(ctx);
    const line = await approvedLine(ctx, admin, creator, {
      tiktok: `https://www.tiktok.com/@me/video/78${Date.now()}`,
    });
    const stranger = await newCreator(ctx);
    const otherBrand = await newBrand(ctx);
    expect((await lineFigures(stranger.token, line.lineId)).statusCode).toBe(404);
    expect((await lineFigures(otherBrand.token, line.lineId)).statusCode).toBe(404);
    expect((await lineFigures(creator.token, 2_000_000_000)).statusCode).toBe(404);
    expect((await lineFigures(creator.token, 'abc')).statusCode).toBe(400);
    expect((await lineFigures(creator.token, -3)).statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v2/publication-metrics/lines/${line.lineId}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

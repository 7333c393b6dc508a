import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { businessSettingDefinitions } from '@clipmarket/contracts/business-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { outboxEvents } from '../../platform/events/events.schema.js';
import { acceptedLine, callAs } from '../content-requests/content-requests.test-support.js';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import { createAdmin } from '../users/test-users.js';
import { waitFor } from '../../test/wait-for.js';
import { FfmpegError, isBrokenInput } from './content-videos.ffmpeg.js';
import { failureReasons, previewTimeoutMs } from './content-videos.processing.js';
import { videoRefusal } from './content-videos.uploads.js';
import { previewSize } from './content-videos.preview.js';
import { parseRange } from './content-videos.service.js';
import {
  createUpload,
  headUpload,
  makeTestVideo,
  patchUpload,
  uploadVideo,
  waitForVideo,
} from './content-videos.test-support.js';

describe('a video ffmpeg cannot read', () => {
  let ctx: TestContext;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-videos-broken-'));
    // ffmpeg as it answers a broken input (ffprobe, the real one, found the file valid).
    const fakeFfmpeg = path.join(dir, 'ffmpeg');
    fs.writeFileSync(
      fakeFfmpeg,
      '#!/bin/sh\necho "[h264 @ 0x1] Invalid data found when processing input" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    ctx = await createTestContext({ FFMPEG_PATH: fakeFfmpeg, UPLOAD_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails the version at once with a reason (no retry loop), tells it, and the creator may delete it', async () => {
    const { creator, brand, lineId } = await acceptedLine(ctx);
    const file = makeTestVideo(dir, 'clip.mp4', { seconds: 1, audio: false });
    const finished = await uploadVideo(ctx, creator.token, lineId, file);
    expect(finished.statusCode, finished.body).toBe(204);
    const videoId = Number(finished.headers['content-video-id']);
    const row = await waitForVideo(ctx, videoId, 'failed');
    expect(row.failureReason).toBe(failureReasons.broken);
    expect(row.previewKey).toBeNull();

    const [line] = await ctx.database.db
      .select()
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, lineId));
    expect(line!.state).toBe('accepted');
    const events = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'content-video.failed'));
    expect(events.map((e) => e.payload)).toContainEqual({
      videoId,
      lineId,
      version: 1,
      creatorUserId: creator.userId,
      reason: failureReasons.broken,
    });
    expect(await ctx.jobs.countJobs('content-video-process', 'retry')).toBe(0);

    const seen = await callAs(
      ctx,
      brand.token,
      'GET',
      `/v2/content-request-influencers/${lineId}/videos`,
    );
    expect(seen.json().data[0]).toMatchObject({
      status: 'failed',
      failure_reason: failureReasons.broken,
      poster_url: null,
      preview_url: null,
    });
    const deleted = await callAs(
      ctx,
      creator.token,
      'DELETE',
      `/v2/content-request-influencers/${lineId}/videos/${videoId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('limits upload creation per user (UPLOAD_RATE_LIMIT_PER_MINUTE), never the resumes', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const metadata = { content_request_influencer_id: String(lineId), consent: 'true' };
    const created = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await createUpload(ctx, creator.token, 100, metadata);
      expect(answer.statusCode, answer.body).toBe(201);
      created.push(answer.headers.location as string);
    }
    const limited = await createUpload(ctx, creator.token, 100, metadata);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const location = created[0]!;
    expect((await patchUpload(ctx, creator.token, location, 0, Buffer.alloc(10))).statusCode).toBe(
      204,
    );
    expect((await headUpload(ctx, creator.token, location)).headers['upload-offset']).toBe('10');
    const other = await acceptedLine(ctx);
    const otherMetadata = { content_request_influencer_id: String(other.lineId), consent: 'true' };
    expect((await createUpload(ctx, other.creator.token, 100, otherMetadata)).statusCode).toBe(201);
  });
});

describe('video helpers', () => {
  it('sizes the preview to a 720 short side keeping the aspect, never upscaling', () => {
    expect(previewSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(previewSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(previewSize(3840, 1600)).toEqual({ width: 1728, height: 720 });
    expect(previewSize(640, 360)).toEqual({ width: 640, height: 360 });
    expect(previewSize(641, 361)).toEqual({ width: 640, height: 360 });
  });

  it('reads one byte range of a Range header', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-1', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });

  it('tells a broken input from a failure that may heal', () => {
    expect(isBrokenInput(new FfmpegError('ffmpeg', 1, 'moov atom not found'))).toBe(true);
    expect(isBrokenInput(new FfmpegError('ffmpeg', 1, 'No space left on device'))).toBe(false);
    expect(isBrokenInput(new FfmpegError('ffmpeg', null, 'Invalid data found'))).toBe(false);
    expect(isBrokenInput(new Error('Invalid data found when processing input'))).toBe(false);
  });
});

describe('videos refused for their line, and the cap of unfinished uploads', () => {
  let ctx: TestContext;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-videos-refused-'));
    ctx = await createTestContext({ UPLOAD_RATE_LIMIT_PER_MINUTE: '100' });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a video far longer than the 30 s ordered, saying why, and keeps nothing', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    // 30 s ordered, 100 % tolerance: up to 60 s; 75 s is refused.
    const file = makeTestVideo(dir, 'long.mp4', {
      width: 64,
      height: 64,
      seconds: 75,
      audio: false,
    });
    const refused = await uploadVideo(ctx, creator.token, lineId, file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('VIDEO_TOO_LONG');
    expect(refused.json().error.message).toMatch(/30 s.*60 s/);
    const listed = await callAs(
      ctx,
      creator.token,
      'GET',
      `/v2/content-request-influencers/${lineId}/videos`,
    );
    expect(listed.json().data).toEqual([]);

    const fits = makeTestVideo(dir, 'fits.mp4', {
      width: 64,
      height: 64,
      seconds: 40,
      audio: false,
    });
    const accepted = await uploadVideo(ctx, creator.token, lineId, fits);
    expect(accepted.statusCode, accepted.body).toBe(204);
  }, 120_000);

  it('refuses above 4K in either orientation, and a length far over the order', () => {
    const video = (width: number, height: number, durationSeconds: number | null) => ({
      width,
      height,
      durationSeconds,
    });
    expect(videoRefusal(video(3840, 2160, 10), 15, 10_000)).toBeNull();
    expect(videoRefusal(video(2160, 3840, 10), 15, 10_000)).toBeNull();
    expect(videoRefusal(video(7680, 4320, 10), 15, 10_000)?.code).toBe('VIDEO_RESOLUTION_TOO_HIGH');
    expect(videoRefusal(video(4096, 2304, 10), 15, 10_000)?.code).toBe('VIDEO_RESOLUTION_TOO_HIGH');
    expect(videoRefusal(video(2304, 4096, 10), 15, 10_000)?.code).toBe('VIDEO_RESOLUTION_TOO_HIGH');
    // The 2-hour video for a 15 s order.
    expect(videoRefusal(video(1920, 1080, 7200), 15, 10_000)?.code).toBe('VIDEO_TOO_LONG');
    expect(videoRefusal(video(1920, 1080, 31), 15, 10_000)).toBeNull();
    expect(videoRefusal(video(1920, 1080, 31.5), 15, 10_000)?.code).toBe('VIDEO_TOO_LONG');
    expect(videoRefusal(video(1920, 1080, 16), 15, 0)).toBeNull();
    expect(videoRefusal(video(1920, 1080, 17), 15, 0)?.code).toBe('VIDEO_TOO_LONG');
    // Shorter is the advertiser's to judge; no order or no length decides nothing.
    expect(videoRefusal(video(1920, 1080, 3), 60, 10_000)).toBeNull();
    expect(videoRefusal(video(1920, 1080, 7200), null, 10_000)).toBeNull();
    expect(videoRefusal(video(1920, 1080, null), 15, 10_000)).toBeNull();
  });

  it('caps a creator’s unfinished uploads by count and by bytes (business settings)', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const metadata = { content_request_influencer_id: String(lineId), consent: 'true' };
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await createUpload(ctx, creator.token, 1000, metadata);
      expect(answer.statusCode, answer.body).toBe(201);
      created.push(answer.headers.location as string);
    }
    const fourth = await createUpload(ctx, creator.token, 1000, metadata);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('UPLOAD_LIMIT_REACHED');
    // Another creator is not held by this one's uploads.
    const other = await acceptedLine(ctx);
    const otherMetadata = { content_request_influencer_id: String(other.lineId), consent: 'true' };
    expect((await createUpload(ctx, other.creator.token, 1000, otherMetadata)).statusCode).toBe(
      201,
    );
    // Cancelling one frees its place.
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: created[0]!,
      headers: { authorization: `Bearer ${creator.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await createUpload(ctx, creator.token, 1000, metadata)).statusCode).toBe(201);

    // Creations at the same instant are counted one after another: one place left, one passes.
    const racing = await acceptedLine(ctx);
    const racingMetadata = {
      content_request_influencer_id: String(racing.lineId),
      consent: 'true',
    };
    for (let i = 0; i < 2; i += 1) {
      await createUpload(ctx, racing.creator.token, 1000, racingMetadata);
    }
    const raced = await Promise.all(
      Array.from({ length: 4 }, () =>
        createUpload(ctx, racing.creator.token, 1000, racingMetadata),
      ),
    );
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429, 429]);

    // Bytes: 150 MB announced, then 150 more would pass the setting of 250 MB.
    const big = await acceptedLine(ctx);
    const bigMetadata = { content_request_influencer_id: String(big.lineId), consent: 'true' };
    const admin = await createAdmin(ctx);
    const changed = await callAs(
      ctx,
      admin.token,
      'PUT',
      '/v2/admin/settings/unfinished_uploads_max_megabytes',
      { value: 250 },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const megabytes = 1_048_576;
      expect(
        (await createUpload(ctx, big.creator.token, 150 * megabytes, bigMetadata)).statusCode,
      ).toBe(201);
      const over = await createUpload(ctx, big.creator.token, 150 * megabytes, bigMetadata);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('UPLOAD_LIMIT_REACHED');
      expect(over.json().error.message).toMatch(/250 MB/);
    } finally {
      // On PostgreSQL the test files share one database: the settings test reads the defaults.
      await callAs(ctx, admin.token, 'PUT', '/v2/admin/settings/unfinished_uploads_max_megabytes', {
        value: businessSettingDefinitions.unfinished_uploads_max_megabytes.default,
      });
    }
  }, 120_000);
});

describe('previews made side by side, each within a time limit', () => {
  let ctx: TestContext;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-videos-slow-'));
    // An ffmpeg that never ends: it notes its pid and waits.
    const fakeFfmpeg = path.join(dir, 'ffmpeg');
    fs.writeFileSync(fakeFfmpeg, `#!/bin/sh\necho $$ >> '${dir}/started'\nexec sleep 600\n`, {
      mode: 0o755,
    });
    ctx = await createTestContext({
      FFMPEG_PATH: fakeFfmpeg,
      VIDEO_PROCESSING_CONCURRENCY: '2',
      VIDEO_PREVIEW_TIMEOUT_BASE_SECONDS: '10',
      VIDEO_PREVIEW_TIMEOUT_FACTOR: '1',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs two previews at once, kills ffmpeg past its limit and retries the job', async () => {
    const first = await acceptedLine(ctx);
    const second = await acceptedLine(ctx);
    const file = makeTestVideo(dir, 'clip.mp4', {
      width: 64,
      height: 64,
      seconds: 1,
      audio: false,
    });
    for (const line of [first, second]) {
      const finished = await uploadVideo(ctx, line.creator.token, line.lineId, file);
      expect(finished.statusCode, finished.body).toBe(204);
    }
    const started = () =>
      fs.existsSync(path.join(dir, 'started'))
        ? fs.readFileSync(path.join(dir, 'started'), 'utf8').trim().split('\n').map(Number)
        : [];
    // Both run though neither ends: one slow video no longer holds the others.
    const pids = await waitFor(async () => (started().length >= 2 ? started() : undefined), {
      timeoutMs: 60_000,
      intervalMs: 100,
      what: 'two previews running at once',
    });
    const isAlive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pids.slice(0, 2).every(isAlive)).toBe(true);
    // Past 10 s + 1 × 1 s, each is killed and its job waits for a retry.
    await waitFor(
      async () =>
        (await ctx.jobs.countJobs('content-video-process', 'retry')) >= 2 ? true : undefined,
      {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: 'both jobs failed and waiting for a retry',
      },
    );
    expect(pids.slice(0, 2).some(isAlive)).toBe(false);
  }, 120_000);

  it('gives ffmpeg a time proportional to the video’s length', () => {
    const limits = { baseSeconds: 120, factor: 20 };
    expect(previewTimeoutMs(15, limits)).toBe(420_000);
    expect(previewTimeoutMs(60, limits)).toBe(1_320_000);
    // Unknown length, or very long: just under the job's expiry of an hour.
    expect(previewTimeoutMs(null, limits)).toBe(55 * 60_000);
    expect(previewTimeoutMs(7200, limits)).toBe(55 * 60_000);
  });
});

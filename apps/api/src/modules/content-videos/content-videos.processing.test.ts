import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { outboxEvents } from '../../platform/events/events.schema.js';
import { acceptedLine, callAs } from '../content-requests/content-requests.test-support.js';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import { FfmpegError, isBrokenInput } from './content-videos.ffmpeg.js';
import { failureReasons } from './content-videos.processing.js';
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

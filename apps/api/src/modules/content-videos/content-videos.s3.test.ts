import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { acceptedLine, callAs } from '../content-requests/content-requests.test-support.js';
import { approveBody, reviewed } from '../content-requests/delivery/review.test-support.js';
import {
  createUpload,
  makeTestVideo,
  patchUpload,
  VIDEO_TEST_TIMEOUT_MS,
  waitForVideo,
} from './content-videos.test-support.js';

/**
 * A delivery end to end on an S3-compatible server (issue 26 §2): the creator's tus upload
 * lands in the bucket, the processing job reads it from there and stores the poster and the
 * watermarked preview beside it, the advertiser watches the preview with ranges, pays, and
 * downloads the HD original byte for byte.
 */

let s3: TestS3Server;
let ctx: TestContext;
let dir: string;
let video: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** GET of a signed URL (no bearer token: a <video> tag or a download). */
const fetchSigned = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-videos-s3-'));
  video = makeTestVideo(dir, 'source.mp4', { width: 1280, height: 720, seconds: 2 });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a video delivered on S3 storage', { timeout: VIDEO_TEST_TIMEOUT_MS }, () => {
  it('uploads, processes from the bucket, previews with ranges, and gives the paid advertiser the HD original', async () => {
    const { creator, brand, lineId } = await acceptedLine(ctx);
    const bytes = fs.readFileSync(video);

    // A resumable upload in two PATCHes.
    const created = await createUpload(ctx, creator.token, bytes.length, {
      content_request_influencer_id: String(lineId),
      filename: 'source.mp4',
      filetype: 'video/mp4',
      consent: 'true',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    const first = await patchUpload(ctx, creator.token, location, 0, bytes.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    const last = await patchUpload(ctx, creator.token, location, half, bytes.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    const videoId = Number(last.headers['content-video-id']);

    // The processing job read the original from the bucket and stored its outputs there.
    const row = await waitForVideo(ctx, videoId, 'ready');
    const stored = await s3.keys();
    expect(stored).toEqual(
      expect.arrayContaining([row.originalKey, row.posterKey, row.previewKey]),
    );
    expect(fs.existsSync(path.join(ctx.dataDir, 'media'))).toBe(false);

    const seen = (
      await callAs(ctx, brand.token, 'GET', `/v2/content-request-influencers/${lineId}/videos`)
    ).json().data[0];
    expect(seen).toMatchObject({ video_id: videoId, status: 'ready', original_url: null });

    const poster = await fetchSigned(seen.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    // The preview: whole, then seeking.
    const preview = await fetchSigned(seen.preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('video/mp4');
    const whole = preview.rawPayload;
    expect(Number(preview.headers['content-length'])).toBe(whole.length);
    const previewFile = path.join(dir, 'preview.mp4');
    fs.writeFileSync(previewFile, whole);
    const probed = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', previewFile], {
        encoding: 'utf8',
      }),
    ) as { streams: Array<{ codec_type: string; width?: number; height?: number }> };
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect(sha256(whole)).not.toBe(sha256(bytes));
    const part = await fetchSigned(seen.preview_url, { range: 'bytes=1000-4999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-4999/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(1000, 5000))).toBe(true);
    const tail = await fetchSigned(seen.preview_url, { range: 'bytes=-700' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 700))).toBe(true);

    const originalLink = () =>
      callAs(
        ctx,
        brand.token,
        'GET',
        `/v2/content-request-influencers/${lineId}/videos/${videoId}/original`,
      );
    expect((await originalLink()).json().error.code).toBe('CONTENT_NOT_PAID');

    // The advertiser approves: the fee reserved at sending pays the creator at once.
    expect(await reviewed(ctx, brand.token, lineId, approveBody)).toMatchObject({ status: 'paid' });

    const link = await originalLink();
    expect(link.statusCode, link.body).toBe(200);
    const download = await fetchSigned(link.json().data.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="source.mp4"/);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));

    // And plays it, seeking in the original.
    const played = (
      await callAs(ctx, brand.token, 'GET', `/v2/content-request-influencers/${lineId}/videos`)
    ).json().data[0];
    const seek = await fetchSigned(played.original_url, { range: `bytes=${half}-${half + 999}` });
    expect(seek.statusCode).toBe(206);
    expect(seek.rawPayload.equals(bytes.subarray(half, half + 1000))).toBe(true);
  });
});

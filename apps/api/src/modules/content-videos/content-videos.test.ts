import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentDeliveryMessages, VIDEO_UPLOAD_PATH } from '@clipmarket/contracts/content-delivery';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import {
  acceptedLine,
  callAs,
  newBrand,
  newCreator,
  sendRequest,
} from '../content-requests/content-requests.test-support.js';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import { createAdmin } from '../users/test-users.js';
import { outboxEvents } from '../../platform/events/events.schema.js';
import { contentVideos, videoUploads } from './content-videos.schema.js';
import {
  createUpload,
  headUpload,
  makeTestVideo,
  patchUpload,
  uploadMetadata,
  uploadReadyVideo,
  uploadVideo,
  VIDEO_TEST_TIMEOUT_MS,
} from './content-videos.test-support.js';

let ctx: TestContext;
let dir: string;
let video: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const meta = (lineId: number, extra: Record<string, string> = {}) => ({
  content_request_influencer_id: String(lineId),
  filename: 'my video.mp4',
  filetype: 'video/mp4',
  consent: 'true',
  ...extra,
});
/** GET of a signed URL (no bearer token: an <img> or <video> tag). */
const fetchSigned = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const lineState = async (lineId: number) =>
  (
    await ctx.database.db
      .select({ state: contentRequestInfluencers.state })
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, lineId))
  )[0]!.state;
const probe = (file: string) =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
      encoding: 'utf8',
    }),
  ) as {
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  };

beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-videos-'));
  video = makeTestVideo(dir, 'source.mp4', { width: 1920, height: 1080, seconds: 2 });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** SHA-256 of a version's original as stored, read through its signed link. */
async function storedOriginalHash(token: string, lineId: number, videoId: number) {
  const link = await callAs(
    ctx,
    token,
    'GET',
    `/v2/content-request-influencers/${lineId}/videos/${videoId}/original`,
  );
  expect(link.statusCode, link.body).toBe(200);
  const original = await fetchSigned(link.json().data.url);
  expect(original.statusCode).toBe(200);
  return sha256(original.rawPayload);
}

/**
 * A PATCH from offset 0 announcing `length` bytes, on a real socket (a cut connection needs
 * one): the test writes the body, and cuts it, itself.
 */
async function socketPatch(token: string, location: string, length: number) {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return http.request({
    host: '127.0.0.1',
    port: (ctx.app.server.address() as { port: number }).port,
    method: 'PATCH',
    path: location,
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });
}

describe('video upload (tus) and processing', { timeout: VIDEO_TEST_TIMEOUT_MS }, () => {
  it('makes a version from a tus upload, then a watermarked 720p preview and a poster; the line is submitted', async () => {
    const { creator, brand, lineId } = await acceptedLine(ctx);
    const created = await createUpload(ctx, creator.token, fs.statSync(video).size, meta(lineId));
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^${VIDEO_UPLOAD_PATH}/[a-f0-9]+$`));
    const finished = await patchUpload(ctx, creator.token, location, 0, fs.readFileSync(video));
    expect(finished.statusCode, finished.body).toBe(204);
    expect(finished.headers['upload-offset']).toBe(String(fs.statSync(video).size));
    expect(finished.headers['access-control-allow-origin']).toBeUndefined();
    expect(finished.headers['access-control-expose-headers']).toContain('Content-Video-Id');
    const videoId = Number(finished.headers['content-video-id']);

    const listed = await callAs(
      ctx,
      creator.token,
      'GET',
      `/v2/content-request-influencers/${lineId}/videos`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data[0]).toMatchObject({
      video_id: videoId,
      version: 1,
      original_name: 'my video.mp4',
      size_bytes: fs.statSync(video).size,
      width: 1920,
      height: 1080,
    });

    const row = await waitFor(
      async () => {
        const [found] = await ctx.database.db
          .select()
          .from(contentVideos)
          .where(eq(contentVideos.id, videoId));
        return found?.status === 'ready' ? found : undefined;
      },
      { timeoutMs: VIDEO_TEST_TIMEOUT_MS, intervalMs: 200, what: 'the video ready' },
    );
    expect(row.processedAt).not.toBeNull();
    expect(row.consentAt).toBeInstanceOf(Date);
    expect(await lineState(lineId)).toBe('submitted');
    const [ready] = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'content-video.ready'));
    expect(ready).toBeDefined();

    // The advertiser sees the ready version with signed poster and preview URLs.
    const seen = (
      await callAs(ctx, brand.token, 'GET', `/v2/content-request-influencers/${lineId}/videos`)
    ).json().data[0];
    expect(seen).toMatchObject({ status: 'ready', failure_reason: null });
    expect(seen.preview_url).toMatch(
      new RegExp(
        `^/v2/content-videos/${videoId}/preview\\?expires=\\d+&user=${brand.userId}&signature=`,
      ),
    );

    const poster = await fetchSigned(seen.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    const preview = await fetchSigned(seen.preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.headers['accept-ranges']).toBe('bytes');
    expect(preview.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const previewFile = path.join(dir, `preview-${videoId}.mp4`);
    fs.writeFileSync(previewFile, preview.rawPayload);
    const streams = probe(previewFile).streams;
    const picture = streams.find((s) => s.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    // A preview is never the original.
    expect(sha256(preview.rawPayload)).not.toBe(sha256(fs.readFileSync(video)));
    // Fast start: the index (moov) comes before the media data (mdat).
    const bytes = preview.rawPayload;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
  });

  it('resumes an upload cut off mid-way at the offset HEAD answers; the stored original is byte-identical', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const bytes = fs.readFileSync(video);
    const created = await createUpload(ctx, creator.token, bytes.length, meta(lineId));
    const location = created.headers.location as string;

    // A real connection that drops after half the bytes.
    const half = Math.floor(bytes.length / 2);
    const request = await socketPatch(creator.token, location, bytes.length);
    await new Promise<void>((resolve) => {
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, half), () => {
        // Cut once the server has stored some of the bytes sent.
        const stored = path.join(ctx.dataDir, 'tus', location.split('/').at(-1)!);
        waitFor(() => fs.existsSync(stored) && fs.statSync(stored).size > 0, {
          what: 'the first bytes stored',
          timeoutMs: VIDEO_TEST_TIMEOUT_MS,
        })
          .finally(() => {
            request.destroy();
            resolve();
          })
          .catch(() => {});
      });
    });

    const head = await waitFor(
      async () => {
        const answer = await headUpload(ctx, creator.token, location);
        return answer.statusCode === 200 && Number(answer.headers['upload-offset']) > 0
          ? answer
          : undefined;
      },
      { what: 'the offset of the cut upload', timeoutMs: VIDEO_TEST_TIMEOUT_MS },
    );
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('no-store');
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    const rest = await patchUpload(ctx, creator.token, location, offset, bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    const videoId = Number(rest.headers['content-video-id']);
    expect(await storedOriginalHash(creator.token, lineId, videoId)).toBe(sha256(bytes));
    // The finished upload is gone from the tus folder.
    expect((await headUpload(ctx, creator.token, location)).statusCode).toBe(404);
  });

  it('finishes an upload created with all its bytes (creation-with-upload): one version, the original byte-identical', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const bytes = fs.readFileSync(video);
    const created = await ctx.app.inject({
      method: 'POST',
      url: VIDEO_UPLOAD_PATH,
      headers: {
        authorization: `Bearer ${creator.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': uploadMetadata(meta(lineId)),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['upload-offset']).toBe(String(bytes.length));
    const videoId = Number(created.headers['content-video-id']);
    expect(await storedOriginalHash(creator.token, lineId, videoId)).toBe(sha256(bytes));
    const rows = await ctx.database.db
      .select()
      .from(contentVideos)
      .where(eq(contentVideos.lineId, lineId));
    expect(rows.map((row) => row.id)).toEqual([videoId]);
    // Nothing left in the tus folder for it.
    const location = created.headers.location as string;
    expect((await headUpload(ctx, creator.token, location)).statusCode).toBe(404);
  });

  it('lets a resumed PATCH take over one the server still holds open (the client saw the cut first)', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const bytes = fs.readFileSync(video);
    const location = (await createUpload(ctx, creator.token, bytes.length, meta(lineId))).headers
      .location as string;
    const half = Math.floor(bytes.length / 2);
    // Half the bytes, then silence on a connection that stays open.
    const stalled = await socketPatch(creator.token, location, bytes.length);
    const stalledEnded = new Promise<string>((resolve) => {
      stalled.on('response', (response) => resolve(String(response.statusCode)));
      stalled.on('error', (error) => resolve(error.message));
    });
    stalled.write(bytes.subarray(0, half));
    await waitFor(
      async () =>
        Number((await headUpload(ctx, creator.token, location)).headers['upload-offset']) === half,
      // The machine may be busy with other suites: as long as the video tests' own limit.
      { what: 'the first half on disk', timeoutMs: VIDEO_TEST_TIMEOUT_MS },
    );

    const rest = await patchUpload(ctx, creator.token, location, half, bytes.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    // The stalled request was stopped, not left writing into the finished upload.
    expect(await stalledEnded).toMatch(/409|socket hang up|ECONNRESET/);
    stalled.destroy();
    const videoId = Number(rest.headers['content-video-id']);
    expect(await storedOriginalHash(creator.token, lineId, videoId)).toBe(sha256(bytes));
  });

  it('never writes past the upload’s length: a longer PATCH is refused and the offset stays', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const location = (await createUpload(ctx, creator.token, 1000, meta(lineId))).headers
      .location as string;
    expect(
      (await patchUpload(ctx, creator.token, location, 0, Buffer.alloc(600, 1))).statusCode,
    ).toBe(204);
    const tooLong = await patchUpload(ctx, creator.token, location, 600, Buffer.alloc(401, 2));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await headUpload(ctx, creator.token, location)).headers['upload-offset']).toBe('600');
    const missingOffset = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        authorization: `Bearer ${creator.token}`,
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(missingOffset.statusCode).toBe(400);
    const wrongType = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        authorization: `Bearer ${creator.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '600',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(wrongType.statusCode).toBe(415);
    expect((await headUpload(ctx, creator.token, location)).headers['upload-offset']).toBe('600');
  });

  it('refuses what is not a playable video of an allowed type, by content (spec §5 text)', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const source = fs.readFileSync(video);
    const image = path.join(dir, 'picture.png');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240',
      '-frames:v',
      '1',
      image,
    ]);
    const samples: Record<string, Buffer> = {
      'random.mp4': Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + 13) % 251)),
      'truncated.mp4': source.subarray(0, Math.floor(source.length / 2)),
      'disguised.mp4': Buffer.from('Just a text file pretending to be a video.\n'.repeat(200)),
      'picture.mp4': fs.readFileSync(image),
    };
    for (const [name, bytes] of Object.entries(samples)) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      const answer = await uploadVideo(ctx, creator.token, lineId, file);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json().error).toEqual({
        code: 'INVALID_VIDEO',
        message: contentDeliveryMessages.invalidVideoType,
      });
    }
    // Nothing recorded, the line still waits for its video.
    const rows = await ctx.database.db
      .select()
      .from(contentVideos)
      .where(eq(contentVideos.lineId, lineId));
    expect(rows).toEqual([]);
    expect(await lineState(lineId)).toBe('accepted');
  });

  it('refuses an upload without consent, too large, on a line not the caller’s or not waiting for a video', async () => {
    const { creator, brand, lineId } = await acceptedLine(ctx);
    const noConsent = await createUpload(
      ctx,
      creator.token,
      1000,
      meta(lineId, { consent: 'false' }),
    );
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error).toMatchObject({
      code: 'VIDEO_CONSENT_REQUIRED',
      message: contentDeliveryMessages.consentRequired,
    });
    const { consent: _omitted, ...withoutConsent } = meta(lineId);
    expect((await createUpload(ctx, creator.token, 1000, withoutConsent)).json().error.code).toBe(
      'VIDEO_CONSENT_REQUIRED',
    );

    const limit = 200 * 1_048_576;
    const tooLarge = await createUpload(ctx, creator.token, limit + 1, meta(lineId));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large. The maximum file size allowed for video uploads is 200 MB.',
    });
    expect((await createUpload(ctx, creator.token, limit, meta(lineId))).statusCode).toBe(201);

    const limits = await callAs(ctx, creator.token, 'GET', '/v2/content-videos/limits');
    expect(limits.json().data).toEqual({
      max_bytes: limit,
      extensions: ['mp4', 'avi', 'mkv', 'mov', 'hevc', 'h264'],
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v2/content-videos/limits' })).statusCode,
    ).toBe(401);

    const badId = await createUpload(
      ctx,
      creator.token,
      1000,
      meta(lineId, { content_request_influencer_id: 'x1' }),
    );
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.code).toBe('VALIDATION_FAILED');

    // Another creator's line, and the advertiser of the line: 404.
    const other = await newCreator(ctx);
    for (const token of [other.token, brand.token]) {
      const foreign = await createUpload(ctx, token, 1000, meta(lineId));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('NOT_FOUND');
    }
    expect((await createUpload(ctx, null, 1000, meta(lineId))).statusCode).toBe(401);

    // A line still waiting for the creator's answer: 409.
    const sent = await sendRequest(ctx, await newBrand(ctx, 5_000_000), [other]);
    const waiting = await createUpload(ctx, other.token, 1000, meta(sent.lineOf(other)));
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('keeps an upload to its uploader: HEAD, PATCH and DELETE by another user are 404', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const created = await createUpload(ctx, creator.token, 5000, meta(lineId));
    const location = created.headers.location as string;
    const other = await newCreator(ctx);
    expect((await headUpload(ctx, other.token, location)).statusCode).toBe(404);
    expect((await patchUpload(ctx, other.token, location, 0, Buffer.alloc(10))).statusCode).toBe(
      404,
    );
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(anonymous.statusCode).toBe(401);
    const foreignDelete = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${other.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect(foreignDelete.json().error.code).toBe('NOT_FOUND');

    const part = await patchUpload(ctx, creator.token, location, 0, Buffer.alloc(100, 1));
    expect(part.statusCode).toBe(204);
    expect((await headUpload(ctx, creator.token, location)).headers['upload-offset']).toBe('100');
    // A wrong offset is a conflict, in the API's error shape.
    const conflict = await patchUpload(ctx, creator.token, location, 0, Buffer.alloc(10));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('INVALID_TRANSITION');
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: `Bearer ${creator.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await headUpload(ctx, creator.token, location)).statusCode).toBe(404);
  });
});

describe('reading videos (issue 11 §9)', () => {
  let line: Awaited<ReturnType<typeof acceptedLine>>;
  let videoId: number;

  beforeAll(async () => {
    line = await acceptedLine(ctx);
    videoId = (await uploadReadyVideo(ctx, line.creator.token, line.lineId, video)).id;
  }, VIDEO_TEST_TIMEOUT_MS);

  const videosOf = (token: string) =>
    callAs(ctx, token, 'GET', `/v2/content-request-influencers/${line.lineId}/videos`);
  const originalOf = (token: string, id = videoId) =>
    callAs(
      ctx,
      token,
      'GET',
      `/v2/content-request-influencers/${line.lineId}/videos/${id}/original`,
    );

  it('shows the preview to the advertiser before payment but not the original; the creator and admins get both', async () => {
    const listed = await videosOf(line.brand.token);
    expect(listed.statusCode).toBe(200);
    const preview = await fetchSigned(listed.json().data[0].preview_url);
    expect(preview.statusCode).toBe(200);
    // Played inline with its own type, sandboxed if opened as a page.
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    const notPaid = await originalOf(line.brand.token);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('CONTENT_NOT_PAID');

    const own = await originalOf(line.creator.token);
    expect(own.statusCode).toBe(200);
    const link = own.json().data;
    expect(link.file_name).toBe('source.mp4');
    const expiresIn = Date.parse(link.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    const original = await fetchSigned(link.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="source.mp4"/);
    expect(original.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(original.headers['cache-control']).toBe('private, no-store');
    expect(sha256(original.rawPayload)).toBe(sha256(fs.readFileSync(video)));

    const admin = await createAdmin(ctx);
    expect((await videosOf(admin.token)).statusCode).toBe(200);
    expect((await originalOf(admin.token)).statusCode).toBe(200);

    // Once paid, the advertiser downloads it too.
    await ctx.database.db
      .update(contentRequestInfluencers)
      .set({ paidAt: new Date() })
      .where(eq(contentRequestInfluencers.id, line.lineId));
    const paid = await originalOf(line.brand.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await fetchSigned(paid.json().data.url)).statusCode).toBe(200);
  });

  it('plays the original, not the watermarked preview, for the advertiser once paid and for admins; never before payment, never for the creator', async () => {
    const setPaid = (paidAt: Date | null) =>
      ctx.database.db
        .update(contentRequestInfluencers)
        .set({ paidAt })
        .where(eq(contentRequestInfluencers.id, line.lineId));
    const playedBy = async (token: string) => {
      const listed = await videosOf(token);
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json().data[0] as { original_url: string | null; original_type: string | null };
    };
    await setPaid(null);
    expect((await playedBy(line.brand.token)).original_url).toBeNull();
    expect((await playedBy(line.creator.token)).original_url).toBeNull();
    const admin = await createAdmin(ctx);
    const forAdmin = await playedBy(admin.token);
    expect(forAdmin.original_url).toMatch(/^\/v2\/content-videos\/\d+\/original\?/);
    expect(forAdmin.original_type).toBe('video/mp4');

    await setPaid(new Date());
    const forBrand = await playedBy(line.brand.token);
    expect(forBrand.original_type).toBe('video/mp4');
    const played = await fetchSigned(forBrand.original_url!, { range: 'bytes=0-' });
    expect(played.statusCode).toBe(206);
    expect(sha256(played.rawPayload)).toBe(sha256(fs.readFileSync(video)));
    // Signed for the advertiser only, and long enough to watch and seek (as a preview).
    expect(
      (await fetchSigned(forBrand.original_url!.replace(/user=\d+/, `user=${admin.userId}`)))
        .statusCode,
    ).toBe(404);
    const expires = Number(/expires=(\d+)/.exec(forBrand.original_url!)![1]) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(25 * 60_000);
    expect((await playedBy(line.creator.token)).original_url).toBeNull();
  });

  it('answers 404 to anybody else, and to a video of another line', async () => {
    const otherBrand = await newBrand(ctx);
    const otherCreator = await newCreator(ctx);
    for (const token of [otherBrand.token, otherCreator.token]) {
      expect((await videosOf(token)).statusCode).toBe(404);
      expect((await originalOf(token)).statusCode).toBe(404);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v2/content-request-influencers/${line.lineId}/videos`,
        })
      ).statusCode,
    ).toBe(401);
    const elsewhere = await acceptedLine(ctx);
    const foreignVideo = await callAs(
      ctx,
      elsewhere.creator.token,
      'GET',
      `/v2/content-request-influencers/${elsewhere.lineId}/videos/${videoId}/original`,
    );
    expect(foreignVideo.statusCode).toBe(404);
  });

  it('refuses a tampered or expired signature, and a URL signed for another file', async () => {
    const url = (await videosOf(line.brand.token)).json().data[0].preview_url as string;
    expect(
      (await fetchSigned(url.replace(/user=\d+/, `user=${line.creator.userId}`))).statusCode,
    ).toBe(404);
    expect((await fetchSigned(url.replace(/signature=[\w-]+/, 'signature=AAAA'))).statusCode).toBe(
      404,
    );
    expect(
      (
        await fetchSigned(
          url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 60}`),
        )
      ).statusCode,
    ).toBe(404);
    expect((await fetchSigned(url.replace('/preview?', '/original?'))).statusCode).toBe(404);
    expect((await fetchSigned(url.split('?')[0]!)).statusCode).toBe(404);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 31 * 60_000);
    try {
      expect((await fetchSigned(url)).statusCode).toBe(404);
    } finally {
      later.mockRestore();
    }
    expect((await fetchSigned(url)).statusCode).toBe(200);
  });

  it('answers byte ranges (206) so the player can seek', async () => {
    const url = (await videosOf(line.brand.token)).json().data[0].preview_url as string;
    const whole = (await fetchSigned(url)).rawPayload;
    const part = await fetchSigned(url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${whole.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(whole.subarray(100, 1100))).toBe(true);
    const tail = await fetchSigned(url, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 500))).toBe(true);
    const open = await fetchSigned(url, { range: `bytes=${whole.length - 10}-` });
    expect(open.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const beyond = await fetchSigned(url, { range: `bytes=${whole.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('deletes a failed version of the creator, never a processing or ready one (spec §5 text)', async () => {
    const path = (id: number) => `/v2/content-request-influencers/${line.lineId}/videos/${id}`;
    const ready = await callAs(ctx, line.creator.token, 'DELETE', path(videoId));
    expect(ready.statusCode).toBe(409);
    expect(ready.json().error).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'Sorry you cannot delete your Jasmine soap script video',
    });
    const setStatus = (status: 'processing' | 'failed') =>
      ctx.database.db.update(contentVideos).set({ status }).where(eq(contentVideos.id, videoId));
    await setStatus('processing');
    expect((await callAs(ctx, line.creator.token, 'DELETE', path(videoId))).statusCode).toBe(409);
    await setStatus('failed');
    expect((await callAs(ctx, line.brand.token, 'DELETE', path(videoId))).statusCode).toBe(403);
    expect(
      (await callAs(ctx, (await newCreator(ctx)).token, 'DELETE', path(videoId))).statusCode,
    ).toBe(404);
    const deleted = await callAs(ctx, line.creator.token, 'DELETE', path(videoId));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await videosOf(line.creator.token)).json().data).toEqual([]);
    expect((await callAs(ctx, line.creator.token, 'DELETE', path(videoId))).statusCode).toBe(404);
  });
});

describe('abandoned uploads', () => {
  it('are deleted by the cleanup job after `abandoned_upload_hours` without a byte; recent ones stay', async () => {
    const { creator, lineId } = await acceptedLine(ctx);
    const start = async () => {
      const created = await createUpload(ctx, creator.token, 5000, meta(lineId));
      const location = created.headers.location as string;
      await patchUpload(ctx, creator.token, location, 0, Buffer.alloc(1000, 2));
      return { location, id: location.split('/').pop()! };
    };
    const old = await start();
    const recent = await start();
    const folder = path.join(ctx.env.DATA_DIR, 'tus');
    const longAgo = new Date(Date.now() - 25 * 3_600_000);
    await ctx.database.db
      .update(videoUploads)
      .set({
        info: sql`jsonb_set(${videoUploads.info}, '{creation_date}', ${JSON.stringify(longAgo.toISOString())}::jsonb)`,
      })
      .where(eq(videoUploads.id, old.id));
    fs.utimesSync(path.join(folder, old.id), longAgo, longAgo);

    await ctx.jobs.send('content-video-upload-cleanup', {});
    // The job removes the bytes, then their record: wait for both, not just the first.
    await waitFor(
      async () =>
        !fs.existsSync(path.join(folder, old.id)) &&
        (await ctx.database.db.select().from(videoUploads).where(eq(videoUploads.id, old.id)))
          .length === 0,
      { what: 'the old upload and its record deleted' },
    );
    expect((await headUpload(ctx, creator.token, old.location)).statusCode).toBe(404);
    expect((await headUpload(ctx, creator.token, recent.location)).headers['upload-offset']).toBe(
      '1000',
    );
  });
});

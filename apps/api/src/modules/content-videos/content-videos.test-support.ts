import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { VIDEO_UPLOAD_PATH } from '@clipmarket/contracts/content-delivery';
import type { TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { contentVideos } from './content-videos.schema.js';

/**
 * Test helpers for videos (issue 11): real videos made by ffmpeg, tus requests through the
 * app, and waiting for the processing job. Other modules' tests (review, payment) use them to
 * put a ready video on a line.
 */

/**
 * The time a test that waits for ffmpeg may take: a preview takes a second or two alone, but
 * CI runs these tests beside the browser tests, and `waitForVideo` waits up to 90 s.
 */
export const VIDEO_TEST_TIMEOUT_MS = 120_000;

let counter = 0;
const nextAddress = () => {
  counter += 1;
  return `10.77.${Math.floor(counter / 250) % 250}.${counter % 250}`;
};

/** A real video made by ffmpeg (test pattern and a tone), written under `dir`. */
export function makeTestVideo(
  dir: string,
  name: string,
  options: { width?: number; height?: number; seconds?: number; audio?: boolean } = {},
): string {
  const file = path.join(dir, name);
  const { width = 1280, height = 720, seconds = 2, audio = true } = options;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=25`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac'] : []),
    file,
  ]);
  return file;
}

/** `Upload-Metadata`: each key with its base64 value (tus 1.0.0). */
export function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** POST: creates an upload of `length` bytes; the metadata defaults to a consented video. */
export function createUpload(
  ctx: TestContext,
  token: string | null,
  length: number,
  metadata: Record<string, string>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: VIDEO_UPLOAD_PATH,
    remoteAddress: nextAddress(),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': uploadMetadata(metadata),
    },
  });
}

/** PATCH: sends `bytes` at `offset` to the upload at `location`. */
export function patchUpload(
  ctx: TestContext,
  token: string,
  location: string,
  offset: number,
  bytes: Buffer,
) {
  return ctx.app.inject({
    method: 'PATCH',
    url: location,
    remoteAddress: nextAddress(),
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

/** HEAD: the upload's offset as the server has it. */
export function headUpload(ctx: TestContext, token: string, location: string) {
  return ctx.app.inject({
    method: 'HEAD',
    url: location,
    remoteAddress: nextAddress(),
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
}

/**
 * Uploads `file` to the line in one PATCH; answers the final PATCH (204 with `Content-Video-Id`
 * when accepted, the refusal otherwise).
 */
export async function uploadVideo(
  ctx: TestContext,
  token: string,
  lineId: number,
  file: string,
  metadata: Record<string, string> = {},
) {
  const bytes = fs.readFileSync(file);
  const created = await createUpload(ctx, token, bytes.length, {
    content_request_influencer_id: String(lineId),
    filename: path.basename(file),
    filetype: 'video/mp4',
    consent: 'true',
    ...metadata,
  });
  expect(created.statusCode, created.body).toBe(201);
  return patchUpload(ctx, token, created.headers.location as string, 0, bytes);
}

/** Uploads a video and waits until its processing is over; answers its row. */
export async function uploadReadyVideo(
  ctx: TestContext,
  token: string,
  lineId: number,
  file: string,
) {
  const finished = await uploadVideo(ctx, token, lineId, file);
  expect(finished.statusCode, finished.body).toBe(204);
  const videoId = Number(finished.headers['content-video-id']);
  return waitForVideo(ctx, videoId, 'ready');
}

/** Waits until the video's status is `status`; answers its row. */
export function waitForVideo(ctx: TestContext, videoId: number, status: 'ready' | 'failed') {
  return waitFor(
    async () => {
      const [row] = await ctx.database.db
        .select()
        .from(contentVideos)
        .where(eq(contentVideos.id, videoId));
      return row?.status === status ? row : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 200, what: `video ${videoId} ${status}` },
  );
}

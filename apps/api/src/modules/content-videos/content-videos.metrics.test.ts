import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { acceptedLine } from '../content-requests/content-requests.test-support.js';
import {
  createUpload,
  makeTestVideo,
  patchUpload,
  VIDEO_TEST_TIMEOUT_MS,
} from './content-videos.test-support.js';

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-video-metrics-'));
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `upload_bytes_total{kind="video"}`, as the metrics port serves it. */
async function videoBytes(): Promise<number> {
  const metric = await ctx.metrics.registry.getSingleMetric('upload_bytes_total')?.get();
  return metric?.values.find((value) => value.labels.kind === 'video')?.value ?? 0;
}

describe('video upload metrics', () => {
  it(
    'counts the bytes each PATCH writes',
    async () => {
      const { creator, lineId } = await acceptedLine(ctx);
      const bytes = fs.readFileSync(makeTestVideo(dir, 'counted.mp4', { seconds: 1 }));
      const created = await createUpload(ctx, creator.token, bytes.length, {
        content_request_influencer_id: String(lineId),
        filename: 'counted.mp4',
        filetype: 'video/mp4',
        consent: 'true',
      });
      expect(created.statusCode, created.body).toBe(201);
      const location = created.headers.location as string;
      const before = await videoBytes();
      const half = Math.floor(bytes.length / 2);
      expect(
        (await patchUpload(ctx, creator.token, location, 0, bytes.subarray(0, half))).statusCode,
      ).toBe(204);
      expect(await videoBytes()).toBe(before + half);
      const last = await patchUpload(ctx, creator.token, location, half, bytes.subarray(half));
      expect(last.statusCode, last.body).toBe(204);
      expect(await videoBytes()).toBe(before + bytes.length);
    },
    VIDEO_TEST_TIMEOUT_MS,
  );
});

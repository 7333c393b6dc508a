import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { acceptedLine, newCreator } from '../content-requests/content-requests.test-support.js';
import { contentRequestInfluencers } from '../content-requests/content-requests.schema.js';
import {
  makeTestVideo,
  VIDEO_TEST_TIMEOUT_MS,
  waitForVideo,
} from './content-videos.test-support.js';

let ctx: TestContext;
let dir: string;
let video: string;

const lineState = async (lineId: number) =>
  (
    await ctx.database.db
      .select({ state: contentRequestInfluencers.state })
      .from(contentRequestInfluencers)
      .where(eq(contentRequestInfluencers.id, lineId))
  )[0]!.state;

beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-import-'));
  video = makeTestVideo(dir, 'demo.mp4', { width: 320, height: 568, seconds: 1 });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(
  'importVideo (a local file as the line’s video, for the demo data)',
  { timeout: VIDEO_TEST_TIMEOUT_MS },
  () => {
    it('stores, records and processes it like a finished upload: the line is submitted', async () => {
      const { creator, lineId } = await acceptedLine(ctx);
      const { videoId } = await ctx.modules.contentVideos.importVideo({
        lineId,
        creatorUserId: creator.userId,
        file: video,
        filename: 'demo.mp4',
      });
      const row = await waitForVideo(ctx, videoId, 'ready');
      expect(row).toMatchObject({
        lineId,
        creatorUserId: creator.userId,
        version: 1,
        originalName: 'demo.mp4',
        sizeBytes: fs.statSync(video).size,
        width: 320,
        height: 568,
      });
      expect(row.uploadId).toMatch(/^import-/);
      expect(row.previewKey).toBeTruthy();
      expect(row.posterKey).toBeTruthy();
      // The original is the file itself, kept privately.
      const stored = await ctx.modules.media.storage.stat(row.originalKey);
      expect(stored?.size).toBe(fs.statSync(video).size);
      expect(await lineState(lineId)).toBe('submitted');
    });

    it('refuses what an upload would: another creator’s line, a line not waiting, not a video', async () => {
      const { creator, lineId } = await acceptedLine(ctx);
      const stranger = await newCreator(ctx);
      const importAs = (creatorUserId: number, file = video) =>
        ctx.modules.contentVideos.importVideo({ lineId, creatorUserId, file, filename: 'x.mp4' });
      await expect(importAs(stranger.userId)).rejects.toMatchObject({ statusCode: 404 });
      const text = path.join(dir, 'not-a-video.mp4');
      fs.writeFileSync(text, 'hello, not a video');
      await expect(importAs(creator.userId, text)).rejects.toMatchObject({ code: 'INVALID_VIDEO' });

      const { videoId } = await importAs(creator.userId);
      await waitForVideo(ctx, videoId, 'ready');
      await expect(importAs(creator.userId)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    });
  },
);

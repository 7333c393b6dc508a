import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { acceptedLine } from '../content-requests.test-support.js';

/**
 * A video's end of processing reaches the line's two parties over the socket (the pages read
 * the line again on it instead of polling).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('video status relay', () => {
  it('tells the creator and the advertiser when a video is ready or failed, no one else', async () => {
    const { brand, creator, lineId } = await acceptedLine(ctx);
    const spy = vi.spyOn(ctx.realtime, 'emitToUser');
    // Other pushes (notifications) go through the same hub: only the video's status counts here.
    const pushed = {
      get calls() {
        return spy.mock.calls.filter((call) => call[1] === 'content_video_status');
      },
    };
    await ctx.events.emit(ctx.database.db, 'content-video.ready', {
      videoId: 7001,
      lineId,
      version: 1,
      creatorUserId: creator.userId,
    });
    const ready = { content_request_influencer_id: lineId, video_id: 7001, status: 'ready' };
    await waitFor(() => pushed.calls.length >= 2, { what: 'the ready status pushed' });
    expect(pushed.calls).toEqual([
      [creator.userId, 'content_video_status', ready],
      [brand.userId, 'content_video_status', ready],
    ]);

    spy.mockClear();
    await ctx.events.emit(ctx.database.db, 'content-video.failed', {
      videoId: 7002,
      lineId,
      version: 2,
      creatorUserId: creator.userId,
      reason: 'unreadable',
    });
    await waitFor(() => pushed.calls.length >= 2, { what: 'the failed status pushed' });
    expect(pushed.calls.map(([userId, , payload]) => [userId, payload])).toEqual([
      [creator.userId, { content_request_influencer_id: lineId, video_id: 7002, status: 'failed' }],
      [brand.userId, { content_request_influencer_id: lineId, video_id: 7002, status: 'failed' }],
    ]);
    spy.mockRestore();
  });
});

import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKitResponseSchema } from '@clipmarket/contracts/media-kit';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { settleJobs } from '../../test/run-job-now.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { publishLinks, reviewedLine } from '../campaigns/campaigns.test-support.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
} from '../content-requests/content-requests.test-support.js';
import { contentVideos } from '../content-videos/content-videos.schema.js';
import { influencers } from '../users/users.schema.js';
import { createAdmin } from '../users/test-users.js';

/**
 * The media kit rendered on an S3-compatible server (issue 26 §2): the featured video's poster
 * read from the bucket, the PDF, its pages and the poster copy written there and served.
 */

let s3: TestS3Server;
let ctx: TestContext;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe('the media kit on S3 storage', () => {
  it('renders from and into the bucket, and serves the PDF, its pages and the poster', async () => {
    const brand = await newBrand(ctx, 5_000_000);
    const creator = await newCreator(ctx);
    const admin = await createAdmin(ctx);
    const name = `kits3${Date.now().toString(36)}${process.pid}`;
    await ctx.database.db
      .update(influencers)
      .set({ influencerName: name, isShowMediaKit: true })
      .where(eq(influencers.id, creator.influencerId));
    const lineId = (await sendRequest(ctx, brand, [creator])).lineOf(creator);
    await reviewedLine(ctx, brand, creator, lineId);
    await publishLinks(ctx, admin, creator, lineId, ['instagram']);
    const showcase = `/v2/content-request-influencers/${lineId}/showcase`;
    expect((await callAs(ctx, brand.token, 'PUT', showcase, { allowed: true })).statusCode).toBe(
      200,
    );

    // The approved video's poster, where the processing job leaves it: in the bucket.
    const poster = await sharp({
      create: { width: 90, height: 160, channels: 3, background: '#e8590c' },
    })
      .jpeg()
      .toBuffer();
    const posterKey = `videos/test/${lineId}-poster.jpg`;
    await ctx.modules.media.storage.put(posterKey, Readable.from([poster]), {
      contentType: 'image/jpeg',
    });
    await ctx.database.db
      .update(contentVideos)
      .set({ posterKey })
      .where(eq(contentVideos.lineId, lineId));

    const saved = await callAs(ctx, creator.token, 'PUT', '/v2/media-kit', {
      theme: 'green',
      language: 'en',
      headline: 'Recipes that sell',
      cover_file_id: null,
      hidden_sections: [],
      featured_line_ids: [lineId],
      is_published: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await settleJobs(ctx);
    const kit = mediaKitResponseSchema.parse(
      (await callAs(ctx, creator.token, 'GET', '/v2/media-kit')).json(),
    ).data;
    expect(kit.render_state, kit.render_error ?? '').toBe('ready');

    const renderKey = kit.rendering!.pdf_url.split('/')[3]!;
    const stored = await s3.keys(`media-kits/${renderKey}/`);
    expect(stored).toContain(`media-kits/${renderKey}/poster-${lineId}.jpg`);
    expect(stored.filter((key) => key.endsWith('.png')).length).toBe(
      kit.rendering!.page_image_urls.length,
    );

    const visit = (url: string) => ctx.app.inject({ method: 'GET', url });
    const pdf = await visit(`/v2/media-kits/${name}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const page = await visit(kit.rendering!.page_image_urls[0]!);
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const copy = await visit(`/v2/media-kit-files/${renderKey}/poster-${lineId}.jpg`);
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(poster)).toBe(true);
  }, 120_000);
});

import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createTalent } from '../users/test-users.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** `upload_bytes_total` of one kind, as the metrics port serves it. */
async function uploadBytesOf(kind: string): Promise<number> {
  const metric = await ctx.metrics.registry.getSingleMetric('upload_bytes_total')?.get();
  return metric?.values.find((value) => value.labels.kind === kind)?.value ?? 0;
}

describe('media metrics', () => {
  it('counts the bytes of each stored upload by kind', async () => {
    const { userId } = await createTalent(ctx);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const before = await uploadBytesOf('image');
    await ctx.modules.media.service.upload({
      ownerUserId: userId,
      purpose: 'profile',
      accept: 'image',
      filename: 'me.png',
      stream: Readable.from([png]),
    });
    expect(await uploadBytesOf('image')).toBe(before + png.length);
  });
});

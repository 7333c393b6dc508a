import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { createTalent, type TestUser } from '../users/test-users.js';
import { files } from './media.schema.js';

/**
 * Media on an S3-compatible server (issue 26 §2): the same uploads and signed links as on the
 * local disk, every byte in the bucket and none under DATA_DIR.
 */

const MB = 1024 * 1024;

function multipart(content: Buffer, filename: string, contentType: string) {
  const boundary = `----clipmarket${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('media on S3 storage', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  let owner: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestContext({ ...s3.env, MAX_IMAGE_BYTES: String(MB) });
    owner = await createTalent(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  const upload = (content: Buffer, name: string, type: string, purpose: string) => {
    const body = multipart(content, name, type);
    return ctx.app.inject({
      method: 'POST',
      url: `/v2/media/upload?purpose=${purpose}`,
      headers: { ...body.headers, authorization: `Bearer ${owner.token}` },
      payload: body.payload,
    });
  };

  it('stores a private picture’s sizes in the bucket and serves them through a signed link', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(png, 'scan.png', 'image/png', 'cin');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { file_id, token } = uploaded.json().data;

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, file_id));
    const prefix = row!.storageKey.replace(/full\.png$/, '');
    expect(await s3.keys(prefix)).toEqual(
      ['full', 'medium', 'thumb'].map((size) => `${prefix}${size}.png`),
    );
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: row!.storageKey }),
    );
    expect(head.ContentType).toBe('image/png');
    expect(fs.existsSync(path.join(ctx.dataDir, 'media'))).toBe(false);

    for (const size of ['thumb', 'full'] as const) {
      const signed = await ctx.app.inject({
        method: 'GET',
        url: `/v2/media/private-url?file_id=${file_id}&size=${size}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const { url } = signed.json().data;
      expect(url).toContain(`/v2/media/${size}/${token}.png?`);
      const image = await ctx.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
      expect((await sharp(image.rawPayload).metadata()).width).toBe(size === 'thumb' ? 160 : 300);
    }
  });

  it('serves a document whole, and revalidates a public picture by its ETag', async () => {
    const pdf = await upload(minimalPdf, 'contract.pdf', 'application/pdf', 'document');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/v2/media/full/${pdf.json().data.token}.pdf`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(minimalPdf)).toBe(true);

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const profile = (await upload(png, 'me.png', 'image/png', 'profile')).json().data;
    const url = `/v2/media/medium/${profile.token}.png`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    // The object's read is opened then dropped: many of them leave the client usable.
    for (let i = 0; i < 60; i += 1) {
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
    expect((await ctx.app.inject({ method: 'GET', url })).rawPayload.equals(first.rawPayload)).toBe(
      true,
    );
  });

  it('refuses a document over the limit with 413, keeping nothing in the bucket', async () => {
    const before = await s3.keys('uploads/');
    const tooLarge = Buffer.concat([minimalPdf, Buffer.alloc(MB, 0x20)]);
    const refused = await upload(tooLarge, 'huge.pdf', 'application/pdf', 'document');
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await s3.keys('uploads/')).toEqual(before);
    const rows = await ctx.database.db
      .select()
      .from(files)
      .where(eq(files.originalName, 'huge.pdf'));
    expect(rows).toEqual([]);
  });
});

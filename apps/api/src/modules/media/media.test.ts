import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@clipmarket/contracts/enums';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { USER_FILE_CONTENT_SECURITY_POLICY } from '../../platform/http/security-headers.js';
import { users } from '../users/users.schema.js';
import { imageWorkerPid, isImageQueueFull } from './image-variants.js';
import { files } from './media.schema.js';

interface TestUser {
  id: number;
  token: string;
}

async function createUser(ctx: TestContext, role: Role = 'TALENT'): Promise<TestUser> {
  const [row] = await ctx.database.db
    .insert(users)
    .values({ email: uniqueEmail('media'), passwordHash: 'not-a-real-hash', role })
    .returning({ id: users.id });
  const id = row!.id;
  return { id, token: await ctx.tokens.signAccessToken({ userId: id, role }) };
}

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(content: Buffer, filename: string, contentType: string, fieldname = 'file') {
  const boundary = `----clipmarket${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${fieldname}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A landscape JPEG whose EXIF says "rotate 90°", with a private EXIF field. */
const makeJpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc3366' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'secret-owner-data' } })
    .toBuffer();

const makePng = (width = 1000, height = 800) =>
  sharp({ create: { width, height, channels: 4, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Random pixels: a PNG that does not compress, to get past a byte limit. */
const makeNoisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Files actually stored (temporary files aside). */
function storedFiles(ctx: TestContext): string[] {
  const root = path.join(ctx.dataDir, 'media', 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

describe('media', () => {
  let ctx: TestContext;
  let talent: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    [talent, other, admin] = await Promise.all([
      createUser(ctx, 'TALENT'),
      createUser(ctx, 'BRAND'),
      createUser(ctx, 'ADMIN'),
    ]);
  });
  afterAll(() => ctx.close());

  const upload = (
    user: TestUser | null,
    body: ReturnType<typeof multipart>,
    query = '?purpose=profile',
    route = 'upload',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v2/media/${route}${query}`,
      headers: {
        ...body.headers,
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      },
      payload: body.payload,
    });

  const read = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  describe('POST /v2/media/upload', () => {
    it('stores an image in three sizes, auto-rotated and without EXIF', async () => {
      const res = await upload(talent, multipart(await makeJpeg(), 'me.jpeg', 'image/jpeg'));
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toEqual({
        file_id: expect.any(Number),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        file_extension: 'jpg',
        original_name: 'me.jpeg',
      });

      const [row] = await ctx.database.db.select().from(files).where(eq(files.id, data.file_id));
      expect(row).toMatchObject({
        ownerUserId: talent.id,
        purpose: 'profile',
        visibility: 'public',
        mimeType: 'image/jpeg',
      });

      const full = await read(`/v2/media/full/${data.token}.jpg`);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      // Images stay inline (shown in <img>), sandboxed when opened as a page.
      expect(full.headers['content-disposition']).toMatch(/^inline;/);
      expect(full.headers['content-security-policy']).toBe(USER_FILE_CONTENT_SECURITY_POLICY);
      expect(full.headers['cache-control']).toContain('immutable');
      const fullMeta = await sharp(full.rawPayload).metadata();
      // EXIF orientation 6 applied: the 300x200 landscape is now 200x300 portrait.
      expect([fullMeta.width, fullMeta.height]).toEqual([200, 300]);
      expect(fullMeta.exif).toBeUndefined();
      expect(fullMeta.orientation).toBeUndefined();

      const thumb = await sharp(
        (await read(`/v2/media/thumb/${data.token}.jpg`)).rawPayload,
      ).metadata();
      expect(Math.max(thumb.width!, thumb.height!)).toBe(160);
      expect(thumb.height).toBeGreaterThan(thumb.width!);
      const medium = await read(`/v2/media/medium/${data.token}.jpg?action=view&quality=high`);
      expect(medium.statusCode).toBe(200);
      // Never enlarged: the original is smaller than the medium size.
      expect((await sharp(medium.rawPayload).metadata()).height).toBe(300);
    });

    it('keeps PNG, WebP and GIF as such and resizes large images', async () => {
      const png = await upload(talent, multipart(await makePng(), 'banner.png', 'image/png'));
      expect(png.statusCode).toBe(200);
      const { token } = png.json().data;
      expect(png.json().data.file_extension).toBe('png');
      const medium = await sharp(
        (await read(`/v2/media/medium/${token}.png`)).rawPayload,
      ).metadata();
      expect([medium.format, medium.width, medium.height]).toEqual(['png', 640, 512]);
      const full = await sharp((await read(`/v2/media/full/${token}.png`)).rawPayload).metadata();
      expect([full.width, full.height]).toEqual([1000, 800]);

      const webp = await sharp({
        create: { width: 50, height: 50, channels: 3, background: '#000' },
      })
        .webp()
        .toBuffer();
      const webpRes = await upload(talent, multipart(webp, 'a.webp', 'image/webp'));
      expect(webpRes.json().data.file_extension).toBe('webp');
      const gif = await sharp({
        create: { width: 50, height: 50, channels: 3, background: '#0f0' },
      })
        .gif()
        .toBuffer();
      const gifRes = await upload(talent, multipart(gif, 'a.gif', 'image/gif'));
      expect(gifRes.json().data.file_extension).toBe('gif');
      const gifRead = await read(`/v2/media/thumb/${gifRes.json().data.token}.gif`);
      expect(gifRead.headers['content-type']).toBe('image/gif');
    });

    it('names the file by its content: a JPEG called .png is stored as jpg', async () => {
      const res = await upload(talent, multipart(await makeJpeg(), 'holiday.png', 'image/png'));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.file_extension).toBe('jpg');
    });

    it('refuses a disguised file (text named .png) with 415 and stores nothing', async () => {
      const before = storedFiles(ctx).length;
      const res = await upload(
        talent,
        multipart(
          Buffer.from('<?php echo "not an image"; ?>'.repeat(50)),
          'photo.png',
          'image/png',
        ),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('INVALID_FILE_TYPE');
      expect(res.json().error.message).toMatch(/^Invalid file type/);
      expect(storedFiles(ctx).length).toBe(before);
    });

    it('refuses a broken image (PNG signature, truncated body) and cleans up', async () => {
      const before = storedFiles(ctx).length;
      const rows = await ctx.database.db
        .select()
        .from(files)
        .where(eq(files.ownerUserId, other.id));
      const broken = (await makePng(400, 400)).subarray(0, 600);
      const res = await upload(other, multipart(broken, 'broken.png', 'image/png'));
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('INVALID_FILE_TYPE');
      expect(storedFiles(ctx).length).toBe(before);
      const after = await ctx.database.db
        .select()
        .from(files)
        .where(eq(files.ownerUserId, other.id));
      expect(after.length).toBe(rows.length);
    });

    it('refuses an empty file saying it is empty, not of a wrong type', async () => {
      const res = await upload(talent, multipart(Buffer.alloc(0), 'empty.jpg', 'image/jpeg'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('EMPTY_FILE');
      expect(res.json().error.message).toMatch(/empty/);
    });

    it('keeps a small animation, and only the first frame of one over the frames budget', async () => {
      const animation = (width: number, height: number, frames: number) => {
        const raw = Buffer.alloc(width * height * frames * 3);
        for (let i = 0; i < raw.length; i += 1)
          raw[i] = (i * 7 + Math.floor(i / (width * height * 3)) * 40) & 255;
        return sharp(raw, {
          raw: { width, height: height * frames, channels: 3, pageHeight: height },
        })
          .gif()
          .toBuffer();
      };
      const framesOf = async (token: string) =>
        (
          await sharp((await read(`/v2/media/full/${token}.gif`)).rawPayload, {
            animated: true,
          }).metadata()
        ).pages ?? 1;

      const small = await upload(
        talent,
        multipart(await animation(60, 60, 8), 's.gif', 'image/gif'),
      );
      expect(small.statusCode).toBe(200);
      expect(await framesOf(small.json().data.token)).toBe(8);

      // 120 frames: over the budget of 100 (however small each frame).
      const large = await animation(40, 30, 120);
      expect((await sharp(large, { animated: true }).metadata()).pages).toBe(120);
      const res = await upload(talent, multipart(large, 'l.gif', 'image/gif'));
      expect(res.statusCode).toBe(200);
      const { token } = res.json().data;
      expect(await framesOf(token)).toBe(1);
      const full = await sharp((await read(`/v2/media/full/${token}.gif`)).rawPayload).metadata();
      expect([full.width, full.height]).toEqual([40, 30]);
    });

    it('accepts images only for profile and cin purposes', async () => {
      for (const purpose of ['profile', 'cin']) {
        const res = await upload(
          talent,
          multipart(minimalPdf, 'scan.pdf', 'application/pdf'),
          `?purpose=${purpose}`,
        );
        expect(res.statusCode).toBe(415);
        expect(res.json().error.message).toMatch(/^Invalid file type/);
      }
    });

    it('stores a PDF document and serves it only as a sandboxed download, never inline', async () => {
      const res = await upload(
        talent,
        multipart(minimalPdf, 'Contrat été.pdf', 'application/pdf'),
        '?purpose=document',
      );
      expect(res.statusCode).toBe(200);
      const { token, file_extension, original_name } = res.json().data;
      expect(file_extension).toBe('pdf');
      expect(original_name).toBe('Contrat été.pdf');

      const view = await read(`/v2/media/full/${token}.pdf?action=view`);
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('application/pdf');
      expect(view.rawPayload.equals(minimalPdf)).toBe(true);
      // A PDF can carry scripts and forms: never shown on the product's origin.
      expect(view.headers['content-disposition']).toMatch(/^attachment;/);
      expect((await read(`/v2/media/full/${token}.pdf`)).headers['content-disposition']).toMatch(
        /^attachment;/,
      );
      expect(view.headers['content-security-policy']).toBe(USER_FILE_CONTENT_SECURITY_POLICY);
      expect(view.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
      expect(view.headers['x-content-type-options']).toBe('nosniff');

      const download = await read(`/v2/media/full/${token}.pdf?action=download`);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Contrat _t_.pdf"; filename*=UTF-8''${encodeURIComponent('Contrat été.pdf')}`,
      );
      // A document has one size: every size serves it.
      expect((await read(`/v2/media/thumb/${token}.pdf`)).rawPayload.equals(minimalPdf)).toBe(true);
    });

    it('requires a token', async () => {
      const res = await upload(null, multipart(await makePng(10, 10), 'a.png', 'image/png'));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('refuses an unknown purpose, a missing file field and a non-multipart body', async () => {
      const wrong = await upload(
        talent,
        multipart(await makePng(10, 10), 'a.png', 'image/png'),
        '?purpose=avatar',
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('VALIDATION_FAILED');

      const field = await upload(
        talent,
        multipart(await makePng(10, 10), 'a.png', 'image/png', 'picture'),
      );
      expect(field.statusCode).toBe(400);
      expect(field.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The file field is required',
      });

      const json = await ctx.app.inject({
        method: 'POST',
        url: '/v2/media/upload',
        headers: { authorization: `Bearer ${talent.token}` },
        payload: { file: 'nope' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('POST /v2/media/uploadPdf and /v2/media/uploadV2', () => {
    it('uploadPdf takes PDFs only', async () => {
      const ok = await upload(
        talent,
        multipart(minimalPdf, 'brief.pdf', 'application/pdf'),
        '',
        'uploadPdf',
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.file_extension).toBe('pdf');
      const [row] = await ctx.database.db
        .select()
        .from(files)
        .where(eq(files.id, ok.json().data.file_id));
      expect(row?.purpose).toBe('document');

      const image = await upload(
        talent,
        multipart(await makePng(10, 10), 'brief.pdf', 'application/pdf'),
        '',
        'uploadPdf',
      );
      expect(image.statusCode).toBe(415);
      expect(image.json().error.message).toBe('Invalid file type. Allowed type is: pdf.');
      expect(
        (await upload(null, multipart(minimalPdf, 'b.pdf', 'application/pdf'), '', 'uploadPdf'))
          .statusCode,
      ).toBe(401);
    });

    it('uploadV2 behaves like upload', async () => {
      const ok = await upload(
        talent,
        multipart(await makePng(20, 20), 'p.png', 'image/png'),
        '',
        'uploadV2',
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.file_extension).toBe('png');
      const bad = await upload(
        talent,
        multipart(Buffer.from('hello'), 'p.png', 'image/png'),
        '',
        'uploadV2',
      );
      expect(bad.statusCode).toBe(415);
      expect(
        (await upload(null, multipart(await makePng(20, 20), 'p.png', 'image/png'), '', 'uploadV2'))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('GET /v2/media/:size/:file', () => {
    let cin: { token: string; file_id: number };

    beforeAll(async () => {
      const res = await upload(
        talent,
        multipart(await makeJpeg(), 'cin.jpg', 'image/jpeg'),
        '?purpose=cin',
      );
      expect(res.statusCode).toBe(200);
      cin = res.json().data;
    });

    it('stores insights screenshots as private images', async () => {
      const res = await upload(
        talent,
        multipart(await makeJpeg(), 'insights.jpg', 'image/jpeg'),
        '?purpose=metric_screenshot',
      );
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.database.db
        .select()
        .from(files)
        .where(eq(files.id, res.json().data.file_id));
      expect(row?.visibility).toBe('private');
      const pdf = await upload(
        talent,
        multipart(minimalPdf, 'insights.pdf', 'application/pdf'),
        '?purpose=metric_screenshot',
      );
      expect(pdf.statusCode).toBe(415);
    });

    it('stores CIN scans as private', async () => {
      const [row] = await ctx.database.db.select().from(files).where(eq(files.id, cin.file_id));
      expect(row?.visibility).toBe('private');
    });

    it('lets the owner read a CIN scan by header, never cached; never by a token in the URL', async () => {
      const byHeader = await read(`/v2/media/medium/${cin.token}.jpg`, {
        authorization: `Bearer ${talent.token}`,
      });
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.headers['cache-control']).toBe('private, no-store');
      expect(byHeader.headers['content-type']).toBe('image/jpeg');
      // <img> tags use a signed URL instead (media.signed-url.test.ts).
      const byQuery = await read(`/v2/media/full/${cin.token}.jpg?access_token=${talent.token}`);
      expect(byQuery.statusCode).toBe(404);
    });

    it('lets an admin read a CIN scan', async () => {
      const res = await read(`/v2/media/thumb/${cin.token}.jpg`, {
        authorization: `Bearer ${admin.token}`,
      });
      expect(res.statusCode).toBe(200);
    });

    it('hides a CIN scan from everybody else (404)', async () => {
      const foreign = await read(`/v2/media/full/${cin.token}.jpg`, {
        authorization: `Bearer ${other.token}`,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('NOT_FOUND');
      expect(
        (await read(`/v2/media/full/${cin.token}.jpg?access_token=${other.token}`)).statusCode,
      ).toBe(404);
      expect((await read(`/v2/media/full/${cin.token}.jpg`)).statusCode).toBe(404);
      expect(
        (await read(`/v2/media/full/${cin.token}.jpg?access_token=not-a-jwt`)).statusCode,
      ).toBe(404);
    });

    it('answers 404 for an unknown token or a wrong extension, 400 for a bad size', async () => {
      const res = await upload(talent, multipart(await makePng(10, 10), 'x.png', 'image/png'));
      const { token } = res.json().data;
      expect((await read(`/v2/media/full/${token}.jpg`)).statusCode).toBe(404);
      expect(
        (await read(`/v2/media/full/${randomBytes(24).toString('base64url')}.png`)).statusCode,
      ).toBe(404);
      expect((await read(`/v2/media/huge/${token}.png`)).statusCode).toBe(400);
      expect((await read(`/v2/media/full/..%2F..%2Fetc.png`)).statusCode).toBe(400);
    });

    it('revalidates public files with their ETag', async () => {
      const res = await upload(talent, multipart(await makePng(10, 10), 'x.png', 'image/png'));
      const url = `/v2/media/thumb/${res.json().data.token}.png`;
      const first = await read(url);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await read(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });
  });

  describe('service for other modules', () => {
    it('finds a file only for its owner and describes it', async () => {
      const res = await upload(talent, multipart(await makePng(10, 10), 'mine.png', 'image/png'));
      const efile = res.json().data;
      const { service } = ctx.modules.media;
      expect(await service.findOwnedFile(talent.id, efile.file_id)).toEqual({
        ...efile,
        purpose: 'profile',
        visibility: 'public',
        mime_type: 'image/png',
      });
      expect(await service.findOwnedFile(other.id, efile.file_id)).toBeNull();
      expect(await service.describeFile(efile.file_id)).toEqual(efile);
      expect(await service.describeFile(2_000_000_000)).toBeNull();
      const many = await service.describeFiles([efile.file_id, efile.file_id, 2_000_000_000]);
      expect([...many.values()]).toEqual([efile]);
    });
  });
});

describe('media limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ MAX_IMAGE_BYTES: '20000', UPLOAD_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());

  const upload = (user: TestUser, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/media/upload?purpose=profile',
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
      payload: body.payload,
    });

  it('refuses a file over MAX_IMAGE_BYTES with 413 and keeps nothing', async () => {
    const user = await createUser(ctx);
    const big = await makeNoisePng(120);
    expect(big.length).toBeGreaterThan(20_000);
    const res = await upload(user, multipart(big, 'big.png', 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Sorry! File too large.',
    });
    expect(storedFiles(ctx)).toEqual([]);
    const rows = await ctx.database.db.select().from(files).where(eq(files.ownerUserId, user.id));
    expect(rows).toEqual([]);
    const pdf = multipart(
      Buffer.concat([minimalPdf, Buffer.alloc(25_000, 0x20)]),
      'big.pdf',
      'application/pdf',
    );
    const tooLargePdf = await ctx.app.inject({
      method: 'POST',
      url: '/v2/media/uploadPdf',
      headers: { ...pdf.headers, authorization: `Bearer ${user.token}` },
      payload: pdf.payload,
    });
    expect(tooLargePdf.statusCode).toBe(413);
    expect(storedFiles(ctx)).toEqual([]);
  });

  it('answers a malformed multipart body with 400, not 500', async () => {
    const user = await createUser(ctx);
    const body = multipart(await makePng(10, 10), 'a.png', 'image/png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/media/upload',
      headers: {
        'content-type': 'multipart/form-data; boundary=not-the-boundary',
        authorization: `Bearer ${user.token}`,
      },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('accepts a file under the limit', async () => {
    const user = await createUser(ctx);
    const res = await upload(user, multipart(await makePng(40, 40), 'small.png', 'image/png'));
    expect(res.statusCode).toBe(200);
  });

  it('limits uploads per user and minute', async () => {
    const [busy, calm] = [await createUser(ctx), await createUser(ctx)];
    const small = await makePng(10, 10);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await upload(busy, multipart(small, 'a.png', 'image/png'))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await upload(calm, multipart(small, 'a.png', 'image/png'))).statusCode).toBe(200);
  });
});

/** Each thread of a process: its name and nice value (Linux /proc). */
function threadsOf(pid: number): { name: string; nice: number }[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      nice: Number(fields[16]),
    };
  });
}

describe('image queue and other requests', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ UPLOAD_RATE_LIMIT_PER_MINUTE: '100' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  const upload = (user: TestUser, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/media/upload?purpose=profile',
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
      payload: body.payload,
    });

  /**
   * An upload over a real connection that sends its headers and the first `sent` bytes of its
   * body, then holds the rest back (a slow client); `answer` is what came back until the server
   * ended its side, `errors` what went wrong on the connection (a reset).
   */
  function startUpload(user: TestUser, body: ReturnType<typeof multipart>, sent: number) {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const errors: string[] = [];
    const answer = new Promise<string>((resolve) => {
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('error', (error: Error & { code?: string }) => errors.push(error.code ?? ''));
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
    });
    socket.write(
      'POST /v2/media/upload?purpose=profile HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${user.token}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\n` +
        `Content-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, sent));
    return { socket, answer, errors };
  }

  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
      ),
    ]);

  it('refuses an image of a user whose images fill the queue before reading its body', async () => {
    const user = await createUser(ctx);
    const body = multipart(await makeNoisePng(300), 'big.png', 'image/png');
    // Two uploads still sending: the user's share of the queue (2) is taken.
    const held = [startUpload(user, body, 20_000), startUpload(user, body, 20_000)];
    try {
      await vi.waitFor(() => expect(isImageQueueFull(user.id)).toBe(true), { timeout: 10_000 });
      // The third sends its headers and a few bytes only: answered at once, body not awaited.
      const third = startUpload(user, body, 100);
      const answer = await within(third.answer, 3000);
      expect(answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toContain('"code":"IMAGE_QUEUE_FULL"');
      // The server ended its side but lets the client finish sending (read and dropped), so a
      // client still writing is not reset before it reads the answer.
      for (let chunk = 0; chunk < 5; chunk += 1) {
        third.socket.write(randomBytes(64 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      expect(third.errors).toEqual([]);
      third.socket.end();
      // Ordinary clients still sending a large body read the answer too (not a reset).
      const large = multipart(
        Buffer.concat([await makePng(20, 20), randomBytes(9 * 1024 * 1024)]),
        'large.png',
        'image/png',
      );
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          fetch(`http://127.0.0.1:${port}/v2/media/upload?purpose=profile`, {
            method: 'POST',
            headers: { ...large.headers, authorization: `Bearer ${user.token}` },
            body: large.payload,
          }).then(
            (res) => `${res.status} ${res.headers.get('retry-after')}`,
            (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
          ),
        ),
      );
      expect(answers).toEqual(['429 5', '429 5', '429 5', '429 5']);
      // A PDF-only route never waits in the image queue.
      const pdf = multipart(minimalPdf, 'a.pdf', 'application/pdf');
      const pdfRes = await ctx.app.inject({
        method: 'POST',
        url: '/v2/media/uploadPdf',
        headers: { ...pdf.headers, authorization: `Bearer ${user.token}` },
        payload: pdf.payload,
      });
      expect(pdfRes.statusCode).toBe(200);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
    // Once the held uploads are gone, the user may upload again.
    await vi.waitFor(
      async () =>
        expect(
          (await upload(user, multipart(await makePng(20, 20), 'a.png', 'image/png'))).statusCode,
        ).toBe(200),
      { timeout: 10_000, interval: 200 },
    );
  });

  it('refuses an image over the pixel limit from its header, without waiting for the queue', async () => {
    const [busy, user] = [await createUser(ctx), await createUser(ctx)];
    // Another user's uploads, still sending, hold the one processing slot and their share.
    const big = multipart(await makeNoisePng(300), 'big.png', 'image/png');
    const held = [startUpload(busy, big, 20_000), startUpload(busy, big, 20_000)];
    try {
      await vi.waitFor(() => expect(isImageQueueFull(busy.id)).toBe(true), { timeout: 10_000 });
      const huge = await sharp({
        create: { width: 6000, height: 5000, channels: 3, background: '#336699' },
      })
        .png()
        .toBuffer();
      const res = await within(upload(user, multipart(huge, 'huge.png', 'image/png')), 3000);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('IMAGE_TOO_LARGE');
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });

  it('renders images in a child process whose threads run at the lowest CPU priority', async () => {
    const user = await createUser(ctx);
    const res = await upload(user, multipart(await makePng(1200, 900), 'a.png', 'image/png'));
    expect(res.statusCode).toBe(200);
    const pid = imageWorkerPid();
    expect(pid).toBeTypeOf('number');
    expect(pid).not.toBe(process.pid);
    const threads = threadsOf(pid!);
    // libvips' workers did the work there, every thread of that process at nice 19...
    expect(threads.some((thread) => thread.name === 'libvips worker')).toBe(true);
    expect(threads.every((thread) => thread.nice === 19)).toBe(true);
    // ...while the API's event loop keeps its priority.
    expect(threadsOf(process.pid)[0]!.nice).toBeLessThan(19);
  });
});

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { createUrlSigner } from './signed-url.js';

/** The test harness's JWT_SECRET: the server secret the signatures are keyed from. */
const SERVER_SECRET = 'test-secret-test-secret-test-secret-0123';

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

const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('media: signed URLs of private files, pixel limit', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let cin: { file_id: number; token: string; file_extension: string };
  let profile: { file_id: number; token: string; file_extension: string };

  const upload = (user: TestUser, content: Buffer, purpose: 'cin' | 'profile') => {
    const body = multipart(content, 'scan.png', 'image/png');
    return ctx.app.inject({
      method: 'POST',
      url: `/v2/media/upload?purpose=${purpose}`,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
      payload: body.payload,
    });
  };

  const privateUrl = (user: TestUser | null, query: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/v2/media/private-url?${query}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
    });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, stranger, admin] = await Promise.all([
      createTalent(ctx),
      createAdvertiser(ctx),
      createAdmin(ctx),
    ]);
    const png = await makePng(300, 200);
    const cinUpload = await upload(owner, png, 'cin');
    expect(cinUpload.statusCode).toBe(200);
    cin = cinUpload.json().data;
    profile = (await upload(owner, png, 'profile')).json().data;
  });
  afterAll(() => ctx.close());

  it('gives the owner a short-lived signed URL without any access token, which an <img> can load', async () => {
    const res = await privateUrl(owner, `file_id=${cin.file_id}&size=thumb`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { url, expires_at } = res.json().data;
    expect(url).toMatch(
      new RegExp(
        `^/v2/media/thumb/${cin.token}\\.png\\?expires=\\d+&user=${owner.userId}&signature=[\\w-]+$`,
      ),
    );
    expect(url).not.toContain('access_token');
    expect(url).not.toContain(owner.token);
    const lifetime = new Date(expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(5 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);

    // No header: the signature alone grants reading this one file.
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(160);
  });

  it('signs for admins too, and for nobody else (404)', async () => {
    const forAdmin = await privateUrl(admin, `file_id=${cin.file_id}`);
    expect(forAdmin.statusCode).toBe(200);
    expect((await get(forAdmin.json().data.url)).statusCode).toBe(200);

    const forStranger = await privateUrl(stranger, `file_id=${cin.file_id}`);
    expect(forStranger.statusCode).toBe(404);
    expect(forStranger.json().error.code).toBe('NOT_FOUND');
    expect((await privateUrl(owner, 'file_id=2147483647')).statusCode).toBe(404);
    expect((await privateUrl(null, `file_id=${cin.file_id}`)).statusCode).toBe(401);
  });

  it('answers a public file with its plain URL', async () => {
    const res = await privateUrl(stranger, `file_id=${profile.file_id}&size=full`);
    expect(res.json().data).toEqual({
      url: `/v2/media/full/${profile.token}.png`,
      expires_at: null,
    });
  });

  it('refuses a forged, altered, expired or borrowed signature like no signature (404)', async () => {
    const { url } = (await privateUrl(owner, `file_id=${cin.file_id}&size=medium`)).json().data;
    const parsed = new URL(url, 'http://local');
    const signature = parsed.searchParams.get('signature')!;
    const expires = Number(parsed.searchParams.get('expires'));
    const at = (params: Record<string, string | number>) =>
      `/v2/media/medium/${cin.token}.png?${new URLSearchParams(
        Object.entries(params).map(([k, v]) => [k, String(v)]),
      ).toString()}`;

    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await get(at({ expires, user: owner.userId, signature: flipped }))).statusCode).toBe(
      404,
    );
    // A later expiry or another user is not what was signed.
    expect(
      (await get(at({ expires: expires + 3600, user: owner.userId, signature }))).statusCode,
    ).toBe(404);
    expect((await get(at({ expires, user: admin.userId, signature }))).statusCode).toBe(404);

    // Signed with the right key, but expired a minute ago.
    const signer = createUrlSigner(SERVER_SECRET);
    const old = signer.sign(`${cin.token}.png`, owner.userId, Date.now() - 11 * 60_000);
    expect((await get(at({ ...old }))).statusCode).toBe(404);
    // The same signing, not expired: the test computes signatures as the server does.
    const fresh = signer.sign(`${cin.token}.png`, owner.userId);
    expect((await get(at({ ...fresh }))).statusCode).toBe(200);
    // Signed with another secret.
    const elsewhere = createUrlSigner('another-secret-another-secret-0123456789');
    expect(
      (await get(at({ ...elsewhere.sign(`${cin.token}.png`, owner.userId) }))).statusCode,
    ).toBe(404);

    // The signature of one file does not open another.
    const other = (await upload(owner, await makePng(20, 20), 'cin')).json().data;
    expect(
      (
        await get(
          `/v2/media/medium/${other.token}.png?expires=${expires}&user=${owner.userId}&signature=${signature}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(at({ expires: 'soon', user: owner.userId, signature }))).statusCode).toBe(
      400,
    );
  });

  it('refuses an image over 25 megapixels with 413 IMAGE_TOO_LARGE, and keeps accepting normal ones', async () => {
    // 6000 x 5000 of one colour: a few kilobytes, 30 megapixels once decoded.
    const huge = await makePng(6000, 5000);
    expect(huge.length).toBeLessThan(1_000_000);
    const refused = await upload(owner, huge, 'profile');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: 'Sorry! This image is too large: at most 25 megapixels (e.g. 6000 × 4000 pixels).',
    });

    const normal = await upload(owner, await makePng(4000, 3000), 'profile');
    expect(normal.statusCode).toBe(200);
    const full = await get(`/v2/media/full/${normal.json().data.token}.png`);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(4000);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testDatabaseUrl } from '../../test/test-db.js';
import { waitFor } from '../../test/wait-for.js';
import { acceptedLine } from '../content-requests/content-requests.test-support.js';
import { contentVideos, videoUploads } from './content-videos.schema.js';
import {
  createUpload,
  headUpload,
  makeTestVideo,
  patchUpload,
  VIDEO_TEST_TIMEOUT_MS,
} from './content-videos.test-support.js';

/**
 * Issue 26 §1, ADR 043: two API processes of one deployment (two apps on one database and one
 * uploads folder) continue each other's uploads, with no sticky routing.
 */

let a: TestContext;
let b: TestContext;
let shared: string;
let dir: string;
let video: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const meta = (lineId: number) => ({
  content_request_influencer_id: String(lineId),
  filename: 'clip.mp4',
  filetype: 'video/mp4',
  consent: 'true',
});
const idOf = (location: string) => location.split('/').at(-1)!;
const recordOf = async (id: string) =>
  (await a.database.db.select().from(videoUploads).where(eq(videoUploads.id, id)))[0];
const deleteUpload = (ctx: TestContext, token: string, location: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: location,
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });

/** SHA-256 of a version's original, read from the storage of the process that recorded it. */
async function storedOriginalHash(ctx: TestContext, videoId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(contentVideos)
    .where(eq(contentVideos.id, videoId));
  const hash = createHash('sha256');
  for await (const chunk of ctx.modules.media.storage.get(row!.originalKey)) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  shared = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-shared-uploads-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-videos-across-'));
  a = await createTestContext({ UPLOADS_DIR: shared });
  b = await createTestContext({ UPLOADS_DIR: shared });
  video = makeTestVideo(dir, 'source.mp4', { width: 320, height: 240, seconds: 2 });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  fs.rmSync(shared, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an upload continued on another API process', { timeout: VIDEO_TEST_TIMEOUT_MS }, () => {
  it('created and half sent on A, is answered by HEAD on B and finished there, byte-identical', async () => {
    const { creator, lineId } = await acceptedLine(a);
    const bytes = fs.readFileSync(video);
    const created = await createUpload(a, creator.token, bytes.length, meta(lineId));
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    const first = await patchUpload(a, creator.token, location, 0, bytes.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);

    const head = await headUpload(b, creator.token, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(bytes.length));

    const rest = await patchUpload(b, creator.token, location, half, bytes.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    const videoId = Number(rest.headers['content-video-id']);
    const [version] = await a.database.db
      .select()
      .from(contentVideos)
      .where(eq(contentVideos.id, videoId));
    expect(version).toMatchObject({ lineId, creatorUserId: creator.userId, version: 1 });
    expect(await storedOriginalHash(b, videoId)).toBe(sha256(bytes));
    // Finished: neither process knows the upload any more, its record and file are gone.
    expect((await headUpload(a, creator.token, location)).statusCode).toBe(404);
    expect(await recordOf(idOf(location))).toBeUndefined();
    expect(fs.existsSync(path.join(shared, idOf(location)))).toBe(false);
  });

  it('is cancelled (DELETE) on B when made on A: record and bytes gone for both', async () => {
    const { creator, lineId } = await acceptedLine(a);
    const location = (await createUpload(a, creator.token, 5000, meta(lineId))).headers
      .location as string;
    expect(
      (await patchUpload(a, creator.token, location, 0, Buffer.alloc(1000, 1))).statusCode,
    ).toBe(204);

    expect((await deleteUpload(b, creator.token, location)).statusCode).toBe(204);
    expect((await headUpload(a, creator.token, location)).statusCode).toBe(404);
    expect(await recordOf(idOf(location))).toBeUndefined();
    expect(fs.existsSync(path.join(shared, idOf(location)))).toBe(false);
  });

  it('counts a creator’s unfinished uploads made on either process against the cap', async () => {
    const { creator, lineId } = await acceptedLine(a);
    const onA = await createUpload(a, creator.token, 1000, meta(lineId));
    const onB = await createUpload(b, creator.token, 1000, meta(lineId));
    expect((await createUpload(a, creator.token, 1000, meta(lineId))).statusCode).toBe(201);
    expect([onA.statusCode, onB.statusCode]).toEqual([201, 201]);
    // The default cap is 3, wherever they were made.
    for (const ctx of [a, b]) {
      const over = await createUpload(ctx, creator.token, 1000, meta(lineId));
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('UPLOAD_LIMIT_REACHED');
    }
    // Cancelled on A, the upload made on B frees its place on B.
    expect((await deleteUpload(a, creator.token, onB.headers.location as string)).statusCode).toBe(
      204,
    );
    expect((await createUpload(b, creator.token, 1000, meta(lineId))).statusCode).toBe(201);
  });

  it('abandoned, is deleted by the cleanup job: its record and its bytes; orphan files as old too', async () => {
    const { creator, lineId } = await acceptedLine(a);
    const location = (await createUpload(a, creator.token, 5000, meta(lineId))).headers
      .location as string;
    await patchUpload(b, creator.token, location, 0, Buffer.alloc(1000, 2));
    const id = idOf(location);
    const longAgo = new Date(Date.now() - 25 * 3_600_000);
    await a.database.db
      .update(videoUploads)
      .set({
        info: sql`jsonb_set(${videoUploads.info}, '{creation_date}', ${JSON.stringify(longAgo.toISOString())}::jsonb)`,
      })
      .where(eq(videoUploads.id, id));
    fs.utimesSync(path.join(shared, id), longAgo, longAgo);
    // Bytes whose record never came (a creation cut in between), and a record of the former
    // on-disk layout: as old, they go too.
    for (const name of ['orphan-upload', 'orphan-upload.json']) {
      fs.writeFileSync(path.join(shared, name), 'x');
      fs.utimesSync(path.join(shared, name), longAgo, longAgo);
    }

    await a.jobs.send('content-video-upload-cleanup', {});
    await waitFor(
      async () =>
        !fs.existsSync(path.join(shared, id)) &&
        !fs.existsSync(path.join(shared, 'orphan-upload.json')) &&
        (await recordOf(id)) === undefined,
      { what: 'the abandoned upload, its record and the orphan files deleted' },
    );
    expect(fs.existsSync(path.join(shared, 'orphan-upload'))).toBe(false);
    expect((await headUpload(b, creator.token, location)).statusCode).toBe(404);
  });
});

// Locks held across processes: PostgreSQL's advisory locks (PGlite is one process, whose locks
// are in its memory, so two apps on it do not share them).
describe.runIf(testDatabaseUrl())(
  'uploads locked across API processes (PostgreSQL)',
  { timeout: VIDEO_TEST_TIMEOUT_MS },
  () => {
    it('lets a PATCH on B take over one stalled on A: A stops, B goes on from A’s offset', async () => {
      const { creator, lineId } = await acceptedLine(a);
      const bytes = fs.readFileSync(video);
      const location = (await createUpload(a, creator.token, bytes.length, meta(lineId))).headers
        .location as string;
      const half = Math.floor(bytes.length / 2);
      // Half the bytes, then silence on a connection to A that stays open.
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      const stalled = http.request({
        host: '127.0.0.1',
        port: (a.app.server.address() as AddressInfo).port,
        method: 'PATCH',
        path: location,
        headers: {
          authorization: `Bearer ${creator.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      const stalledEnded = new Promise<string>((resolve) => {
        stalled.on('response', (response) => resolve(String(response.statusCode)));
        stalled.on('error', (error) => resolve(error.message));
      });
      stalled.write(bytes.subarray(0, half));
      // Watched on the shared disk: a HEAD would itself ask A to let go.
      const file = path.join(shared, idOf(location));
      await waitFor(() => fs.existsSync(file) && fs.statSync(file).size === half, {
        what: 'the first half on the shared disk',
        timeoutMs: VIDEO_TEST_TIMEOUT_MS,
      });

      const rest = await patchUpload(b, creator.token, location, half, bytes.subarray(half));
      expect(rest.statusCode, rest.body).toBe(204);
      expect(rest.headers['upload-offset']).toBe(String(bytes.length));
      // A stopped (409 UPLOAD_INTERRUPTED, or the connection closed before its answer).
      expect(await stalledEnded).toMatch(/409|socket hang up|ECONNRESET/);
      stalled.destroy();
      const videoId = Number(rest.headers['content-video-id']);
      expect(await storedOriginalHash(b, videoId)).toBe(sha256(bytes));
    });

    it('lets through one creation per free place when they race on both processes', async () => {
      const { creator, lineId } = await acceptedLine(a);
      expect((await createUpload(a, creator.token, 1000, meta(lineId))).statusCode).toBe(201);
      // Two places left of the default three, four creations at once, two on each process.
      const raced = await Promise.all(
        [a, b, a, b].map((ctx) => createUpload(ctx, creator.token, 1000, meta(lineId))),
      );
      expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429, 429]);
    });
  },
);

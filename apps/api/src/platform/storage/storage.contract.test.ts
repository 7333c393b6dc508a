import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { waitFor } from '../../test/wait-for.js';
import { loadEnv } from '../env.js';
import { createStorage, StorageNotFoundError, type Storage } from './storage.js';

/**
 * What every storage backend promises (storage-backend.ts), checked on the local disk and on a
 * real S3-compatible server alike: the product runs on either without knowing which.
 */

const MB = 1024 * 1024;
/** S3's smallest multipart part (lib-storage's part size): a larger body is sent in parts. */
const PART_SIZE = 5 * MB;

/** The bytes `offset`..`offset + length` of a patterned body (period 251: a part out of place shows). */
function patterned(offset: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) bytes[i] = ((offset + i) * 31 + 7) % 251;
  return bytes;
}

/**
 * A body of `size` bytes made chunk by chunk as it is read (never a whole Buffer), which fails
 * with `failure` after its last chunk when given.
 */
function streamedBody(size: number, failure?: Error): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += 64 * 1024) {
        yield patterned(offset, Math.min(64 * 1024, size - offset));
      }
      if (failure) throw failure;
    })(),
  );
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: TestS3Server;
/** Every request the S3 server received in this file: what the driver sends. */
const s3Requests: Array<{ method: string; url: string; headers: Record<string, unknown> }> = [];
/** Folder of this file's local storages and of the files moved in. */
let workDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  s3.onRequest((request) =>
    s3Requests.push({ method: request.method!, url: request.url!, headers: request.headers }),
  );
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-storage-contract-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Each backend as the app builds it from its settings (storage.ts). */
const drivers: Array<{ name: string; create: () => Storage }> = [
  { name: 'local disk', create: () => createStorage(loadEnv({ DATA_DIR: workDir })) },
  { name: 'S3', create: () => createStorage(loadEnv({ DATA_DIR: workDir, ...s3.env })) },
];

describe.each(drivers)('storage contract: $name', ({ create }) => {
  let storage: Storage;
  let files = 0;
  /** A local file of `bytes`, as a finished upload leaves one. */
  const localFile = (bytes: Buffer) => {
    files += 1;
    const file = path.join(workDir, `upload-${files}.bin`);
    fs.writeFileSync(file, bytes);
    return file;
  };

  beforeAll(() => {
    storage = create();
  });

  it('streams a body in under a key, answers its size, and reads it back whole', async () => {
    const { size } = await storage.put('a/b/c.bin', streamedBody(200_000), {
      contentType: 'application/octet-stream',
    });
    expect(size).toBe(200_000);
    expect(await storage.stat('a/b/c.bin')).toEqual({ size: 200_000 });
    expect((await buffer(storage.get('a/b/c.bin'))).equals(patterned(0, 200_000))).toBe(true);
  });

  it('reads a byte range of an object, both ends inclusive (seekable video)', async () => {
    await storage.put(
      'range/file.txt',
      Readable.from([Buffer.from('0123'), Buffer.from('456789')]),
    );
    expect((await buffer(storage.get('range/file.txt', { start: 2, end: 5 }))).toString()).toBe(
      '2345',
    );
    // (Not 0-0: s3rver answers that one with the whole object; S3 itself does not.)
    expect((await buffer(storage.get('range/file.txt', { start: 0, end: 1 }))).toString()).toBe(
      '01',
    );
    expect((await buffer(storage.get('range/file.txt', { start: 9, end: 9 }))).toString()).toBe(
      '9',
    );
  });

  it('stores a streamed body larger than one multipart part, and reads it whole and across parts', async () => {
    const size = 2 * PART_SIZE + 12_345;
    expect(await storage.put('large/body.bin', streamedBody(size))).toEqual({ size });
    expect(await storage.stat('large/body.bin')).toEqual({ size });
    expect(sha256(await buffer(storage.get('large/body.bin')))).toBe(sha256(patterned(0, size)));
    const across = { start: PART_SIZE - 10, end: PART_SIZE + 9 };
    expect(
      (await buffer(storage.get('large/body.bin', across))).equals(patterned(across.start, 20)),
    ).toBe(true);
    const tail = await buffer(storage.get('large/body.bin', { start: size - 100, end: size - 1 }));
    expect(tail.equals(patterned(size - 100, 100))).toBe(true);
  });

  it('replaces an object under the same key', async () => {
    await storage.put('replaced.txt', Readable.from([Buffer.from('one')]));
    await storage.put('replaced.txt', Readable.from([Buffer.from('two!')]));
    expect((await buffer(storage.get('replaced.txt'))).toString()).toBe('two!');
    expect(await storage.stat('replaced.txt')).toEqual({ size: 4 });
  });

  it('moves a local file in under a key: the file is gone afterwards', async () => {
    const bytes = patterned(0, 3000);
    const file = localFile(bytes);
    expect(
      await storage.moveIn('videos/1/original.mp4', file, { contentType: 'video/mp4' }),
    ).toEqual({ size: 3000 });
    expect(fs.existsSync(file)).toBe(false);
    expect((await buffer(storage.get('videos/1/original.mp4'))).equals(bytes)).toBe(true);
  });

  it('deletes an object; deleting a missing key is not an error', async () => {
    await storage.put('deleted/one.txt', Readable.from([Buffer.from('bye')]));
    await storage.delete('deleted/one.txt');
    expect(await storage.stat('deleted/one.txt')).toBeNull();
    await expect(buffer(storage.get('deleted/one.txt'))).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    await storage.delete('deleted/one.txt');
    await storage.delete('never/there.txt');
  });

  it('answers a missing object: its read errors with StorageNotFoundError, whole or a range; stat is null', async () => {
    expect(await storage.stat('missing/key.txt')).toBeNull();
    await expect(buffer(storage.get('missing/key.txt'))).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    await expect(
      buffer(storage.get('missing/key.txt', { start: 0, end: 99 })),
    ).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('leaves no object behind a failing source, and rejects with the source’s error', async () => {
    const small = storage.put(
      'failed/small.bin',
      streamedBody(1000, new Error('client went away')),
    );
    await expect(small).rejects.toThrow('client went away');
    expect(await storage.stat('failed/small.bin')).toBeNull();

    // Failing once more than a part was read: on S3 a multipart upload had begun.
    const large = storage.put(
      'failed/large.bin',
      streamedBody(PART_SIZE + 100_000, new Error('connection reset')),
    );
    await expect(large).rejects.toThrow('connection reset');
    expect(await storage.stat('failed/large.bin')).toBeNull();

    // A failed replacement keeps the previous object whole.
    await storage.put('failed/kept.txt', Readable.from([Buffer.from('complete')]));
    await expect(
      storage.put('failed/kept.txt', streamedBody(5000, new Error('client went away'))),
    ).rejects.toThrow('client went away');
    expect((await buffer(storage.get('failed/kept.txt'))).toString()).toBe('complete');
  });

  it('refuses keys that could escape the root, on every operation', async () => {
    const file = localFile(Buffer.from('x'));
    for (const key of [
      '../outside.txt',
      '/etc/passwd',
      'a/../../b',
      'a\\b',
      '',
      'a//b',
      '.hidden',
    ]) {
      await expect(storage.stat(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.moveIn(key, file)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
      expect(() => storage.get(key)).toThrow('Invalid storage key');
    }
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe('storage on an S3-compatible server', () => {
  let storage: Storage;
  beforeAll(() => {
    storage = createStorage(loadEnv({ DATA_DIR: workDir, ...s3.env }));
  });

  it('keeps the content type given with the object', async () => {
    await storage.put('typed/poster.jpg', Readable.from([Buffer.from('jpeg')]), {
      contentType: 'image/jpeg',
    });
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'typed/poster.jpg' }),
    );
    expect(head.ContentType).toBe('image/jpeg');
  });

  it('ends its request to the server when the reader stops early (a player seeking, a closed tab)', async () => {
    const size = 2 * PART_SIZE;
    await storage.put('early/stop.bin', streamedBody(size));
    let answer: { finished: boolean } | undefined;
    s3.onRequest((request, response) => {
      if (request.method === 'GET' && request.url?.includes('/early/stop.bin')) {
        response.once('close', () => (answer = { finished: response.writableFinished }));
      }
    });
    // The first chunk, then the reader goes away.
    for await (const chunk of storage.get('early/stop.bin')) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break;
    }
    // The server saw its answer cut off, far from the 10 MB it had to send.
    expect(await waitFor(() => answer, { what: 'the S3 answer closed' })).toEqual({
      finished: false,
    });
  });

  it('sends no checksum the server must understand (many S3-compatible servers refuse them)', async () => {
    await storage.put('checked/large.bin', streamedBody(PART_SIZE + 1000));
    await buffer(storage.get('checked/large.bin'));
    const uploads = s3Requests.filter((request) => request.url.includes('/checked/large.bin'));
    expect(uploads.map((request) => request.method)).toEqual(['POST', 'PUT', 'PUT', 'POST', 'GET']);
    const checksumHeaders = s3Requests.flatMap((request) =>
      Object.keys(request.headers).filter((name) =>
        /^x-amz-(checksum|sdk-checksum|trailer)|^content-encoding$/.test(name),
      ),
    );
    expect(checksumHeaders).toEqual([]);
  });
});

describe('storage chosen by configuration', () => {
  it('keeps files under DATA_DIR/media by default', async () => {
    const storage = createStorage(loadEnv({ DATA_DIR: workDir }));
    await storage.put('configured/local.txt', Readable.from([Buffer.from('here')]));
    expect(fs.readFileSync(path.join(workDir, 'media', 'configured', 'local.txt'), 'utf8')).toBe(
      'here',
    );
  });

  it('needs a bucket for S3', () => {
    expect(() => createStorage(loadEnv({ DATA_DIR: workDir, STORAGE_DRIVER: 's3' }))).toThrow(
      'S3_BUCKET',
    );
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { StorageNotFoundError, createStorage } from './storage.js';
import { loadEnv } from '../env.js';

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-storage-'));
  const storage = createLocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes, stats, reads and deletes by key', async () => {
    const content = Buffer.from('hello storage');
    const { size } = await storage.put(
      'a/b/c.txt',
      Readable.from([content.subarray(0, 5), content.subarray(5)]),
    );
    expect(size).toBe(content.length);
    expect(await storage.stat('a/b/c.txt')).toEqual({ size: content.length });
    expect((await buffer(storage.get('a/b/c.txt'))).equals(content)).toBe(true);
    await storage.delete('a/b/c.txt');
    expect(await storage.stat('a/b/c.txt')).toBeNull();
    await storage.delete('a/b/c.txt');
  });

  it('moves a local file in under a key by renaming it (no second copy of a large upload)', async () => {
    const file = path.join(root, 'finished-upload.bin');
    fs.writeFileSync(file, Buffer.alloc(3000, 7));
    const inode = fs.statSync(file).ino;
    expect(await storage.moveIn('videos/1/original.mp4', file)).toEqual({ size: 3000 });
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.statSync(path.join(root, 'videos', '1', 'original.mp4')).ino).toBe(inode);
    expect((await buffer(storage.get('videos/1/original.mp4'))).equals(Buffer.alloc(3000, 7))).toBe(
      true,
    );
    await expect(storage.moveIn('../escape', file)).rejects.toThrow(/Invalid storage key/);
  });

  it('reads a byte range of an object (seekable video)', async () => {
    await storage.put('range/file.bin', Readable.from([Buffer.from('0123456789')]));
    const part = await buffer(storage.get('range/file.bin', { start: 2, end: 5 }));
    expect(part.toString()).toBe('2345');
    const last = await buffer(storage.get('range/file.bin', { start: 9, end: 9 }));
    expect(last.toString()).toBe('9');
    await storage.delete('range/file.bin');
  });

  it('never leaves a partial file when the source fails', async () => {
    const source = new PassThrough();
    const writing = storage.put('partial/file.bin', source);
    source.write(Buffer.alloc(1000, 1));
    source.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(await storage.stat('partial/file.bin')).toBeNull();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('replaces an object atomically', async () => {
    await storage.put('r.txt', Readable.from([Buffer.from('one')]));
    await storage.put('r.txt', Readable.from([Buffer.from('two!')]));
    expect((await buffer(storage.get('r.txt'))).toString()).toBe('two!');
  });

  it('errors a read of a missing key with StorageNotFoundError', async () => {
    await expect(buffer(storage.get('missing/key.txt'))).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('refuses keys that could escape the root', async () => {
    for (const key of ['../outside.txt', '/etc/passwd', 'a/../../b', 'a\\b', '', 'a//b']) {
      await expect(storage.stat(key)).rejects.toThrow('Invalid storage key');
    }
  });

  it('is chosen by configuration', () => {
    const env = loadEnv({ DATA_DIR: root, STORAGE_DRIVER: 's3' });
    expect(() => createStorage(env)).toThrow('S3_BUCKET');
    const s3 = createStorage(
      loadEnv({
        DATA_DIR: root,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9',
      }),
    );
    expect(typeof s3.put).toBe('function');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.js';

// What only the local disk does; what every backend does is in storage.contract.test.ts.
describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-storage-'));
  const storage = createLocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

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
  });

  it('leaves no temporary file when the source fails', async () => {
    const source = new PassThrough();
    const writing = storage.put('partial/file.bin', source);
    source.write(Buffer.alloc(1000, 1));
    source.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('drops the folder of a key once its last object is deleted', async () => {
    fs.mkdirSync(path.join(root, 'variants', '42'), { recursive: true });
    fs.writeFileSync(path.join(root, 'variants', '42', 'thumb.png'), 'png');
    await storage.delete('variants/42/thumb.png');
    expect(fs.existsSync(path.join(root, 'variants', '42'))).toBe(false);
  });
});

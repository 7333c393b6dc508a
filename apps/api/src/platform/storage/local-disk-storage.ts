import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, StorageNotFoundError, type Storage } from './storage-backend.js';

const TEMP_DIR = '.tmp';

/**
 * Files under `root`. Each write goes to a temporary file in the same file system and is
 * renamed into place once complete and flushed, so readers never see a partial file.
 */
export function createLocalDiskStorage(root: string): Storage {
  const resolveKey = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  const storage: Storage = {
    async put(key, body) {
      // The source may fail while the folders are being made: keep that error for the
      // pipeline below (which sees the errored stream) instead of crashing the process.
      body.once('error', () => {});
      const target = resolveKey(key);
      const tempDir = path.join(root, TEMP_DIR);
      await fs.promises.mkdir(tempDir, { recursive: true });
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(tempDir, randomUUID());
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const file = fs.createWriteStream(temp, { flags: 'wx', flush: true });
      try {
        await pipeline(body, counter, file);
        await fs.promises.rename(temp, target);
      } catch (error) {
        // A source that fails at once ends the pipeline before the file is even open; the
        // opening completes later and creates it. Remove it only once the stream has closed.
        if (!file.closed) await new Promise((resolve) => file.once('close', resolve));
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      return { size };
    },

    async moveIn(key, file, options) {
      const target = resolveKey(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Flushed before it appears under its key, as `put` does.
      const handle = await fs.promises.open(file, 'r+');
      let size;
      try {
        await handle.sync();
        size = (await handle.stat()).size;
      } finally {
        await handle.close();
      }
      try {
        await fs.promises.rename(file, target);
      } catch (error) {
        // Another file system: copied the atomic way, then the file is removed.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await storage.put(key, fs.createReadStream(file), options);
        await fs.promises.rm(file, { force: true });
      }
      return { size };
    },

    get(key, range) {
      const source = fs.createReadStream(
        resolveKey(key),
        range ? { start: range.start, end: range.end } : {},
      );
      const out = new PassThrough();
      // Callers recognise a missing object by one error type, whatever the backend.
      source.once('error', (error: NodeJS.ErrnoException) => {
        out.destroy(error.code === 'ENOENT' ? new StorageNotFoundError(key) : error);
      });
      out.once('close', () => source.destroy());
      return source.pipe(out);
    },

    async stat(key) {
      try {
        const stats = await fs.promises.stat(resolveKey(key));
        return stats.isFile() ? { size: stats.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      const target = resolveKey(key);
      await fs.promises.rm(target, { force: true });
      // Variants of one upload share a folder: drop it once empty (fails harmlessly otherwise).
      await fs.promises.rmdir(path.dirname(target)).catch(() => {});
    },
  };
  return storage;
}

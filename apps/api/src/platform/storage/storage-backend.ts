// What every storage backend implements and shares; `storage.ts` picks one by configuration.
import type { Readable } from 'node:stream';

/** Bytes `start`..`end` of an object, both inclusive (as in an HTTP `Range` header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** Stored with the object where the backend keeps it (S3); readers still decide the header. */
  contentType?: string;
}

/**
 * Where uploaded bytes live. Keys are relative slash-separated paths (`uploads/2026/05/x.jpg`).
 * Writes stream (never a whole file in memory) and are atomic: a key is either absent or
 * complete, so a failed or aborted upload never leaves half a file behind a key.
 */
export interface Storage {
  /** Streams `body` to `key` (replacing it); resolves with the bytes written. */
  put(key: string, body: Readable, options?: PutOptions): Promise<{ size: number }>;
  /**
   * Moves the local file `file` to `key` (the file is gone afterwards); resolves with its size.
   * On the local disk it is a rename, so a finished 200 MB upload is not written a second time.
   */
  moveIn(key: string, file: string, options?: PutOptions): Promise<{ size: number }>;
  /**
   * Streams the object, or only `range` of it (seekable video, issue 11 §3); a missing key
   * errors the stream with `StorageNotFoundError`.
   */
  get(key: string, range?: ByteRange): Readable;
  /** Size of the object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`Storage object not found: ${key}`);
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Rejects keys that could escape the storage root (`..`, absolute paths, backslashes). */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').includes('..')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

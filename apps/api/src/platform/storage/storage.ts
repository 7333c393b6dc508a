import type { Env } from '../env.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage-backend.js';

export {
  assertStorageKey,
  StorageNotFoundError,
  type ByteRange,
  type PutOptions,
  type Storage,
} from './storage-backend.js';

/** The storage chosen by configuration: local disk under DATA_DIR by default, S3 on request. */
export function createStorage(env: Env): Storage {
  if (env.STORAGE_DRIVER === 's3') {
    if (!env.S3_BUCKET)
      throw new Error('Invalid configuration: S3_BUCKET is required with STORAGE_DRIVER=s3');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalDiskStorage(`${env.DATA_DIR}/media`);
}

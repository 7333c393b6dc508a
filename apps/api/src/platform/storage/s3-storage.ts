import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import fs from 'node:fs';
import { PassThrough, Readable, Transform, pipeline } from 'node:stream';
import { assertStorageKey, StorageNotFoundError, type Storage } from './storage-backend.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible servers (MinIO, R2, Scaleway…); path-style addressing is used with it. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket. Uploads stream through lib-storage's multipart upload
 * (bounded memory, parts sent as they fill); an object appears only when the upload completes,
 * and a failed stream aborts the multipart upload.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    // The SDK's default adds CRC32 checksums to every upload (streamed ones as aws-chunked
    // trailers) and checks them on reads; many S3-compatible servers refuse or mangle those.
    // Only where an operation requires one, as before the SDK changed its default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = options.bucket;

  const storage: Storage = {
    async put(key, body, putOptions) {
      assertStorageKey(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // Forwards a failing source into the body the upload reads, which aborts the upload.
      let sourceError: Error | undefined;
      pipeline(body, counter, (error) => {
        sourceError ??= error ?? undefined;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: putOptions?.contentType },
      });
      try {
        await upload.done();
      } catch (error) {
        // The source is not read any further: release it (a request body, a file).
        counter.destroy();
        // Aborting a multipart upload can fail too (a server without AbortMultipartUpload,
        // a lost connection); the caller needs the first cause: its source failed.
        throw sourceError ?? error;
      }
      return { size };
    },

    async moveIn(key, file, putOptions) {
      const stored = await storage.put(key, fs.createReadStream(file), putOptions);
      await fs.promises.rm(file, { force: true });
      return stored;
    },

    get(key, range) {
      assertStorageKey(key);
      const out = new PassThrough();
      // A reader that stops early (a player seeking, a closed tab) ends the request to S3,
      // which would otherwise hold one of the client's sockets until the object is read.
      const request = new AbortController();
      out.once('close', () => {
        if (!out.readableEnded) request.abort();
      });
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
          { abortSignal: request.signal },
        )
        .then((result) => {
          const body = result.Body;
          if (!(body instanceof Readable)) throw new Error('Unexpected S3 body type');
          pipeline(body, out, () => {});
        })
        .catch((error: unknown) => {
          out.destroy(isNotFound(error) ? new StorageNotFoundError(key) : (error as Error));
        });
      return out;
    },

    async stat(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
  return storage;
}

import { S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * The settings that point the app (`createTestContext(s3.env)`) or a child process at it. A type,
 * not an interface, so that it passes where a record of settings is expected.
 */
export type S3ServerEnv = {
  STORAGE_DRIVER: 's3';
  S3_ENDPOINT: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_REGION: string;
};

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  env: S3ServerEnv;
  /** A client of the bucket, for a test to look at what the app stored (HEAD, GET). */
  client: S3Client;
  /** The keys in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /**
   * Calls `listener` with every request the server receives: what the app sent (method, URL,
   * headers), and when the answer ended (the response's `close`, `writableFinished`).
   */
  onRequest(listener: (request: IncomingMessage, response: ServerResponse) => void): void;
  /** Stops the server and removes its objects. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server for the tests (s3rver: the S3 REST API over HTTP, objects in a
 * temporary folder), on a free port of 127.0.0.1 with one empty bucket. It checks signatures
 * with its built-in key pair, so the app signs its requests as it would for any S3 service.
 * Start one per test file (beforeAll) and close it in afterAll. Where it differs from S3: it
 * has no ListParts nor AbortMultipartUpload (an aborted multipart upload answers 405), answers
 * a `Range: bytes=0-0` with the whole object, and refuses the SDK's signature of a listing.
 */
export async function startS3Server(bucket = 'clipmarket-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env: S3ServerEnv = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    // s3rver's only account.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
  };
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    // As the app's client (s3-storage.ts): no checksum headers of its own in the server's log.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env,
    client,
    async keys(prefix = '') {
      // From the server's own store (its listing refuses the SDK's signature).
      const { objects } = await server.store.listObjects(bucket, { prefix });
      return objects.map((object) => object.key).sort();
    },
    onRequest(listener) {
      server.httpServer.on('request', listener);
    },
    async close() {
      client.destroy();
      // A client still connected (an app's idle socket, a child process) does not hold it open.
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

// The part of s3rver's API the tests use (the package ships no types).
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** Set once `run` resolved. */
    httpServer: Server;
    store: {
      listObjects(
        bucket: string,
        options: { prefix?: string },
      ): Promise<{ objects: Array<{ key: string }> }>;
    };
    close(): Promise<void>;
  }
}

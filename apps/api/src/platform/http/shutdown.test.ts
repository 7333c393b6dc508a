import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createJobQueue, defineJob, type JobQueue } from '../jobs/job-queue.js';
import { shutDownGracefully } from './shutdown.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('graceful shutdown of the HTTP server', () => {
  it('lets a request under way finish while new connections are refused', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      // A login whose body is still arriving: the request is under way in the server.
      const body = JSON.stringify({ email: 'nobody@test.clipmarket.tn', password: 'Wrong123' });
      const received = new Promise((resolve) => ctx.app.server.once('request', resolve));
      const slow = net.connect(port, '127.0.0.1');
      const answer = new Promise<string>((resolve, reject) => {
        let text = '';
        slow.on('data', (chunk) => (text += chunk.toString()));
        slow.on('end', () => resolve(text));
        slow.on('error', reject);
      });
      slow.write(
        `POST /v2/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await received;

      const shutdown = shutDownGracefully({
        app: ctx.app,
        lifecycle: ctx.lifecycle,
        realtime: ctx.realtime,
        jobs: ctx.jobs,
        // The harness closes the test database.
        closeDatabase: async () => {},
        graceSeconds: 20,
      });
      await waitFor(() => !ctx.app.server.listening, { what: 'the port closed' });
      const refused = await new Promise<string>((resolve) => {
        const next = net.connect(port, '127.0.0.1');
        next.on('connect', () => resolve('connected'));
        next.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
      const ready = await ctx.app.inject({ method: 'GET', url: '/v2/health/ready' });
      expect(ready.statusCode).toBe(503);

      // The rest of the body: the request is answered in full, and the server closes the
      // connection after it (the answer says so), which ends `answer`.
      slow.write(body.slice(10));
      const response = await answer;
      expect(response).toMatch(/^HTTP\/1\.1 401 /);
      expect(response.toLowerCase()).toContain('connection: close');
      expect(response).toContain('INVALID_CREDENTIALS');
      await shutdown;
    } finally {
      await ctx.close();
    }
  });
});

describe('graceful shutdown of realtime sockets', () => {
  it('closes them as a lost connection, which clients reconnect (to another process)', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      ctx.realtime.attach(ctx.app.server);
      const { port } = ctx.app.server.address() as AddressInfo;
      const socket = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await shutDownGracefully({
        app: ctx.app,
        lifecycle: ctx.lifecycle,
        realtime: ctx.realtime,
        jobs: ctx.jobs,
        closeDatabase: async () => {},
        graceSeconds: 20,
      });
      // Not "io server disconnect" (a sign-out, after which clients stay disconnected).
      expect(await reason).toBe('transport close');
    } finally {
      await ctx.close();
    }
  });
});

describe('graceful shutdown of the job workers', () => {
  let ctx: TestContext;
  const schema = `jobs_shutdown_${process.pid}`;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.database.query(`drop schema if exists ${schema} cascade`);
    await ctx.close();
  });

  /** A worker process's queue on the test's own schema, running `handle` for `slow` jobs. */
  async function startWorker(handle: (context: { retryCount: number }) => Promise<void>) {
    const queue: JobQueue = createJobQueue({
      database: ctx.database,
      schema,
      runWorkers: true,
      runSchedules: false,
      pollingIntervalSeconds: 0.5,
      log: silent,
    });
    queue.register(defineJob({ name: 'slow', retryLimit: 3, handle: (_data, c) => handle(c) }));
    await queue.start();
    return queue;
  }

  const stateOf = async (id: string) =>
    (
      await ctx.database.query<{ state: string; retry_count: number; started_on: Date | null }>(
        `select state, retry_count, started_on from ${schema}.job where id = $1`,
        [id],
      )
    ).rows[0];

  const sendSlow = async (queue: JobQueue) => {
    await queue.send('slow', {});
    return waitFor(
      async () => {
        const { rows } = await ctx.database.query<{ id: string }>(
          `select id from ${schema}.job where name = 'slow' and state = 'active'`,
        );
        return rows[0]?.id;
      },
      { what: 'the job running' },
    );
  };

  it('lets a running job finish within the grace period', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = await startWorker(() => held);
    const id = await sendSlow(queue);
    const stopped = queue.stop(Date.now() + 20_000);
    // Stopping takes no new job, and waits for this one.
    expect((await stateOf(id))?.state).toBe('active');
    release();
    await stopped;
    expect((await stateOf(id))?.state).toBe('completed');
  });

  it('hands a job still running at the deadline back to its queue, without using a retry', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = await startWorker(() => held);
    const id = await sendSlow(first);
    await first.stop(Date.now() + 200);
    expect(await stateOf(id)).toEqual({ state: 'created', retry_count: 0, started_on: null });

    // Another process takes it as a first run; the first one finishing late changes nothing.
    const retries: number[] = [];
    const second = await startWorker(async ({ retryCount }) => {
      retries.push(retryCount);
    });
    try {
      await waitFor(async () => (await stateOf(id))?.state === 'completed', {
        what: 'the job run by the other worker',
      });
      expect(retries).toEqual([0]);
      release();
      await held;
      expect((await stateOf(id))?.state).toBe('completed');
    } finally {
      await second.stop();
    }
  });
});

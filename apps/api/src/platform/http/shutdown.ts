import type { FastifyInstance } from 'fastify';

/**
 * Whether the process is draining for shutdown, and until when: readiness answers 503 from the
 * first moment (the load balancer stops sending requests here) and the job queue lets its
 * running jobs finish until the deadline. Also counts the requests under way, which the drain
 * waits for.
 */
export function createLifecycle() {
  let deadline: number | undefined;
  let requestsUnderWay = 0;
  let whenNoRequests: (() => void) | undefined;
  return {
    get draining() {
      return deadline !== undefined;
    },
    /** When the drain must end (ms since the epoch), or undefined while serving. */
    get deadline() {
      return deadline;
    },
    beginDrain(graceMs: number) {
      deadline ??= Date.now() + graceMs;
    },
    requestStarted() {
      requestsUnderWay += 1;
    },
    requestEnded() {
      requestsUnderWay -= 1;
      if (requestsUnderWay === 0) whenNoRequests?.();
    },
    /** Resolves once no request is under way, or at `until` (ms since the epoch): true if none. */
    async requestsFinished(until: number): Promise<boolean> {
      if (requestsUnderWay === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (whenNoRequests = resolve)),
        new Promise<void>(
          (resolve) => (timer = setTimeout(resolve, Math.max(0, until - Date.now()))),
        ),
      ]);
      clearTimeout(timer);
      whenNoRequests = undefined;
      return requestsUnderWay === 0;
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

/**
 * Counts the requests under way (until their answer is sent or their connection dies), and,
 * while draining, makes every answer close its connection: a keep-alive connection left idle
 * would hold the server open until its timeout, and the client's next request belongs to
 * another process.
 */
export function trackRequestsForDrain(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', (_request, reply, done) => {
    lifecycle.requestStarted();
    reply.raw.once('close', () => lifecycle.requestEnded());
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * SIGTERM/SIGINT for `main.ts` and `worker.ts`, within `graceSeconds` in all:
 * 1. readiness answers 503 at once;
 * 2. the job workers take no new job, and the port accepts no new connection;
 * 3. the requests under way finish (an upload's PATCH included), answered with
 *    `Connection: close`; at the deadline the last connections are cut;
 * 4. realtime sockets are closed (the browser reconnects, through the load balancer, to another
 *    process);
 * 5. the app's onClose hooks: the outbox relay, then the running jobs finish or, at the
 *    deadline, are handed back to their queue (app.ts: `jobs.stop(lifecycle.deadline)`);
 * 6. the database closes. The caller exits (0).
 */
export async function shutDownGracefully(parts: {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  realtime: { close(): Promise<void> };
  jobs: { stopTakingJobs(): void };
  closeDatabase(): Promise<void>;
  graceSeconds: number;
  signal?: string;
}) {
  const { app, lifecycle } = parts;
  lifecycle.beginDrain(parts.graceSeconds * 1000);
  const deadline = lifecycle.deadline ?? Date.now();
  app.log.info({ signal: parts.signal, graceSeconds: parts.graceSeconds }, 'shutting down');
  parts.jobs.stopTakingJobs();
  const serving = app.server.listening;
  if (serving) app.server.close();
  // Waited here rather than by the server's close, which would also wait for the realtime
  // sockets and for idle keep-alive connections.
  if (!(await lifecycle.requestsFinished(deadline))) {
    app.log.warn('shutdown deadline reached: requests still under way cut');
    app.server.closeAllConnections();
  }
  app.server.closeIdleConnections();
  // The sockets, closed as a lost connection, which the browser reconnects, through the load
  // balancer, to another process. Before the app's close, which waits for every connection;
  // a worker (no socket) keeps its hub until its jobs, which may push to sockets, are done.
  if (serving) await parts.realtime.close();
  // The onClose hooks: the outbox relay, then the jobs (finished or handed back by the deadline).
  await app.close();
  if (!serving) await parts.realtime.close();
  await parts.closeDatabase();
  app.log.info('shut down');
}

/**
 * Runs `shutDownGracefully` once on the first SIGTERM or SIGINT and exits 0 (1 if it failed);
 * a second signal while draining exits at once.
 */
export function exitGracefullyOnSignals(
  shutDown: (signal: string) => Promise<void>,
  log: { error(object: object, message?: string): void },
) {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      log.error({ signal }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    shutDown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

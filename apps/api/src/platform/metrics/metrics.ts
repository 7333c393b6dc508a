import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Jobs waiting or running in one queue (pg-boss's states before an end). */
export interface QueueDepth {
  queue: string;
  state: string;
  count: number;
}

/**
 * The app's Prometheus series, in a registry of its own (never prom-client's global one: tests
 * build several apps in one process). Served by `startMetricsServer` on METRICS_PORT; the parts
 * that count receive the narrow function they need (`jobCompleted`, `ledgerPosted`, …).
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status class',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const jobsCompleted = new Counter({
    name: 'jobs_completed_total',
    help: 'Jobs run to completion, per queue',
    labelNames: ['queue'] as const,
    registers,
  });
  const jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Job runs that failed (each try; the last one goes to the dead-letter queue), per queue',
    labelNames: ['queue'] as const,
    registers,
  });
  const ledgerPostings = new Counter({
    name: 'ledger_postings_total',
    help: 'Ledger transactions posted (replays of an idempotency key not counted), per kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const uploadBytes = new Counter({
    name: 'upload_bytes_total',
    help: 'Bytes received by uploads, per kind (video: tus PATCH bodies; image, document)',
    labelNames: ['kind'] as const,
    registers,
  });
  let readQueueDepths: (() => Promise<QueueDepth[]>) | undefined;
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting (created, retry) or running (active), per queue and state, read at scrape',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      if (!readQueueDepths) return;
      const depths = await readQueueDepths();
      // A queue emptied since the last scrape reads 0, not its old figure.
      this.reset();
      for (const { queue, state, count } of depths) this.set({ queue, state }, count);
    },
  });

  return {
    registry,
    /** Times every request by its route template (never the raw URL: unbounded labels). */
    instrument(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        requestDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status_code: `${Math.floor(reply.statusCode / 100)}xx`,
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    jobCompleted: (queue: string) => jobsCompleted.inc({ queue }),
    jobFailed: (queue: string) => jobsFailed.inc({ queue }),
    ledgerPosted: (kind: string) => ledgerPostings.inc({ kind }),
    uploadReceived: (kind: 'video' | 'image' | 'document', bytes: number) => {
      if (bytes > 0) uploadBytes.inc({ kind }, bytes);
    },
    /** The job queue's depth reader (one grouped query), called at each scrape. */
    readQueueDepthsWith(read: () => Promise<QueueDepth[]>) {
      readQueueDepths = read;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

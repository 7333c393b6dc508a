import { z } from 'zod';
import type { Lifecycle } from './shutdown.js';
import type { ModuleRoutes } from './types.js';

/** A check that has not answered by then counts as failing: the load balancer must not wait. */
const CHECK_TIMEOUT_MS = 3000;
/** Stat'ed on every readiness probe: it need not exist, the storage only has to answer. */
const STORAGE_PROBE_KEY = 'health/readiness-probe';

const checkNames = ['draining', 'database', 'storage', 'jobs'] as const;
type CheckName = (typeof checkNames)[number];

const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The parts that failed, by name (`draining` while the process shuts down). */
  failing: z.array(z.enum(checkNames)),
});

/**
 * The load balancer's probes. `live`: the process answers (no dependency: restarting it would
 * not fix a database outage). `ready`: it can serve now (database, storage, job queue) and is
 * not draining for shutdown; 503 naming what fails, so traffic goes to the other processes.
 */
export function healthRoutes(deps: {
  selectOne(): Promise<unknown>;
  storage: { stat(key: string): Promise<unknown> };
  jobs: { isStarted(): boolean };
  lifecycle: Lifecycle;
}): ModuleRoutes {
  const checks: Record<Exclude<CheckName, 'draining'>, () => Promise<boolean>> = {
    database: async () => {
      await deps.selectOne();
      return true;
    },
    storage: async () => {
      await deps.storage.stat(STORAGE_PROBE_KEY);
      return true;
    },
    jobs: async () => deps.jobs.isStarted(),
  };

  return async (v2) => {
    v2.get(
      '/health/live',
      {
        schema: {
          tags: ['platform'],
          summary: 'Liveness: the process answers (no dependency checked)',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    v2.get(
      '/health/ready',
      {
        schema: {
          tags: ['platform'],
          summary: 'Readiness: database, storage and job queue up, not shutting down (else 503)',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const failing: CheckName[] = deps.lifecycle.draining ? ['draining'] : [];
        const results = await Promise.all(
          Object.entries(checks).map(async ([name, check]) => ({
            name: name as CheckName,
            ok: await withTimeout(check(), CHECK_TIMEOUT_MS).catch(() => false),
          })),
        );
        failing.push(...results.filter((result) => !result.ok).map((result) => result.name));
        if (failing.length > 0) {
          // Draining is expected (and probed every few seconds): only a broken part is news.
          if (failing.some((name) => name !== 'draining')) v2.log.warn({ failing }, 'not ready');
          return reply.code(503).send({ status: 'unavailable', failing });
        }
        return { status: 'ok' as const, failing };
      },
    );
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

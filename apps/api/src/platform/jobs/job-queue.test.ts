import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createJobQueue, defineJob, type JobQueue } from './job-queue.js';

let ctx: TestContext;
const schema = `jobs_definitions_${process.pid}`;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.database.query(`drop schema if exists ${schema} cascade`);
  await ctx.database.query(`drop schema if exists ${schema}_backlog cascade`);
  await ctx.close();
});

/** A queue on its own schema with one job `sample` defined by `options`. */
async function startQueue(
  options: { expireInSeconds?: number; retryLimit?: number },
  expireCapSeconds?: number,
) {
  const queue: JobQueue = createJobQueue({
    database: ctx.database,
    schema,
    runWorkers: false,
    runSchedules: false,
    pollingIntervalSeconds: 2,
    expireCapSeconds,
    log: silent,
  });
  queue.register(defineJob({ name: 'sample', ...options, handle: async () => {} }));
  await queue.start();
  return queue;
}

const storedDefinition = async () =>
  (
    await ctx.database.query<{ expire_seconds: number; retry_limit: number }>(
      `select expire_seconds, retry_limit from ${schema}.queue where name = 'sample'`,
    )
  ).rows[0];

describe('job queue definitions', () => {
  it('applies a changed definition to a queue created by an earlier release', async () => {
    await (await startQueue({ expireInSeconds: 60, retryLimit: 2 })).stop();
    expect(await storedDefinition()).toEqual({ expire_seconds: 60, retry_limit: 2 });

    const next = await startQueue({ expireInSeconds: 600, retryLimit: 4 });
    expect(await storedDefinition()).toEqual({ expire_seconds: 600, retry_limit: 4 });
    await next.stop();

    // A definition that no longer names an expiry gets pg-boss's default back.
    await (await startQueue({})).stop();
    expect(await storedDefinition()).toEqual({ expire_seconds: 900, retry_limit: 5 });
  });

  it('caps every expiry at JOB_EXPIRE_SECONDS when it is set, shorter ones kept', async () => {
    await (await startQueue({ expireInSeconds: 3600 }, 10)).stop();
    expect((await storedDefinition())?.expire_seconds).toBe(10);
    await (await startQueue({ expireInSeconds: 6 }, 10)).stop();
    expect((await storedDefinition())?.expire_seconds).toBe(6);
  });
});

describe('job queue workers', () => {
  it('work through a backlog without waiting a polling interval between jobs', async () => {
    const ran: number[] = [];
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const queue: JobQueue = createJobQueue({
      database: ctx.database,
      schema: `${schema}_backlog`,
      runWorkers: true,
      runSchedules: false,
      // Long enough that waiting it out between two jobs would miss the deadline below.
      pollingIntervalSeconds: 5,
      log: silent,
    });
    const job = defineJob<{ n: number }>({
      name: 'backlog',
      async handle({ n }) {
        if (n === 1) await firstHeld;
        ran.push(n);
      },
    });
    queue.register(job);
    await queue.start();
    try {
      await queue.send(job, { n: 1 });
      await waitFor(async () => (await queue.countJobs('backlog', 'active')) === 1, {
        what: 'the first job taken',
      });
      // Four more queued while the worker is busy: a backlog.
      for (const n of [2, 3, 4, 5]) await queue.send(job, { n });
      releaseFirst();
      await waitFor(() => ran.length === 5, {
        what: 'the backlog worked through',
        timeoutMs: 4_000,
      });
      // Every job ran in time; their order is not the subject (a batch may run side by side).
      expect([...ran].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      releaseFirst();
      await queue.stop();
    }
  });
});

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { createJobQueue, defineJob, quoteIdentifier } from '../jobs/job-queue.js';
import { currentRequestId, jobLogFields, runInWorkContext } from './request-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('request ids carried into jobs', () => {
  it('stages the jobs of a request with its id: the sign-up e-mail carries the balancer’s id', async () => {
    const reqId = `lb-${process.pid}-${Date.now()}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/auth/register',
      headers: { 'x-request-id': reqId },
      payload: { role: 'TALENT', email: uniqueEmail('reqid'), password: 'Secret12' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['x-request-id']).toBe(reqId);
    const schema = quoteIdentifier(ctx.env.JOBS_SCHEMA);
    const { rows } = await waitFor(
      async () => {
        const found = await ctx.database.query<{ name: string }>(
          `select name from ${schema}.job where data->>'_reqId' = $1`,
          [reqId],
        );
        return found.rows.length > 0 && found;
      },
      { what: 'a job staged by the request' },
    );
    expect(rows.map((row) => row.name)).toContain('mail-send');
  });

  it('runs a job inside its request id: its log lines and what it sends carry it', async () => {
    const lines: Record<string, unknown>[] = [];
    // A logger as the app's (Fastify's pino, the same mixin), writing to the test.
    const { log } = Fastify({
      logger: {
        mixin: jobLogFields,
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
            done();
          },
        }),
      },
    });
    const schema = `jobs_reqid_${process.pid}`;
    const queue = createJobQueue({
      database: ctx.database,
      schema,
      runWorkers: false,
      runSchedules: false,
      pollingIntervalSeconds: 2,
      log,
    });
    const seen: { payload: object; reqId: string | undefined }[] = [];
    const next = defineJob<{ step: number }>({
      name: 'next-step',
      handle: async (payload) => {
        seen.push({ payload, reqId: currentRequestId() });
      },
    });
    const first = defineJob<{ step: number }>({
      name: 'first-step',
      retryLimit: 0,
      handle: async (payload) => {
        seen.push({ payload, reqId: currentRequestId() });
        log.info('first step ran');
        await queue.send(next, { step: 2 });
        throw new Error('first step fails');
      },
    });
    queue.register(first);
    queue.register(next);
    await queue.start();
    try {
      await runInWorkContext({ reqId: 'req-abc' }, () => queue.send(first, { step: 1 }));
      await queue.drain();
    } finally {
      await queue.stop();
      await ctx.database.query(`drop schema if exists ${schema} cascade`);
    }
    // The handler gets its payload as sent; the job it sent runs as part of the same request.
    expect(seen).toEqual([
      { payload: { step: 1 }, reqId: 'req-abc' },
      { payload: { step: 2 }, reqId: 'req-abc' },
    ]);
    const handlerLine = lines.find((line) => line.msg === 'first step ran');
    expect(handlerLine).toMatchObject({ reqId: 'req-abc', job: 'first-step' });
    const completedLine = lines.find((line) => line.msg === 'job completed');
    expect(completedLine).toMatchObject({ reqId: 'req-abc', job: 'next-step' });
    const failureLine = lines.find((line) => String(line.msg).startsWith('job failed'));
    expect(failureLine).toMatchObject({ reqId: 'req-abc', job: 'first-step' });
  });
});

import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { inTransaction } from '../db/transaction.js';
import { defineJob } from '../jobs/job-queue.js';
import type { EventBus } from './event-bus.js';
import { outboxEvents } from './events.schema.js';

type TestEvents = { 'test.happened': { n: number } };

let ctx: TestContext;
let bus: EventBus<TestEvents>;
const delivered: number[] = [];
let failuresLeft = 0;
const attempts: number[] = [];

beforeAll(async () => {
  // Retries come back after a short poll in this file (the default poll is 2 s).
  ctx = await createTestContext({ JOB_POLL_SECONDS: '0.5' });
  bus = ctx.events as unknown as EventBus<TestEvents>;
  bus.on('test.happened', 'test.record', async ({ n }) => {
    attempts.push(n);
    if (n < 0 && failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('handler failure (on purpose)');
    }
    delivered.push(n);
  });
});
afterAll(() => ctx.close());

describe('domain events through the outbox', () => {
  it('delivers an event to its handler after the transaction commits', async () => {
    await inTransaction(ctx.database.db, async (tx) => {
      await bus.emit(tx, 'test.happened', { n: 1 });
      // Not before commit: the handler runs from a job that cannot see the row yet.
      expect(delivered).not.toContain(1);
    });
    await waitFor(() => delivered.includes(1), { what: 'delivery of event 1' });
  });

  it('never delivers an event emitted in a transaction that rolled back', async () => {
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await bus.emit(tx, 'test.happened', { n: 2 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await bus.emit(ctx.database.db, 'test.happened', { n: 3 });
    await waitFor(() => delivered.includes(3), { what: 'the event after the rolled-back one' });
    expect(delivered).not.toContain(2);
    const rows = await ctx.database.db.select().from(outboxEvents);
    expect(rows.some((row) => (row.payload as { n: number }).n === 2)).toBe(false);
  });

  it('retries a handler that throws until it succeeds, and delivers the event once', async () => {
    failuresLeft = 2;
    await bus.emit(ctx.database.db, 'test.happened', { n: -4 });
    await waitFor(() => delivered.includes(-4), {
      what: 'delivery after two failures',
      timeoutMs: 25_000,
    });
    expect(attempts.filter((n) => n === -4)).toHaveLength(3);
    expect(delivered.filter((n) => n === -4)).toHaveLength(1);
  });

  it('relays an event only once, however often the relay runs', async () => {
    await bus.emit(ctx.database.db, 'test.happened', { n: 5 });
    await Promise.all([bus.relay(), bus.relay(), bus.relay()]);
    await waitFor(() => delivered.includes(5), { what: 'delivery of event 5' });
    // A relay that finds the row again (another process, a crash before marking it) queues
    // the same job id: pg-boss ignores the repeat.
    const [row] = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.payload, { n: 5 }));
    expect(row?.relayedAt).not.toBeNull();
    await ctx.database.db
      .update(outboxEvents)
      .set({ relayedAt: null })
      .where(eq(outboxEvents.id, row!.id));
    await bus.relay([row!.id]);
    // Whatever the second relay queued has run once this returns.
    await ctx.jobs.drain();
    expect(delivered.filter((n) => n === 5)).toHaveLength(1);
    const owed = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.relayedAt));
    expect(owed.filter((r) => r.id === row!.id)).toHaveLength(0);
  });

  it("leaves an event staged for another job queue to that queue's relay", async () => {
    // An old, unrelayed event of an app that shares the database but not the queue: the sweep
    // (events past the grace period) must not hand it to this app's workers.
    const [foreign] = await ctx.database.db
      .insert(outboxEvents)
      .values({
        type: 'test.happened',
        payload: { n: 6 },
        jobQueue: 'another_queue',
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: outboxEvents.id });
    await bus.emit(ctx.database.db, 'test.happened', { n: 7 });
    await bus.relay();
    await waitFor(() => delivered.includes(7), { what: 'delivery of event 7' });
    // Anything the relay queued is run: the foreign event was not among it.
    await ctx.jobs.drain();
    expect(delivered).not.toContain(6);
    const [row] = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.id, foreign!.id));
    expect(row?.relayedAt).toBeNull();
    await ctx.database.db.delete(outboxEvents).where(eq(outboxEvents.id, foreign!.id));
  });
});

/** A bare account of `role` with an access token (the job routes check the role only). */
async function signedIn(role: 'ADMIN' | 'BRAND') {
  const { rows } = await ctx.database.query<{ id: number }>(
    `insert into users (email, password_hash, role, is_verified) values ($1, 'unused', $2, true)
     returning id`,
    [uniqueEmail(role.toLowerCase()), role],
  );
  return { token: await ctx.tokens.signAccessToken({ userId: rows[0]!.id, role }) };
}

describe('jobs', () => {
  it('a queued job survives an API restart and runs in the next process', async () => {
    const ran: string[] = [];
    const job = defineJob<{ label: string }>({
      name: 'test-survivor',
      async handle({ label }) {
        ran.push(label);
      },
    });
    // The first API process queues a job for two seconds from now, then stops.
    const first = await buildApp({ ...ctx.env, RUN_WORKERS: true }, ctx.database);
    first.jobs.register(job);
    await first.app.ready();
    await first.jobs.send(
      job,
      { label: 'after restart' },
      { startAfter: new Date(Date.now() + 2000) },
    );
    await first.app.close();
    expect(ran).toEqual([]);

    // The next process, on the same database, runs it.
    const second = await buildApp(
      { ...ctx.env, RUN_WORKERS: true, JOB_POLL_SECONDS: 0.5 },
      ctx.database,
    );
    second.jobs.register(job);
    await second.app.ready();
    try {
      await waitFor(() => ran.includes('after restart'), { what: 'the job after restart' });
    } finally {
      await second.app.close();
    }
  });

  it('drain runs the jobs due now in this process, not those scheduled for later', async () => {
    const ran: string[] = [];
    const job = defineJob<{ label: string }>({
      name: 'test-drained',
      async handle({ label }) {
        ran.push(label);
      },
    });
    // No workers: only drain runs the jobs.
    const app = await buildApp({ ...ctx.env, RUN_WORKERS: false }, ctx.database);
    app.jobs.register(job);
    await app.app.ready();
    try {
      await app.jobs.send(job, { label: 'later' }, { startAfter: new Date(Date.now() + 60_000) });
      await app.jobs.send(job, { label: 'now' });
      expect(await app.jobs.countJobs('test-drained', 'created')).toBe(2);
      await app.jobs.drain();
      expect(ran).toEqual(['now']);
      expect(await app.jobs.countJobs('test-drained', 'completed')).toBe(1);
      expect(await app.jobs.countJobs('test-drained', 'created')).toBe(1);
    } finally {
      await app.app.close();
    }
  });

  it('moves a job that keeps failing to its dead-letter queue', async () => {
    const job = defineJob<{ n: number }>({
      name: 'test-doomed',
      retryLimit: 1,
      retryDelaySeconds: 1,
      async handle() {
        throw new Error('always fails (on purpose)');
      },
    });
    const app = await buildApp({ ...ctx.env, JOB_POLL_SECONDS: 0.5 }, ctx.database);
    app.jobs.register(job);
    await app.app.ready();
    try {
      await app.jobs.send(job, { n: 1 });
      const dead = await waitFor(
        async () => (await app.jobs.listDeadLetters()).find((d) => d.name === 'test-doomed-dead'),
        { what: 'the dead letter', timeoutMs: 25_000 },
      );
      expect(dead.data).toEqual({ n: 1 });
      // Admins see it, with the error; nobody else does.
      const admin = await signedIn('ADMIN');
      const listed = await app.app.inject({
        method: 'GET',
        url: '/v2/admin/jobs/failed',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toContainEqual(
        expect.objectContaining({ queue: 'test-doomed-dead', error: 'always fails (on purpose)' }),
      );
      const brand = await signedIn('BRAND');
      const refused = await app.app.inject({
        method: 'GET',
        url: '/v2/admin/jobs/failed',
        headers: { authorization: `Bearer ${brand.token}` },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await app.app.close();
    }
  });

  it('runs a failed job again when an admin retries it, once', async () => {
    let fixed = false;
    const ran: number[] = [];
    const job = defineJob<{ n: number }>({
      name: 'test-fixable',
      retryLimit: 0,
      async handle(payload) {
        if (!fixed) throw new Error('the mail server is down');
        ran.push(payload.n);
      },
    });
    const app = await buildApp({ ...ctx.env, JOB_POLL_SECONDS: 0.5 }, ctx.database);
    app.jobs.register(job);
    await app.app.ready();
    try {
      await app.jobs.send(job, { n: 7 });
      const dead = await waitFor(
        async () => (await app.jobs.listDeadLetters()).find((d) => d.name === 'test-fixable-dead'),
        { what: 'the dead letter', timeoutMs: 25_000 },
      );
      const admin = await signedIn('ADMIN');
      const retry = (token: string, id = dead.id) =>
        app.app.inject({
          method: 'POST',
          url: `/v2/admin/jobs/failed/${id}/retry`,
          headers: { authorization: `Bearer ${token}` },
        });
      const brand = await signedIn('BRAND');
      expect((await retry(brand.token)).statusCode).toBe(403);

      fixed = true;
      const answer = await retry(admin.token);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toEqual({ id: dead.id, queue: 'test-fixable' });
      await waitFor(() => ran.includes(7), { what: 'the retried job' });
      expect((await app.jobs.listDeadLetters()).some((d) => d.id === dead.id)).toBe(false);
      // Retried already, or unknown: 404.
      expect((await retry(admin.token)).statusCode).toBe(404);
      expect((await retry(admin.token, 'not-a-job')).statusCode).toBe(404);
      expect(ran).toEqual([7]);
    } finally {
      await app.app.close();
    }
  });
});

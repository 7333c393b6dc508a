import { defineProcess } from '@clipmarket/contracts/workflow';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import type { Tx } from '../db/client.js';
import { quoteIdentifier } from '../jobs/job-queue.js';
import type { SubjectStore } from './workflow.js';

/**
 * A small process of its own, on a table made for this test: the engine is tested without
 * any module's rules. `waiting` expires after one second (a timer), `done` is terminal.
 */
const testProcess = defineProcess({
  name: 'workflow-test',
  initial: 'waiting',
  states: ['waiting', 'accepted', 'expired', 'done'],
  terminal: ['done', 'expired'],
  transitions: {
    accept: { from: ['waiting'], to: 'accepted', actors: ['TALENT'] },
    decline: { from: ['waiting'], to: 'done', actors: ['TALENT'], requiresReason: true },
    expire: { from: ['waiting'], to: 'expired', actors: ['SYSTEM'] },
    finish: { from: ['accepted'], to: 'done', actors: ['ADMIN'] },
  },
  timers: [{ in: 'waiting', after: { hours: 1 / 3600 }, take: 'expire' }],
});
type State = (typeof testProcess.states)[number];

let ctx: TestContext;
const owner = 101;

async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** What the store was told by the engine, per call (the actor and the step, never ambient). */
const seen: Array<{ call: 'lock' | 'save'; id: number; context: unknown }> = [];

const store: SubjectStore<State> = {
  async lock(tx: Tx, id: number, context) {
    seen.push({ call: 'lock', id, context });
    const { rows } = (await tx.execute(
      sql`select state, version, owner_user_id from workflow_test_subjects where id = ${id} for update`,
    )) as unknown as { rows: Array<{ state: State; version: number; owner_user_id: number }> };
    const row = rows[0];
    return row && { state: row.state, version: row.version, ownerUserId: row.owner_user_id };
  },
  async save(tx: Tx, id: number, next, context) {
    seen.push({ call: 'save', id, context });
    await tx.execute(
      sql`update workflow_test_subjects set state = ${next.state}, version = ${next.version} where id = ${id}`,
    );
  },
};

async function newSubject(withTimers = false): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    sql`insert into workflow_test_subjects (state, version, owner_user_id) values ('waiting', 0, ${owner}) returning id`,
  );
  const id = rows[0]!.id;
  if (withTimers) await ctx.workflow.started(ctx.database.db, testProcess, id, new Date());
  return id;
}

async function stateOf(id: number) {
  const rows = await rowsOf<{ state: State; version: number }>(
    sql`select state, version from workflow_test_subjects where id = ${id}`,
  );
  return rows[0];
}

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_SECONDS: '0.5' });
  await ctx.database.db.execute(
    sql`create table if not exists workflow_test_subjects (
      id serial primary key, state text not null, version integer not null, owner_user_id integer)`,
  );
  ctx.workflow.register(testProcess, store);
});
afterAll(() => ctx.close());

const talent = { role: 'TALENT' as const, userId: owner };

describe('applyTransition', () => {
  it('moves the state, bumps the version and writes the audit row', async () => {
    const id = await newSubject();
    const moved = await ctx.workflow.apply(ctx.database.db, {
      process: testProcess,
      subjectId: id,
      transition: 'accept',
      actor: talent,
    });
    expect(moved).toMatchObject({ from: 'waiting', to: 'accepted', version: 1 });
    expect(await stateOf(id)).toEqual({ state: 'accepted', version: 1 });
    const rows = await rowsOf<{ transition: string; actor_user_id: number }>(
      sql`select transition, actor_user_id from workflow_audit where process = 'workflow-test' and subject_id = ${id}`,
    );
    expect(rows).toEqual([{ transition: 'accept', actor_user_id: owner }]);
  });

  it('hands the store the actor and the step it locks and saves for', async () => {
    const id = await newSubject();
    await ctx.workflow.apply(ctx.database.db, {
      process: testProcess,
      subjectId: id,
      transition: 'accept',
      actor: talent,
    });
    expect(seen.filter((call) => call.id === id)).toEqual([
      { call: 'lock', id, context: { transition: 'accept', actor: talent } },
      { call: 'save', id, context: { transition: 'accept', actor: talent, from: 'waiting' } },
    ]);
  });

  it('refuses a role the transition does not list (403), a stranger (404), a wrong state (409)', async () => {
    const id = await newSubject();
    const apply = (
      transition: 'accept' | 'finish',
      actor: { role: 'TALENT' | 'ADMIN'; userId: number },
    ) =>
      ctx.workflow.apply(ctx.database.db, {
        process: testProcess,
        subjectId: id,
        transition,
        actor,
      });
    await expect(apply('accept', { role: 'ADMIN', userId: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(apply('accept', { role: 'TALENT', userId: owner + 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(apply('finish', { role: 'ADMIN', userId: 1 })).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
    });
    expect(await stateOf(id)).toEqual({ state: 'waiting', version: 0 });
  });

  it('asks for a reason where the process requires one', async () => {
    const id = await newSubject();
    await expect(
      ctx.workflow.apply(ctx.database.db, {
        process: testProcess,
        subjectId: id,
        transition: 'decline',
        actor: talent,
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('two concurrent transitions from the same state: exactly one wins', async () => {
    const id = await newSubject();
    const results = await Promise.allSettled([
      ctx.workflow.apply(ctx.database.db, {
        process: testProcess,
        subjectId: id,
        transition: 'accept',
        actor: talent,
      }),
      ctx.workflow.apply(ctx.database.db, {
        process: testProcess,
        subjectId: id,
        transition: 'decline',
        actor: talent,
        reason: 'Changed my mind',
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect((await stateOf(id))?.version).toBe(1);
  });
});

describe('timers', () => {
  it('fire after their delay and take their transition', async () => {
    const id = await newSubject(true);
    await waitFor(async () => (await stateOf(id))?.state === 'expired', {
      what: 'the expiry timer',
    });
    const rows = await rowsOf<{ actor_role: string }>(
      sql`select actor_role from workflow_audit where process = 'workflow-test' and subject_id = ${id}`,
    );
    expect(rows).toEqual([{ actor_role: 'SYSTEM' }]);
  });

  it('do nothing when the subject has left the state they were armed for', async () => {
    const id = await newSubject(true);
    await ctx.workflow.apply(ctx.database.db, {
      process: testProcess,
      subjectId: id,
      transition: 'accept',
      actor: talent,
    });
    // The timer armed for `waiting` (1 s) fires and finds the subject moved on.
    await waitFor(
      async () => {
        const { rows } = await ctx.database.query<{ state: string }>(
          `select state::text as state from ${quoteIdentifier(ctx.env.JOBS_SCHEMA)}.job
            where name = 'workflow-timer' and (data->>'subjectId')::int = $1`,
          [id],
        );
        return rows[0]?.state === 'completed';
      },
      { what: "the subject's timer job to complete" },
    );
    expect(await stateOf(id)).toEqual({ state: 'accepted', version: 1 });
  });
});

import { quoteIdentifier } from '../platform/jobs/job-queue.js';
import type { TestContext } from './harness.js';
import { waitFor } from './wait-for.js';

/**
 * Makes the queued jobs of `name` whose payload contains `data` due now (waiting until one is
 * queued), runs them at once (`drain`, no worker poll to wait for) and resolves once they have
 * run, here or in a worker that fetched them first. Answers their ids.
 */
export async function runJobNow(
  ctx: TestContext,
  name: string,
  data: Record<string, unknown>,
): Promise<string[]> {
  const schema = quoteIdentifier(ctx.env.JOBS_SCHEMA);
  const ids = await waitFor(
    async () => {
      const { rows } = await ctx.database.query<{ id: string }>(
        `update ${schema}.job set start_after = now() - interval '1 second'
          where name = $1 and data @> $2::jsonb and state = 'created' returning id`,
        [name, JSON.stringify(data)],
      );
      return rows.length > 0 && rows.map((row) => row.id);
    },
    { what: `the ${name} job` },
  );
  await ctx.jobs.drain();
  await waitFor(
    async () => {
      const { rows } = await ctx.database.query<{ pending: number }>(
        `select count(*)::int as pending from ${schema}.job
          where id = any($1::uuid[]) and state in ('created', 'active')`,
        [ids],
      );
      return rows[0]?.pending === 0;
    },
    { what: `the ${name} job to run` },
  );
  return ids;
}

/**
 * Runs every job due now (and those they queue) and resolves once none is due or running,
 * here or in a worker: after it, an effect that did not happen was never on its way.
 */
export async function settleJobs(ctx: TestContext): Promise<void> {
  const schema = quoteIdentifier(ctx.env.JOBS_SCHEMA);
  await waitFor(
    async () => {
      await ctx.jobs.drain();
      const { rows } = await ctx.database.query<{ pending: number }>(
        `select count(*)::int as pending from ${schema}.job
          where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
      );
      return rows[0]?.pending === 0;
    },
    { what: 'the due jobs to run' },
  );
}

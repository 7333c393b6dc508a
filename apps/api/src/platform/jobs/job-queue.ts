import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { currentRequestId, runInWorkContext } from '../http/request-context.js';
import type { QueueDepth } from '../metrics/metrics.js';

/**
 * Background jobs on pg-boss, on PGlite and on PostgreSQL alike (ADR 010). A job is declared
 * once with `defineJob` (name, payload type, retries, handler), registered on the queue by the
 * module that owns it, and run by the workers of the API process or of `npm run worker`.
 * A job that keeps failing lands in its dead-letter queue (`<name>-dead`), which is logged
 * and listed for admins.
 */

export interface JobContext {
  jobId: string;
  /** 0 on the first run, then 1, 2, … on retries. */
  retryCount: number;
}

export interface JobDefinition<Payload extends object = object> {
  /** Letters, digits and hyphens (pg-boss queue name). */
  name: string;
  /** How many retries after the first failure; the delays double from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A cron expression (UTC) to run the job on a schedule, with an empty payload. */
  cron?: string;
  /** How many jobs of this queue one worker fetches at once (run one after another). */
  concurrency?: number;
  /** A running job not finished by then is taken as lost and retried (pg-boss: 15 min). */
  expireInSeconds?: number;
  /** Workers of this queue in one process, each running its job at the same time (default 1). */
  workers?: number;
  handle(payload: Payload, context: JobContext): Promise<void>;
}

export function defineJob<Payload extends object>(
  definition: JobDefinition<Payload>,
): JobDefinition<Payload> {
  return definition;
}

export interface SendJobOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /**
   * Makes sending idempotent: a second send with the same key (within the job's retention)
   * is ignored. The outbox relay uses it so a job is never queued twice for one event.
   */
  idempotencyKey?: string;
}

export interface Logger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface JobQueueOptions {
  database: Database;
  /** Postgres schema of pg-boss's tables (tests give each app its own). */
  schema: string;
  /** Run the workers in this process (the API does by default; `npm run worker` always). */
  runWorkers: boolean;
  /** Run cron schedules (one process of a deployment is enough; pg-boss deduplicates anyway). */
  runSchedules: boolean;
  pollingIntervalSeconds: number;
  /**
   * Caps every queue's expiry, and pg-boss's maintenance (which retries expired jobs) runs as
   * often: a job whose worker was killed is retried within seconds (JOB_EXPIRE_SECONDS).
   */
  expireCapSeconds?: number | undefined;
  log: Logger;
  /** Counts each run's outcome per queue (Prometheus). */
  metrics?: { jobCompleted(queue: string): void; jobFailed(queue: string): void };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export const DEAD_LETTER_SUFFIX = '-dead';
const PG_BOSS_DEFAULT_EXPIRE_SECONDS = 15 * 60;
/** How long `stop()` lets running jobs finish when no shutdown deadline is given. */
const DEFAULT_STOP_GRACE_MS = 5000;
/**
 * The request id a job was sent under, kept in its data (pg-boss has no other field for it)
 * and taken out again before the handler sees its payload.
 */
const REQUEST_ID_KEY = '_reqId';

/** A batch a worker fetched (pg-boss's own array), while its jobs run. */
interface RunningBatch {
  jobs: PgBoss.JobWithMetadata<object>[];
  finished: Set<string>;
  /** Given back to the queue at the shutdown deadline: its outcome here no longer counts. */
  handedBack: boolean;
}

export function createJobQueue(options: JobQueueOptions) {
  const { database, log } = options;
  const definitions = new Map<string, JobDefinition>();
  const workerIds = new Map<string, string[]>();
  const running = new Set<RunningBatch>();
  let whenIdle: (() => void) | undefined;
  // pg-boss completes a job without awaiting it, and its timers may fire late: stop() waits
  // for the queries under way, and afterwards pg-boss reaches the database no more, so nothing
  // runs into a closed pool (or a test's dropped schema).
  const queriesInFlight = new Set<Promise<unknown>>();
  let isClosed = false;
  const boss = new PgBoss({
    db: {
      executeSql(text, values) {
        // A late call waits for ever instead of failing (no result would make sense to it).
        if (isClosed) return new Promise<never>(() => {});
        const query = executeSql(database, text, values);
        queriesInFlight.add(query);
        void query.finally(() => queriesInFlight.delete(query)).catch(() => {});
        return query;
      },
    },
    schema: options.schema,
    supervise: options.runWorkers,
    schedule: options.runSchedules,
    migrate: true,
    ...(options.expireCapSeconds
      ? { maintenanceIntervalSeconds: Math.min(120, options.expireCapSeconds) }
      : {}),
    // Completed jobs are kept a week (an audit of what ran), failed ones too.
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started = false;

  async function createQueue(definition: JobDefinition) {
    const deadLetter = `${definition.name}${DEAD_LETTER_SUFFIX}`;
    await boss.createQueue(deadLetter, { name: deadLetter, retentionDays: 30 });
    const queueOptions = {
      name: definition.name,
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelaySeconds ?? 5,
      retryBackoff: true,
      // pg-boss's own default, written out: a queue that had another keeps it otherwise.
      expireInSeconds: Math.min(
        definition.expireInSeconds ?? PG_BOSS_DEFAULT_EXPIRE_SECONDS,
        options.expireCapSeconds ?? Infinity,
      ),
      deadLetter,
      retentionDays: 14,
    };
    // createQueue leaves an existing queue as it was: the update applies a changed definition
    // (a longer expiry, more retries) to a database that ran an older release.
    await boss.createQueue(definition.name, queueOptions);
    await boss.updateQueue(definition.name, queueOptions);
  }

  /**
   * Runs a batch the way a worker does: one by one, so one bad job does not make the others
   * run again (a batch fails or succeeds as one in pg-boss).
   */
  async function runBatch(definition: JobDefinition, jobs: PgBoss.JobWithMetadata<object>[]) {
    const batch: RunningBatch = { jobs, finished: new Set(), handedBack: false };
    running.add(batch);
    try {
      // A copy: handing the batch back empties pg-boss's array.
      for (const job of [...jobs]) {
        if (batch.handedBack) return;
        const { [REQUEST_ID_KEY]: reqId, ...payload } = job.data as Record<string, unknown>;
        // The job runs as part of the request that caused it: its log lines and what it stages
        // carry that request's id.
        await runInWorkContext(
          {
            ...(typeof reqId === 'string' ? { reqId } : {}),
            job: { name: definition.name, id: job.id },
          },
          () => runOne(definition, batch, job, payload, jobs.length),
        );
        batch.finished.add(job.id);
      }
    } finally {
      running.delete(batch);
      if (running.size === 0) whenIdle?.();
    }
  }

  async function runOne(
    definition: JobDefinition,
    batch: RunningBatch,
    job: PgBoss.JobWithMetadata<object>,
    payload: object,
    batchSize: number,
  ) {
    const startedAt = Date.now();
    try {
      await definition.handle(payload, { jobId: job.id, retryCount: job.retryCount });
      if (batch.handedBack) return;
      options.metrics?.jobCompleted(definition.name);
      // As Fastify logs each request: with the request id of the request that caused the job.
      log.info(
        {
          job: definition.name,
          jobId: job.id,
          retryCount: job.retryCount,
          ms: Date.now() - startedAt,
        },
        'job completed',
      );
    } catch (error) {
      // Given back meanwhile: its next run elsewhere decides; failing it here would burn a try.
      if (batch.handedBack) return;
      options.metrics?.jobFailed(definition.name);
      const isLastTry = job.retryCount >= job.retryLimit;
      log[isLastTry ? 'error' : 'warn'](
        { err: error, job: definition.name, jobId: job.id, retryCount: job.retryCount },
        isLastTry ? 'job failed for good: moved to its dead-letter queue' : 'job failed',
      );
      if (batchSize === 1) throw error;
      await boss.fail(definition.name, job.id, { message: String(error) });
    }
  }

  /** Stops this process's workers fetching; what they run goes on. */
  function stopTakingJobs() {
    for (const ids of workerIds.values()) {
      for (const id of ids) void boss.offWork({ id });
    }
    workerIds.clear();
  }

  /** Waits for the running jobs to finish, at most until `deadline` (ms since the epoch). */
  async function waitForRunning(deadline: number) {
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        whenIdle = resolve;
      }),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    whenIdle = undefined;
  }

  /**
   * Gives the jobs still running (and those of their batches not started) back to their queue,
   * due now, for another process: `started_on` cleared, so pg-boss's next fetch does not count
   * a retry (its fetch adds one only to a job that had started). pg-boss's own stop would fail
   * them instead (a try burnt, and a backoff delay); emptying its batch arrays keeps it from
   * touching them.
   */
  async function handBackRunning() {
    const batches = [...running];
    const ids = batches.flatMap((batch) =>
      batch.jobs.filter((job) => !batch.finished.has(job.id)).map((job) => job.id),
    );
    for (const batch of batches) {
      batch.handedBack = true;
      batch.jobs.length = 0;
    }
    if (ids.length === 0) return;
    const { rows } = await database.query<{ id: string; name: string }>(
      `update ${quoteIdentifier(options.schema)}.job
          set state = 'created', started_on = null, start_after = now()
        where id = any($1::uuid[]) and state = 'active' returning id, name`,
      [ids],
    );
    for (const row of rows) {
      log.warn({ job: row.name, jobId: row.id }, 'job still running at shutdown: handed back');
    }
  }

  async function startWorker(definition: JobDefinition) {
    for (let worker = 0; worker < Math.max(1, definition.workers ?? 1); worker += 1) {
      await startOneWorker(definition);
    }
    // The dead letters are only kept (and listed for admins): no worker consumes them.
  }

  async function startOneWorker(definition: JobDefinition) {
    const batchSize = definition.concurrency ?? 1;
    const worker: { id?: string } = {};
    worker.id = await boss.work<object>(
      definition.name,
      { batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds, includeMetadata: true },
      async (jobs) => {
        try {
          await runBatch(definition, jobs);
        } finally {
          // A full batch: more may be waiting. pg-boss would wait out the rest of its polling
          // interval before fetching again (one batch per interval however long the backlog);
          // notified, it fetches at once, and waits only when the queue is empty.
          if (jobs.length === batchSize && worker.id !== undefined) boss.notifyWorker(worker.id);
        }
      },
    );
    workerIds.set(definition.name, [...(workerIds.get(definition.name) ?? []), worker.id]);
  }

  return {
    /** Declares a job; call before `start()`. */
    register<Payload extends object>(definition: JobDefinition<Payload>) {
      // Stored untyped: the queue hands each job the payload it was sent with.
      const job = definition as unknown as JobDefinition;
      if (definitions.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      definitions.set(job.name, job);
    },

    async start() {
      if (started) return;
      await boss.start();
      for (const definition of definitions.values()) {
        await createQueue(definition);
        if (options.runWorkers) await startWorker(definition);
        if (definition.cron && options.runSchedules) {
          await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
        }
      }
      started = true;
    },

    stopTakingJobs,

    isStarted: () => started,

    /**
     * Stops the workers: no new job is taken, the running ones may finish until `deadline`
     * (ms since the epoch; default in 5 s), then what still runs is handed back to its queue.
     */
    async stop(deadline = Date.now() + DEFAULT_STOP_GRACE_MS) {
      if (!started) return;
      started = false;
      stopTakingJobs();
      await waitForRunning(deadline);
      await handBackRunning();
      await boss.stop({ graceful: true, wait: true, timeout: 1000, close: false });
      isClosed = true;
      while (queriesInFlight.size > 0) await Promise.allSettled([...queriesInFlight]);
    },

    /** Queues a job now (outside any transaction: see `stageJob` in events to stage one). */
    async send<Payload extends object>(
      job: JobDefinition<Payload> | string,
      payload: Payload,
      sendOptions: SendJobOptions = {},
    ): Promise<void> {
      const name = typeof job === 'string' ? job : job.name;
      if (!definitions.has(name)) throw new Error(`job ${name} is not registered`);
      // Refused rather than dropped: the outbox keeps what it could not hand over.
      if (!started) throw new Error(`job queue not running: ${name} not sent`);
      const reqId = currentRequestId();
      await boss.send(name, reqId ? { ...payload, [REQUEST_ID_KEY]: reqId } : payload, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.idempotencyKey ? { id: uuidFromKey(sendOptions.idempotencyKey) } : {}),
      });
      // Wake this process's worker instead of waiting for its next poll.
      if (!sendOptions.startAfter) {
        for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      }
    },

    /**
     * Runs every job that is due now, in this process, until none is left (jobs the handlers
     * queue included); answers how many ran. Tests call it instead of waiting for a worker's
     * poll; a job retried later or scheduled for later is not due, and waits.
     */
    async drain(): Promise<number> {
      if (!started) throw new Error('job queue not running: nothing to drain');
      let ran = 0;
      for (;;) {
        let ranThisRound = 0;
        for (const definition of definitions.values()) {
          for (;;) {
            const jobs = await boss.fetch<object>(definition.name, {
              batchSize: 1,
              includeMetadata: true,
            });
            const job = jobs[0];
            if (!job) break;
            try {
              await runBatch(definition, [job]);
              await boss.complete(definition.name, job.id);
            } catch (error) {
              // As a worker fails it: the error kept (serialized) in the job's output.
              const output = error instanceof Error ? error : { message: String(error) };
              await boss.fail(definition.name, job.id, output);
            }
            ranThisRound += 1;
          }
        }
        ran += ranThisRound;
        if (ranThisRound === 0) return ran;
      }
    },

    isRegistered(name: string): boolean {
      return definitions.has(name);
    },

    /** Jobs that failed for good, newest first (admins' view; the logs have each failure). */
    async listDeadLetters(limit = 50) {
      const names = [...definitions.keys()].map((name) => `${name}${DEAD_LETTER_SUFFIX}`);
      const { rows } = await database.query<{
        id: string;
        name: string;
        data: unknown;
        output: unknown;
        created_on: Date;
      }>(
        `select id, name, data, output, created_on from ${quoteIdentifier(options.schema)}.job
          where name = any($1) order by created_on desc limit $2`,
        [names, limit],
      );
      return rows;
    },

    /**
     * Runs a dead letter again (an admin fixed its cause): it leaves its dead-letter queue and
     * is sent anew to its queue, with its retries. Only one of two admins retrying it at once
     * gets it; `false` when there is no such dead letter (already retried, or unknown).
     */
    async retryDeadLetter(id: string): Promise<{ queue: string } | false> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      const names = [...definitions.keys()].map((name) => `${name}${DEAD_LETTER_SUFFIX}`);
      const { rows } = await database.query<{ name: string; data: object | null }>(
        `delete from ${quoteIdentifier(options.schema)}.job
          where id = $1 and name = any($2) returning name, data`,
        [id, names],
      );
      const dead = rows[0];
      if (!dead) return false;
      const queue = dead.name.slice(0, -DEAD_LETTER_SUFFIX.length);
      try {
        await this.send(queue, dead.data ?? {});
      } catch (error) {
        log.error(
          { err: error, job: queue, data: dead.data },
          'a retried dead letter could not be sent',
        );
        throw error;
      }
      log.info({ job: queue, deadLetterId: id }, 'dead letter sent again by an admin');
      return { queue };
    },

    /** Jobs waiting or running, per queue and state, in one grouped query (the metrics' gauge). */
    async queueDepths(): Promise<QueueDepth[]> {
      const { rows } = await database.query<{ queue: string; state: string; count: number }>(
        `select name as queue, state::text as state, count(*)::int as count
           from ${quoteIdentifier(options.schema)}.job
          where state in ('created', 'retry', 'active')
          group by name, state`,
      );
      return rows;
    },

    /** Counts per queue and state: for tests and the admins' health view. */
    async countJobs(name: string, state?: 'created' | 'retry' | 'active' | 'completed' | 'failed') {
      const { rows } = await database.query<{ count: string }>(
        `select count(*)::text as count from ${quoteIdentifier(options.schema)}.job
          where name = $1 and ($2::text is null or state::text = $2)`,
        [name, state ?? null],
      );
      return Number(rows[0]?.count ?? 0);
    },
  };
}

/**
 * Creates or upgrades the job queue's tables in `schema` (run with the migrations, so a new
 * database, and the tests' template, have them before the app starts).
 */
export async function installJobQueue(database: Database, schema: string): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(database, text, values) },
    schema,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
}

/**
 * pg-boss sends parameterless, multi-statement SQL (migrations, advisory-locked batches) and
 * parameterised single statements. PGlite runs the former with `exec` and the latter with
 * `query` (DESIGN §1); node-postgres takes both through `query`.
 */
async function executeSql(database: Database, text: string, values: unknown[] = []) {
  if (database.kind === 'pglite' && values.length === 0 && database.exec) {
    const results = await database.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  }
  return database.query(text, values);
}

/** A stable UUID for an idempotency key (pg-boss ids are UUIDs; a repeated id is ignored). */
export function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier ${name}`);
  return `"${name}"`;
}

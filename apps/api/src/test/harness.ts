import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp, type App } from '../app.js';
import { openDatabase, pgliteExtensions, type Database } from '../platform/db/client.js';
import { loadEnv, type Env } from '../platform/env.js';
import { inject } from 'vitest';
import { testDatabaseUrl } from './test-db.js';

export interface TestContext extends App {
  database: Database;
  env: Env;
  /** Throw-away data folder (media, outbox) of this test file. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a real, migrated database: PGlite loaded from the run's template, or the
 * PostgreSQL test database when DATABASE_URL is set. Tests isolate themselves by creating
 * their own users (unique e-mails), never by truncating.
 */
export async function createTestContext(
  overrides: Partial<Record<string, string>> = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-test-'));
  const url = testDatabaseUrl();
  // On the shared test database (PostgreSQL, or the worker's PGlite) each app gets its own job
  // queue, so one test file's workers never run another's jobs (e-mails land in the right outbox).
  // A closed app's queue is taken again, emptied: creating pg-boss's tables and its sixty queues
  // cost a second per test file.
  const reusedJobsSchema = closedJobsSchemas.pop();
  contextCounter += 1;
  const jobsSchema = reusedJobsSchema ?? `jobs_${process.pid}_${contextCounter}`;
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO_DATA: 'false',
    JOBS_SCHEMA: jobsSchema,
    // Every app counts its own rate limits, as one process would: the tests share an address.
    RATE_LIMIT_NAMESPACE: `test_${process.pid}_${contextCounter}`,
    ...overrides,
  });
  const database = url ? await openDatabase({ databaseUrl: url }) : await sharedPglite();
  if (reusedJobsSchema) await database.query(`delete from ${reusedJobsSchema}.job`);
  const built = await buildApp(env, database);
  await built.app.ready();
  return {
    ...built,
    database,
    env,
    dataDir,
    async close() {
      await built.app.close();
      await built.realtime.close();
      if (url) await database.close();
      closedJobsSchemas.push(jobsSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One PGlite per test worker, loaded once from the run's template and shared by the files
 * that worker runs one after another (the api project does not isolate its files), as the
 * PostgreSQL test database is shared: loading a data dir costs seconds, a test file's
 * isolation comes from its own users and its own job-queue schema.
 */
let pglite: Promise<Database> | undefined;
function sharedPglite(): Promise<Database> {
  pglite ??= PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    extensions: pgliteExtensions,
  }).then((instance) => openDatabase({ pglite: instance }));
  return pglite;
}

let counter = 0;
let contextCounter = 0;
/** Job-queue schemas of this worker's closed apps; two live apps never share one. */
const closedJobsSchemas: string[] = [];
/** A unique e-mail for this run, so tests never collide on a shared database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@test.clipmarket.tn`;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/platform/db/client.js';
import { loadEnv } from '../src/platform/env.js';
import type { TestContext } from '../src/test/harness.js';
import type { Cluster } from './cluster.js';

/**
 * The app built in the test's own process on the cluster's database, never listening and
 * running no job (RUN_WORKERS=false): what the module tests' helpers take (`TestContext`), to
 * set up accounts, wallets and lines as those tests do. What it stages (events, e-mails) goes
 * to the cluster's job queue, run by the worker processes. The scenarios themselves go through
 * the proxy or the processes' own ports.
 */
export async function createSetupApp(cluster: Cluster): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-cluster-setup-'));
  const env = loadEnv({
    ...cluster.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RUN_WORKERS: 'false',
  });
  const database = await openDatabase({ databaseUrl: cluster.databaseUrl });
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
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

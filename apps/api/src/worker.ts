import path from 'node:path';
import { buildApp } from './app.js';
import { openDatabase } from './platform/db/client.js';
import { loadEnvOrExit } from './platform/env.js';

/**
 * `npm run worker`: the background jobs (event handlers, e-mails, workflow timers, scheduled
 * jobs) in a process of their own, for a deployment that runs the API with RUN_WORKERS=false.
 * Needs a PostgreSQL server (DATABASE_URL): PGlite is one process's database. The API process
 * prepares the database; the worker only connects.
 */
const env = { ...loadEnvOrExit(), RUN_WORKERS: true };
if (!env.DATABASE_URL) {
  console.error('npm run worker needs DATABASE_URL (a PostgreSQL server shared with the API).');
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'db'),
});
const { app, realtime } = await buildApp(env, database);
await app.ready();
app.log.info('Clipmarket worker running its jobs');

async function shutdown() {
  await app.close();
  await realtime.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

import path from 'node:path';
import { loadEnvOrExit } from './platform/env.js';
import { openDatabase } from './platform/db/client.js';
import { prepareDatabase } from './prepare-database.js';

const env = loadEnvOrExit();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'db'),
});
await prepareDatabase(database, env.JOBS_SCHEMA);
await database.close();
console.log(`Migrations applied (${database.kind}).`);

import path from 'node:path';
import { loadEnv } from '../env.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'db'),
});
await prepareDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);

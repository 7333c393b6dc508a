import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteExtensions } from '../platform/db/client.js';
import { prepareDatabase } from '../prepare-database.js';
import { recreatePostgresDatabase } from '../platform/db/recreate.js';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from './test-db.js';

/**
 * Prepares one migrated database for the whole run: on PostgreSQL a fresh database
 * (DATABASE_URL's server, database `<name>_test`), on PGlite a migrated data dir dumped to a
 * file that each test file loads (a new PGlite data dir takes ~10 s; loading one, ~1 s).
 */
export default async function globalSetup(project: TestProject) {
  const url = testDatabaseUrl();
  if (url) {
    await recreatePostgresDatabase(url);
    const database = await openDatabase({ databaseUrl: url });
    await prepareDatabase(database);
    await database.close();
    return;
  }
  const pglite = await PGlite.create('memory://', { extensions: pgliteExtensions });
  const database = await openDatabase({ pglite });
  await prepareDatabase(database);
  const dump = await pglite.dumpDataDir('gzip');
  const templateFile = path.join(os.tmpdir(), `clipmarket-test-template-${process.pid}.tar.gz`);
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', templateFile);
  return () => fs.rmSync(templateFile, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

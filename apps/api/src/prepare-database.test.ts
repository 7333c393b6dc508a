import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './platform/db/client.js';
import { recreatePostgresDatabase } from './platform/db/recreate.js';
import { prepareDatabase } from './prepare-database.js';
import { testDatabaseUrl } from './test/test-db.js';

const url = testDatabaseUrl();

// Several processes preparing one database at once only happens on a PostgreSQL server.
describe.runIf(url)('preparing a PostgreSQL database from several processes at once', () => {
  const databases: Database[] = [];
  const fresh = new URL(url ?? 'postgres://unused');
  fresh.pathname = `${fresh.pathname}_prepare_${process.pid}`;
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${fresh.pathname.slice(1)}"`);
    await admin.end();
  });

  // Without the lock, all but one process fail on the migrations table (checked once).
  it('migrates a new database once, every process waiting for it then starting', async () => {
    await recreatePostgresDatabase(fresh.toString());
    for (let i = 0; i < 3; i += 1) {
      databases.push(await openDatabase({ databaseUrl: fresh.toString() }));
    }

    await Promise.all(databases.map((database) => prepareDatabase(database, 'jobs_prepare')));

    const { rows } = await databases[0]!.query<{ count: string }>(
      `select count(*)::text as count from drizzle.__drizzle_migrations`,
    );
    const migrations = fs
      .readdirSync(new URL('../drizzle', import.meta.url))
      .filter((file) => file.endsWith('.sql'));
    expect(Number(rows[0]!.count)).toBe(migrations.length);
  });
});

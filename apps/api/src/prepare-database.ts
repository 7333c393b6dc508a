import { seedReferenceData } from './modules/reference-data/index.js';
import { seedNotificationTemplates } from './modules/notifications/index.js';
import { runMigrations, type Database } from './platform/db/client.js';
import { installJobQueue } from './platform/jobs/job-queue.js';

/** The advisory lock key under which one process at a time prepares a PostgreSQL database. */
const PREPARE_LOCK_KEY = 2_026_113_026;

/**
 * Brings a database to the current schema with its fixed reference rows (categories,
 * business sectors, notification templates) and the job queue's tables. Idempotent; run at
 * every start and by tests. On a PostgreSQL server, under an advisory lock: API processes
 * started together would otherwise run the same migrations at once (drizzle's migrator takes
 * no lock), and all but one fail; the others wait and find nothing left to do.
 */
export async function prepareDatabase(database: Database, jobsSchema = 'pgboss'): Promise<void> {
  const client = await database.pool?.connect();
  try {
    await client?.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    await runMigrations(database);
    await installJobQueue(database, jobsSchema);
    await seedReferenceData(database.db);
    await seedNotificationTemplates(database.db);
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await client?.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]).catch(() => {});
    client?.release();
  }
}

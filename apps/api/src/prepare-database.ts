import { seedReferenceData } from './modules/reference-data/index.js';
import { seedNotificationTemplates } from './modules/notifications/index.js';
import { runMigrations, type Database } from './platform/db/client.js';
import { installJobQueue } from './platform/jobs/job-queue.js';

/**
 * Brings a database to the current schema with its fixed reference rows (categories,
 * business sectors, notification templates) and the job queue's tables. Idempotent; run at
 * every start and by tests.
 */
export async function prepareDatabase(database: Database, jobsSchema = 'pgboss'): Promise<void> {
  await runMigrations(database);
  await installJobQueue(database, jobsSchema);
  await seedReferenceData(database.db);
  await seedNotificationTemplates(database.db);
}

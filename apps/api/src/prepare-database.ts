import { seedReferenceData } from './modules/reference-data/index.js';
import { seedNotificationTemplates } from './modules/notifications/index.js';
import { runMigrations, type Database } from './platform/db/client.js';

/**
 * Brings a database to the current schema with its fixed reference rows (categories,
 * business sectors, notification templates). Idempotent; run at every start and by tests.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await runMigrations(database);
  await seedReferenceData(database.db);
  await seedNotificationTemplates(database.db);
}

import type { DbOrTx } from '../../platform/db/client.js';
import { chunksOf } from '../../platform/db/chunks.js';
import { notifications } from './notifications.schema.js';

export type DemoNotificationInsert = typeof notifications.$inferInsert;

/**
 * For the demo data (apps/api/src/demo): an account's past notices, backdated and already
 * read, in the seed's transaction. `notify` stamps "now", pushes over the socket and may send
 * an e-mail: right for news, wrong for a history.
 */
export async function seedDemoNotifications(
  db: DbOrTx,
  rows: readonly DemoNotificationInsert[],
): Promise<void> {
  for (const part of chunksOf(rows)) await db.insert(notifications).values(part);
}

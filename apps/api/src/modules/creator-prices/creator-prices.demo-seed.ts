import type { DbOrTx } from '../../platform/db/client.js';
import { chunksOf } from '../../platform/db/chunks.js';
import { creatorPrices } from './creator-prices.schema.js';

/**
 * For the demo data (apps/api/src/demo): the custom prices of many creators at once, in the
 * seed's transaction (the rate-card service saves one creator's card per call, read back).
 */
export async function seedDemoCreatorPrices(
  db: DbOrTx,
  rows: readonly (typeof creatorPrices.$inferInsert)[],
): Promise<void> {
  for (const part of chunksOf(rows)) await db.insert(creatorPrices).values(part);
}

import type { DbOrTx } from '../../platform/db/client.js';
import { chunksOf } from '../../platform/db/chunks.js';
import { creatorValidations } from './creator-validation.schema.js';

/**
 * For the demo data (apps/api/src/demo): where each demo creator stands in the validation
 * process (validated, or pending) since its backdated sign-up, for ~200 creators in the seed's
 * one transaction. The process's own steps (`open`, `validate`) take one creator at a time
 * and stamp "now"; a creator already in the process is left as it is.
 */
export async function seedDemoCreatorValidations(
  db: DbOrTx,
  rows: readonly { userId: number; isValidated: boolean; since: Date }[],
): Promise<void> {
  for (const part of chunksOf(rows)) {
    await db
      .insert(creatorValidations)
      .values(
        part.map((row) => ({
          userId: row.userId,
          state: row.isValidated ? ('validated' as const) : ('pending' as const),
          stateEnteredAt: row.since,
        })),
      )
      .onConflictDoNothing();
  }
}

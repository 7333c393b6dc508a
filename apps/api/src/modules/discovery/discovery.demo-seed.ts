import type { DbOrTx } from '../../platform/db/client.js';
import { favorites, shortListInfluencers, shortLists } from './discovery.schema.js';
import { createListsRepository } from './lists.repository.js';

/**
 * For the demo data (apps/api/src/demo): the demo brand's favourites and shortlist, backdated a
 * minute apart so "most recent first" shows them in the demo's order, in the seed's
 * transaction. The lists service stamps "now" and opens a transaction per call.
 */
const lists = createListsRepository();

/** Whether the advertiser has a shortlist of that name, whatever the case. */
export function hasShortListNamed(db: DbOrTx, advertiserId: number, name: string) {
  return lists.isShortListNameTaken(db, advertiserId, name);
}

/** Favourites that already exist are left as they are; returns how many were added. */
export async function seedDemoFavorites(
  db: DbOrTx,
  rows: readonly (typeof favorites.$inferInsert)[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(favorites)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: favorites.influencerId });
  return inserted.length;
}

export async function seedDemoShortList(
  db: DbOrTx,
  row: typeof shortLists.$inferInsert,
  members: readonly Omit<typeof shortListInfluencers.$inferInsert, 'shortListId'>[],
): Promise<void> {
  const [list] = await db.insert(shortLists).values(row).returning({ id: shortLists.id });
  if (!list) throw new Error('Shortlist insert returned no row');
  if (members.length === 0) return;
  await db
    .insert(shortListInfluencers)
    .values(members.map((m) => ({ ...m, shortListId: list.id })));
}

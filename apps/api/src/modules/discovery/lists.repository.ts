import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { favorites, shortListInfluencers, shortLists } from './discovery.schema.js';

export type ShortListRow = typeof shortLists.$inferSelect;

/** An advertiser's favourites (favorites) and shortlists (short_lists and their members). */
export function createListsRepository() {
  return {
    /** Newest first. */
    async listFavoriteIds(db: DbOrTx, advertiserId: number): Promise<number[]> {
      const rows = await db
        .select({ id: favorites.influencerId })
        .from(favorites)
        .where(eq(favorites.advertiserId, advertiserId))
        .orderBy(desc(favorites.createdAt), desc(favorites.influencerId));
      return rows.map((row) => row.id);
    },

    async deleteFavorite(db: DbOrTx, advertiserId: number, influencerId: number): Promise<boolean> {
      const rows = await db
        .delete(favorites)
        .where(
          and(eq(favorites.advertiserId, advertiserId), eq(favorites.influencerId, influencerId)),
        )
        .returning({ id: favorites.influencerId });
      return rows.length > 0;
    },

    async insertFavorite(db: DbOrTx, advertiserId: number, influencerId: number): Promise<void> {
      await db.insert(favorites).values({ advertiserId, influencerId }).onConflictDoNothing();
    },

    async listShortLists(db: DbOrTx, advertiserId: number): Promise<ShortListRow[]> {
      return db
        .select()
        .from(shortLists)
        .where(eq(shortLists.advertiserId, advertiserId))
        .orderBy(desc(shortLists.createdAt), desc(shortLists.id));
    },

    /** The list if it is this advertiser's; `lock` holds it until the transaction ends. */
    async findShortList(
      db: DbOrTx,
      advertiserId: number,
      shortListId: number,
      options: { lock?: boolean } = {},
    ): Promise<ShortListRow | undefined> {
      const query = db
        .select()
        .from(shortLists)
        .where(and(eq(shortLists.id, shortListId), eq(shortLists.advertiserId, advertiserId)))
        .limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Whether another list of the advertiser has this name, whatever the case. */
    async isShortListNameTaken(
      db: DbOrTx,
      advertiserId: number,
      name: string,
      exceptId?: number,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: shortLists.id })
        .from(shortLists)
        .where(
          and(
            eq(shortLists.advertiserId, advertiserId),
            eq(sql`lower(${shortLists.name})`, name.toLowerCase()),
            exceptId === undefined ? undefined : ne(shortLists.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertShortList(db: DbOrTx, advertiserId: number, name: string): Promise<ShortListRow> {
      const [row] = await db.insert(shortLists).values({ advertiserId, name }).returning();
      if (!row) throw new Error('insert into short_lists returned no row');
      return row;
    },

    async renameShortList(db: DbOrTx, shortListId: number, name: string): Promise<ShortListRow> {
      const [row] = await db
        .update(shortLists)
        .set({ name, updatedAt: new Date() })
        .where(eq(shortLists.id, shortListId))
        .returning();
      if (!row) throw new Error('update of short_lists returned no row');
      return row;
    },

    async touchShortList(db: DbOrTx, shortListId: number): Promise<ShortListRow> {
      const [row] = await db
        .update(shortLists)
        .set({ updatedAt: new Date() })
        .where(eq(shortLists.id, shortListId))
        .returning();
      if (!row) throw new Error('update of short_lists returned no row');
      return row;
    },

    async deleteShortList(db: DbOrTx, advertiserId: number, shortListId: number): Promise<boolean> {
      const rows = await db
        .delete(shortLists)
        .where(and(eq(shortLists.id, shortListId), eq(shortLists.advertiserId, advertiserId)))
        .returning({ id: shortLists.id });
      return rows.length > 0;
    },

    /** Members of these lists, most recently added first within each list. */
    async listShortListMembers(
      db: DbOrTx,
      shortListIds: number[],
    ): Promise<{ shortListId: number; influencerId: number }[]> {
      if (shortListIds.length === 0) return [];
      return db
        .select({
          shortListId: shortListInfluencers.shortListId,
          influencerId: shortListInfluencers.influencerId,
        })
        .from(shortListInfluencers)
        .where(inArray(shortListInfluencers.shortListId, shortListIds))
        .orderBy(desc(shortListInfluencers.createdAt), desc(shortListInfluencers.influencerId));
    },

    async isShortListMember(
      db: DbOrTx,
      shortListId: number,
      influencerId: number,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: shortListInfluencers.influencerId })
        .from(shortListInfluencers)
        .where(
          and(
            eq(shortListInfluencers.shortListId, shortListId),
            eq(shortListInfluencers.influencerId, influencerId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async countShortListMembers(db: DbOrTx, shortListId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::integer` })
        .from(shortListInfluencers)
        .where(eq(shortListInfluencers.shortListId, shortListId));
      return Number(row?.count ?? 0);
    },

    async addShortListMember(db: DbOrTx, shortListId: number, influencerId: number): Promise<void> {
      await db
        .insert(shortListInfluencers)
        .values({ shortListId, influencerId })
        .onConflictDoNothing();
    },

    async removeShortListMember(
      db: DbOrTx,
      shortListId: number,
      influencerId: number,
    ): Promise<boolean> {
      const rows = await db
        .delete(shortListInfluencers)
        .where(
          and(
            eq(shortListInfluencers.shortListId, shortListId),
            eq(shortListInfluencers.influencerId, influencerId),
          ),
        )
        .returning({ id: shortListInfluencers.influencerId });
      return rows.length > 0;
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;

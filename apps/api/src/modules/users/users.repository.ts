import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { files } from '../media/media.schema.js';
import { categories } from '../reference-data/reference-data.schema.js';
import {
  advertisers,
  influencerCategories,
  influencerStats,
  influencers,
  twinklingFlags,
  userClicks,
  users,
} from './users.schema.js';

export type UserRow = typeof users.$inferSelect;
export type AdvertiserRow = typeof advertisers.$inferSelect;
export type InfluencerRow = typeof influencers.$inferSelect;
export type InfluencerStatRow = typeof influencerStats.$inferSelect;
export type TwinklingRow = typeof twinklingFlags.$inferSelect;
export type FileRow = Pick<
  typeof files.$inferSelect,
  'id' | 'token' | 'fileExtension' | 'originalName' | 'ownerUserId' | 'mimeType'
>;
export type CategoryLabelColumn = 'labelEn' | 'labelFr' | 'labelAr';

const fileColumns = {
  id: files.id,
  token: files.token,
  fileExtension: files.fileExtension,
  originalName: files.originalName,
  ownerUserId: files.ownerUserId,
  mimeType: files.mimeType,
};

/** The only SQL of the users module; the same queries run on the database or in a transaction. */
function createUsersQueries(db: DbOrTx) {
  return {
    async findUser(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async findAdvertiserByUser(userId: number): Promise<AdvertiserRow | undefined> {
      const [row] = await db
        .select()
        .from(advertisers)
        .where(eq(advertisers.userId, userId))
        .limit(1);
      return row;
    },

    async findInfluencerByUser(userId: number): Promise<InfluencerRow | undefined> {
      const [row] = await db
        .select()
        .from(influencers)
        .where(eq(influencers.userId, userId))
        .limit(1);
      return row;
    },

    /** Locks the caller's creator row so two saves cannot interleave their category writes. */
    async lockInfluencerByUser(userId: number): Promise<InfluencerRow | undefined> {
      const [row] = await db
        .select()
        .from(influencers)
        .where(eq(influencers.userId, userId))
        .limit(1)
        .for('update');
      return row;
    },

    async lockAdvertiserByUser(userId: number): Promise<AdvertiserRow | undefined> {
      const [row] = await db
        .select()
        .from(advertisers)
        .where(eq(advertisers.userId, userId))
        .limit(1)
        .for('update');
      return row;
    },

    async findInfluencer(influencerId: number): Promise<InfluencerRow | undefined> {
      const [row] = await db
        .select()
        .from(influencers)
        .where(eq(influencers.id, influencerId))
        .limit(1);
      return row;
    },

    async findFiles(ids: number[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return db.select(fileColumns).from(files).where(inArray(files.id, ids));
    },

    async findCategoryIds(influencerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: influencerCategories.categoryId })
        .from(influencerCategories)
        .where(eq(influencerCategories.influencerId, influencerId))
        .orderBy(asc(influencerCategories.categoryId));
      return rows.map((row) => row.id);
    },

    async findCategoriesWithLabels(
      influencerId: number,
      label: CategoryLabelColumn,
    ): Promise<{ id: number; label: string }[]> {
      return db
        .select({ id: categories.id, label: categories[label] })
        .from(influencerCategories)
        .innerJoin(categories, eq(categories.id, influencerCategories.categoryId))
        .where(eq(influencerCategories.influencerId, influencerId))
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    async findExistingCategoryIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },

    async findStats(influencerId: number): Promise<InfluencerStatRow[]> {
      return db
        .select()
        .from(influencerStats)
        .where(eq(influencerStats.influencerId, influencerId))
        .orderBy(asc(influencerStats.platform));
    },

    /** Creates or replaces the figures of one platform (the creator_search row follows by trigger). */
    async upsertStats(
      values: Omit<typeof influencerStats.$inferInsert, 'updatedAt'> & { updatedAt: Date },
    ): Promise<void> {
      const { influencerId: _id, platform: _platform, ...changes } = values;
      await db
        .insert(influencerStats)
        .values(values)
        .onConflictDoUpdate({
          target: [influencerStats.influencerId, influencerStats.platform],
          set: changes,
        });
    },

    async findTwinklingFlags(userId: number): Promise<TwinklingRow | undefined> {
      const [row] = await db
        .select()
        .from(twinklingFlags)
        .where(eq(twinklingFlags.userId, userId))
        .limit(1);
      return row;
    },

    async updateUser(
      userId: number,
      values: Partial<Pick<UserRow, 'profileFileId' | 'passwordHash'>>,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async updateInfluencer(
      influencerId: number,
      values: Partial<Omit<typeof influencers.$inferInsert, 'id' | 'userId' | 'createdAt'>>,
    ): Promise<void> {
      await db
        .update(influencers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(influencers.id, influencerId));
    },

    async updateAdvertiser(
      advertiserId: number,
      values: Partial<Omit<typeof advertisers.$inferInsert, 'id' | 'userId' | 'createdAt'>>,
    ): Promise<void> {
      await db
        .update(advertisers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(advertisers.id, advertiserId));
    },

    async replaceInfluencerCategories(influencerId: number, categoryIds: number[]): Promise<void> {
      await db
        .delete(influencerCategories)
        .where(eq(influencerCategories.influencerId, influencerId));
      if (categoryIds.length > 0) {
        await db
          .insert(influencerCategories)
          .values(categoryIds.map((categoryId) => ({ influencerId, categoryId })));
      }
    },

    /** Updates the preferences of this profile only if it belongs to the user; false otherwise. */
    async updateAdvertiserPreferences(
      userId: number,
      advertiserId: number | undefined,
      values: Pick<AdvertiserRow, 'allowNotifications' | 'allowEmails'>,
    ): Promise<boolean> {
      const rows = await db
        .update(advertisers)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(advertisers.userId, userId),
            advertiserId === undefined ? undefined : eq(advertisers.id, advertiserId),
          ),
        )
        .returning({ id: advertisers.id });
      return rows.length > 0;
    },

    async updateInfluencerPreferences(
      userId: number,
      influencerId: number | undefined,
      values: Pick<InfluencerRow, 'allowNotifications' | 'allowEmails'>,
    ): Promise<boolean> {
      const rows = await db
        .update(influencers)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(influencers.userId, userId),
            influencerId === undefined ? undefined : eq(influencers.id, influencerId),
          ),
        )
        .returning({ id: influencers.id });
      return rows.length > 0;
    },

    async insertUserClick(
      values: typeof userClicks.$inferInsert,
    ): Promise<{ id: number; createdAt: Date }> {
      const [row] = await db
        .insert(userClicks)
        .values(values)
        .returning({ id: userClicks.id, createdAt: userClicks.createdAt });
      if (!row) throw new Error('insert into user_clicks returned no row');
      return row;
    },
  };
}

export type UsersQueries = ReturnType<typeof createUsersQueries>;

export function createUsersRepository(db: Db) {
  return {
    ...createUsersQueries(db),
    /** Runs `work` in one database transaction with the same queries bound to it. */
    transaction<T>(work: (tx: UsersQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createUsersQueries(tx)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

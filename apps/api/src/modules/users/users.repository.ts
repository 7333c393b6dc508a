import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
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

type InfluencerChanges = Partial<
  Omit<typeof influencers.$inferInsert, 'id' | 'userId' | 'createdAt'>
>;
type AdvertiserChanges = Partial<
  Omit<typeof advertisers.$inferInsert, 'id' | 'userId' | 'createdAt'>
>;

/**
 * The only SQL on the users module's tables (users, advertisers, influencers, their categories
 * and figures, menu flags, clicks). Every function takes the database or the caller's
 * transaction first, so a service (of this module or another, through index.ts) decides
 * what runs atomically.
 */
export function createUsersRepository() {
  return {
    async findUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** E-mail addresses are unique whatever their case. */
    async findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async insertUser(
      db: DbOrTx,
      values: Pick<typeof users.$inferInsert, 'email' | 'passwordHash' | 'role' | 'language'>,
    ): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async updateUser(
      db: DbOrTx,
      userId: number,
      values: Partial<Pick<UserRow, 'profileFileId' | 'passwordHash' | 'isVerified' | 'name'>>,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async insertInfluencer(db: DbOrTx, values: typeof influencers.$inferInsert): Promise<void> {
      await db.insert(influencers).values(values);
    },

    async insertAdvertiser(db: DbOrTx, values: typeof advertisers.$inferInsert): Promise<void> {
      await db.insert(advertisers).values(values);
    },

    async findAdvertiserByUser(db: DbOrTx, userId: number): Promise<AdvertiserRow | undefined> {
      const [row] = await db
        .select()
        .from(advertisers)
        .where(eq(advertisers.userId, userId))
        .limit(1);
      return row;
    },

    async findInfluencerByUser(db: DbOrTx, userId: number): Promise<InfluencerRow | undefined> {
      const [row] = await db
        .select()
        .from(influencers)
        .where(eq(influencers.userId, userId))
        .limit(1);
      return row;
    },

    async findInfluencer(db: DbOrTx, influencerId: number): Promise<InfluencerRow | undefined> {
      const [row] = await db
        .select()
        .from(influencers)
        .where(eq(influencers.id, influencerId))
        .limit(1);
      return row;
    },

    /** Locks the caller's creator row so two saves cannot interleave their category writes. */
    async lockInfluencerByUser(db: DbOrTx, userId: number): Promise<InfluencerRow | undefined> {
      const [row] = await db
        .select()
        .from(influencers)
        .where(eq(influencers.userId, userId))
        .limit(1)
        .for('update');
      return row;
    },

    async lockAdvertiserByUser(db: DbOrTx, userId: number): Promise<AdvertiserRow | undefined> {
      const [row] = await db
        .select()
        .from(advertisers)
        .where(eq(advertisers.userId, userId))
        .limit(1)
        .for('update');
      return row;
    },

    async updateInfluencer(
      db: DbOrTx,
      influencerId: number,
      values: InfluencerChanges,
    ): Promise<void> {
      await db
        .update(influencers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(influencers.id, influencerId));
    },

    async updateAdvertiser(
      db: DbOrTx,
      advertiserId: number,
      values: AdvertiserChanges,
    ): Promise<void> {
      await db
        .update(advertisers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(advertisers.id, advertiserId));
    },

    async findCategoryIds(db: DbOrTx, influencerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: influencerCategories.categoryId })
        .from(influencerCategories)
        .where(eq(influencerCategories.influencerId, influencerId))
        .orderBy(asc(influencerCategories.categoryId));
      return rows.map((row) => row.id);
    },

    async replaceInfluencerCategories(
      db: DbOrTx,
      influencerId: number,
      categoryIds: number[],
    ): Promise<void> {
      await db
        .delete(influencerCategories)
        .where(eq(influencerCategories.influencerId, influencerId));
      if (categoryIds.length > 0) {
        await db
          .insert(influencerCategories)
          .values(categoryIds.map((categoryId) => ({ influencerId, categoryId })));
      }
    },

    async findStats(db: DbOrTx, influencerId: number): Promise<InfluencerStatRow[]> {
      return db
        .select()
        .from(influencerStats)
        .where(eq(influencerStats.influencerId, influencerId))
        .orderBy(asc(influencerStats.platform));
    },

    /** Creates or replaces the figures of one platform (the creator_search row follows by trigger). */
    async upsertStats(
      db: DbOrTx,
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

    async insertTwinklingFlags(db: DbOrTx, userId: number): Promise<void> {
      await db.insert(twinklingFlags).values({ userId }).onConflictDoNothing();
    },

    async findTwinklingFlags(db: DbOrTx, userId: number): Promise<TwinklingRow | undefined> {
      const [row] = await db
        .select()
        .from(twinklingFlags)
        .where(eq(twinklingFlags.userId, userId))
        .limit(1);
      return row;
    },

    /** Updates the preferences of this profile only if it belongs to the user; false otherwise. */
    async updateAdvertiserPreferences(
      db: DbOrTx,
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
      db: DbOrTx,
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
      db: DbOrTx,
      values: typeof userClicks.$inferInsert,
    ): Promise<{ id: number; createdAt: Date }> {
      const [row] = await db
        .insert(userClicks)
        .values(values)
        .returning({ id: userClicks.id, createdAt: userClicks.createdAt });
      if (!row) throw new Error('insert into user_clicks returned no row');
      return row;
    },

    /** Whether the user ever recorded this click (a page they opened, e.g. Get inspired). */
    async hasUserClick(
      db: DbOrTx,
      userId: number,
      click: { module: string; click: string },
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: userClicks.id })
        .from(userClicks)
        .where(
          and(
            eq(userClicks.userId, userId),
            eq(userClicks.module, click.module),
            eq(userClicks.click, click.click),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

import { creatorPrices } from '../modules/creator-prices/creator-prices.schema.js';
import { creatorValidations } from '../modules/creator-validation/creator-validation.schema.js';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.js';
import {
  favorites,
  shortListInfluencers,
  shortLists,
} from '../modules/discovery/discovery.schema.js';
import { notifications } from '../modules/notifications/notifications.schema.js';
import { businessSectors, categories } from '../modules/reference-data/reference-data.schema.js';
import {
  advertisers,
  influencerCategories,
  influencers,
  influencerStats,
  users,
} from '../modules/users/users.schema.js';
import type { DemoCategory } from './demo-creators.js';

/** Arbitrary constant: serialises two app instances seeding the same PostgreSQL at once. */
const DEMO_SEED_LOCK_KEY = 720_431_905;

/** Rows per INSERT: keeps every statement well under PostgreSQL's 65,535 parameters. */
const CHUNK_SIZE = 500;

function chunk<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK_SIZE) out.push(rows.slice(i, i + CHUNK_SIZE));
  return out;
}

export function createDemoDataRepository(db: DbOrTx) {
  return {
    /** Held until the transaction ends. */
    async lockSeed(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    },

    async findExistingEmails(emails: readonly string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const lowered = emails.map((e) => e.toLowerCase());
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, lowered));
      return new Set(rows.map((r) => r.email.toLowerCase()));
    },

    listCategories(): Promise<DemoCategory[]> {
      return db
        .select({
          id: categories.id,
          labelEn: categories.labelEn,
          labelFr: categories.labelFr,
          labelAr: categories.labelAr,
        })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    async listBusinessSectors(): Promise<{ id: number; slug: string }[]> {
      return db
        .select({ id: businessSectors.id, slug: businessSectors.slug })
        .from(businessSectors)
        .orderBy(asc(businessSectors.sortOrder), asc(businessSectors.id));
    },

    async insertUsers(rows: (typeof users.$inferInsert)[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const part of chunk(rows)) {
        const inserted = await db
          .insert(users)
          .values(part)
          .returning({ id: users.id, email: users.email });
        for (const row of inserted) ids.set(row.email.toLowerCase(), row.id);
      }
      return ids;
    },

    /** Where each demo creator stands in the validation process (validated, or pending). */
    async insertCreatorValidations(
      rows: Array<{ userId: number; isValidated: boolean; since: Date }>,
    ): Promise<void> {
      for (const part of chunk(rows)) {
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
    },

    async insertAdvertiser(row: typeof advertisers.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(advertisers).values(row).returning({ id: advertisers.id });
      if (!inserted) throw new Error('Advertiser insert returned no row');
      return inserted.id;
    },

    /** Returns influencer ids by user id. */
    async insertInfluencers(
      rows: (typeof influencers.$inferInsert)[],
    ): Promise<Map<number, number>> {
      const ids = new Map<number, number>();
      for (const part of chunk(rows)) {
        const inserted = await db
          .insert(influencers)
          .values(part)
          .returning({ id: influencers.id, userId: influencers.userId });
        for (const row of inserted) ids.set(row.userId, row.id);
      }
      return ids;
    },

    async insertInfluencerCategories(
      rows: (typeof influencerCategories.$inferInsert)[],
    ): Promise<void> {
      for (const part of chunk(rows)) await db.insert(influencerCategories).values(part);
    },

    async insertInfluencerStats(rows: (typeof influencerStats.$inferInsert)[]): Promise<void> {
      for (const part of chunk(rows)) await db.insert(influencerStats).values(part);
    },

    async insertCreatorPrices(rows: (typeof creatorPrices.$inferInsert)[]): Promise<void> {
      for (const part of chunk(rows)) await db.insert(creatorPrices).values(part);
    },

    async insertNotifications(rows: (typeof notifications.$inferInsert)[]): Promise<void> {
      for (const part of chunk(rows)) await db.insert(notifications).values(part);
    },

    /** The profile ids behind an e-mail, to address notifications to or from an existing account. */
    async findProfileByEmail(email: string): Promise<{
      userId: number;
      advertiserId: number | null;
      influencerId: number | null;
    } | null> {
      const [row] = await db
        .select({
          userId: users.id,
          advertiserId: advertisers.id,
          influencerId: influencers.id,
        })
        .from(users)
        .leftJoin(advertisers, eq(advertisers.userId, users.id))
        .leftJoin(influencers, eq(influencers.userId, users.id))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row ?? null;
    },
    /** Picture state of some accounts: profile picture, and CIN scan for creators. */
    async findPictureState(emails: readonly string[]): Promise<
      {
        email: string;
        userId: number;
        profileFileId: number | null;
        influencerId: number | null;
        cinFileId: number | null;
      }[]
    > {
      return db
        .select({
          email: users.email,
          userId: users.id,
          profileFileId: users.profileFileId,
          influencerId: influencers.id,
          cinFileId: influencers.cinFileId,
        })
        .from(users)
        .leftJoin(influencers, eq(influencers.userId, users.id))
        .where(
          inArray(
            sql`lower(${users.email})`,
            emails.map((e) => e.toLowerCase()),
          ),
        );
    },

    /** The advertiser behind an e-mail and whether it already has a shortlist of that name. */
    async findShortListState(
      email: string,
      listName: string,
    ): Promise<{ advertiserId: number; hasList: boolean } | null> {
      const [row] = await db
        .select({
          advertiserId: advertisers.id,
          hasList: sql<boolean>`exists (
            select 1 from ${shortLists}
            where ${shortLists.advertiserId} = ${advertisers.id}
              and lower(${shortLists.name}) = ${listName.toLowerCase()}
          )`,
        })
        .from(advertisers)
        .innerJoin(users, eq(users.id, advertisers.userId))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row ?? null;
    },

    /** Influencer ids by lower-cased e-mail, for the accounts that exist. */
    async findInfluencerIdsByEmail(emails: readonly string[]): Promise<Map<string, number>> {
      if (emails.length === 0) return new Map();
      const rows = await db
        .select({ email: users.email, influencerId: influencers.id })
        .from(users)
        .innerJoin(influencers, eq(influencers.userId, users.id))
        .where(
          inArray(
            sql`lower(${users.email})`,
            emails.map((e) => e.toLowerCase()),
          ),
        );
      return new Map(rows.map((r) => [r.email.toLowerCase(), r.influencerId]));
    },

    async insertFavorites(rows: (typeof favorites.$inferInsert)[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(favorites)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: favorites.influencerId });
      return inserted.length;
    },

    async insertShortList(
      row: typeof shortLists.$inferInsert,
      members: Omit<typeof shortListInfluencers.$inferInsert, 'shortListId'>[],
    ): Promise<void> {
      const [list] = await db.insert(shortLists).values(row).returning({ id: shortLists.id });
      if (!list) throw new Error('Shortlist insert returned no row');
      if (members.length === 0) return;
      await db
        .insert(shortListInfluencers)
        .values(members.map((m) => ({ ...m, shortListId: list.id })));
    },

    /** Only fills an empty slot: a picture the user chose since is never replaced. */
    async setProfilePicture(userId: number, fileId: number): Promise<void> {
      await db
        .update(users)
        .set({ profileFileId: fileId })
        .where(and(eq(users.id, userId), isNull(users.profileFileId)));
    },

    async setCinFile(influencerId: number, fileId: number): Promise<void> {
      await db
        .update(influencers)
        .set({ cinFileId: fileId })
        .where(and(eq(influencers.id, influencerId), isNull(influencers.cinFileId)));
    },
  };
}

export type DemoDataRepository = ReturnType<typeof createDemoDataRepository>;

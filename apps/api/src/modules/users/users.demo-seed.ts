import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { chunksOf } from '../../platform/db/chunks.js';
import {
  advertisers,
  influencerCategories,
  influencers,
  influencerStats,
  users,
} from './users.schema.js';

/**
 * Bulk rows for the demo data (apps/api/src/demo): ~200 accounts with their profiles in the
 * seed's one transaction, at backdated sign-up times, sharing one password hash. No service
 * writes these (sign-up hashes each password, sends mail and opens the validation process one
 * account at a time), so the SQL stays here, with the tables it writes.
 */
export type DemoUserRow = typeof users.$inferInsert;
export type DemoAdvertiserRow = typeof advertisers.$inferInsert;
export type DemoInfluencerRow = typeof influencers.$inferInsert;
export type DemoInfluencerCategoryRow = typeof influencerCategories.$inferInsert;
export type DemoInfluencerStatsRow = typeof influencerStats.$inferInsert;

const byLowerEmail = (emails: readonly string[]) =>
  inArray(
    sql`lower(${users.email})`,
    emails.map((e) => e.toLowerCase()),
  );

/** The lower-cased e-mails among `emails` that have an account. */
export async function findExistingEmails(
  db: DbOrTx,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(byLowerEmail(emails));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** Inserts the accounts; returns their ids by lower-cased e-mail. */
export async function seedDemoUsers(
  db: DbOrTx,
  rows: readonly DemoUserRow[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunksOf(rows)) {
    const inserted = await db
      .insert(users)
      .values(part)
      .returning({ id: users.id, email: users.email });
    for (const row of inserted) ids.set(row.email.toLowerCase(), row.id);
  }
  return ids;
}

/** Inserts an advertiser profile (brand or agency); returns its id. */
export async function seedDemoAdvertiser(db: DbOrTx, row: DemoAdvertiserRow): Promise<number> {
  const [inserted] = await db.insert(advertisers).values(row).returning({ id: advertisers.id });
  if (!inserted) throw new Error('Advertiser insert returned no row');
  return inserted.id;
}

/** Inserts creator profiles; returns influencer ids by user id. */
export async function seedDemoInfluencers(
  db: DbOrTx,
  rows: readonly DemoInfluencerRow[],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const part of chunksOf(rows)) {
    const inserted = await db
      .insert(influencers)
      .values(part)
      .returning({ id: influencers.id, userId: influencers.userId });
    for (const row of inserted) ids.set(row.userId, row.id);
  }
  return ids;
}

export async function seedDemoInfluencerCategories(
  db: DbOrTx,
  rows: readonly DemoInfluencerCategoryRow[],
): Promise<void> {
  for (const part of chunksOf(rows)) await db.insert(influencerCategories).values(part);
}

export async function seedDemoInfluencerStats(
  db: DbOrTx,
  rows: readonly DemoInfluencerStatsRow[],
): Promise<void> {
  for (const part of chunksOf(rows)) await db.insert(influencerStats).values(part);
}

/** The profile ids behind an e-mail, to address notifications to or from an existing account. */
export async function findDemoProfileByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ userId: number; advertiserId: number | null; influencerId: number | null } | null> {
  const [row] = await db
    .select({ userId: users.id, advertiserId: advertisers.id, influencerId: influencers.id })
    .from(users)
    .leftJoin(advertisers, eq(advertisers.userId, users.id))
    .leftJoin(influencers, eq(influencers.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Influencer ids by lower-cased e-mail, for the accounts that exist. */
export async function findInfluencerIdsByEmail(
  db: DbOrTx,
  emails: readonly string[],
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, influencerId: influencers.id })
    .from(users)
    .innerJoin(influencers, eq(influencers.userId, users.id))
    .where(byLowerEmail(emails));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.influencerId]));
}

/** Picture state of some accounts: profile picture, and CIN scan for creators. */
export async function findDemoPictureState(
  db: DbOrTx,
  emails: readonly string[],
): Promise<
  {
    email: string;
    userId: number;
    profileFileId: number | null;
    influencerId: number | null;
    cinFileId: number | null;
  }[]
> {
  if (emails.length === 0) return [];
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
    .where(byLowerEmail(emails));
}

/** Only fills an empty slot: a picture the user chose since is never replaced. */
export async function setDemoProfilePicture(
  db: DbOrTx,
  userId: number,
  fileId: number,
): Promise<void> {
  await db
    .update(users)
    .set({ profileFileId: fileId })
    .where(and(eq(users.id, userId), isNull(users.profileFileId)));
}

/** Only fills an empty slot, like `setDemoProfilePicture`. */
export async function setDemoCinFile(
  db: DbOrTx,
  influencerId: number,
  fileId: number,
): Promise<void> {
  await db
    .update(influencers)
    .set({ cinFileId: fileId })
    .where(and(eq(influencers.id, influencerId), isNull(influencers.cinFileId)));
}

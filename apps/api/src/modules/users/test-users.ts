import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.js';
import type { TestContext } from '../../test/harness.js';
import { uniqueEmail } from '../../test/harness.js';
import { files } from '../media/media.schema.js';
import { categories } from '../reference-data/reference-data.schema.js';
import { advertisers, influencers, twinklingFlags, users } from './users.schema.js';

/** Password of every account these helpers create. */
export const testPassword = 'Secret12';

let passwordHash: Promise<string> | undefined;

export interface TestUser {
  userId: number;
  token: string;
  email: string;
  password: string;
}

async function insertUser(ctx: TestContext, role: 'TALENT' | 'BRAND' | 'AGENCY' | 'ADMIN') {
  passwordHash ??= hashPassword(testPassword);
  const email = uniqueEmail(role.toLowerCase());
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email, passwordHash: await passwordHash, role, isVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  const token = await ctx.tokens.signAccessToken({ userId: user.id, role });
  return { userId: user.id, token, email, password: testPassword };
}

/** A creator account straight in the database (independent of the auth module). */
export async function createTalent(
  ctx: TestContext,
  profile: Partial<typeof influencers.$inferInsert> = {},
): Promise<TestUser & { influencerId: number }> {
  const user = await insertUser(ctx, 'TALENT');
  const igUsername = profile.igUsername === undefined ? null : profile.igUsername;
  const [row] = await ctx.database.db
    .insert(influencers)
    .values({
      userId: user.userId,
      firstName: 'Amira',
      lastName: 'Ben Salah',
      igUsername,
      influencerName: igUsername,
      ...profile,
    })
    .returning({ id: influencers.id });
  if (!row) throw new Error('no influencer inserted');
  return { ...user, influencerId: row.id };
}

/** A brand (or agency) account straight in the database. */
export async function createAdvertiser(
  ctx: TestContext,
  options: { role?: 'BRAND' | 'AGENCY'; name?: string } = {},
): Promise<TestUser & { advertiserId: number; name: string }> {
  const user = await insertUser(ctx, options.role ?? 'BRAND');
  const name = options.name ?? `Brand ${user.userId}`;
  const [row] = await ctx.database.db
    .insert(advertisers)
    .values({ userId: user.userId, name, firstName: 'Karim', lastName: 'Trabelsi' })
    .returning({ id: advertisers.id });
  if (!row) throw new Error('no advertiser inserted');
  return { ...user, advertiserId: row.id, name };
}

export async function createAdmin(ctx: TestContext): Promise<TestUser> {
  return insertUser(ctx, 'ADMIN');
}

export async function setTwinklingFlags(
  ctx: TestContext,
  userId: number,
  flags: Partial<Omit<typeof twinklingFlags.$inferInsert, 'userId'>>,
): Promise<void> {
  await ctx.database.db
    .insert(twinklingFlags)
    .values({ userId, ...flags })
    .onConflictDoUpdate({ target: twinklingFlags.userId, set: flags });
}

/** An uploaded file row owned by `userId` (what the media module stores after an upload). */
export async function createFile(
  ctx: TestContext,
  userId: number,
  options: { mimeType?: string; purpose?: string; visibility?: 'public' | 'private' } = {},
) {
  const token = crypto.randomBytes(16).toString('hex');
  const mimeType = options.mimeType ?? 'image/png';
  const extension = mimeType.split('/')[1] ?? 'bin';
  const [row] = await ctx.database.db
    .insert(files)
    .values({
      token,
      ownerUserId: userId,
      purpose: options.purpose ?? 'profile',
      visibility: options.visibility ?? 'public',
      fileExtension: extension,
      mimeType,
      originalName: `picture.${extension}`,
      sizeBytes: 1234,
      storageKey: `test/${token}.${extension}`,
    })
    .returning({ id: files.id, token: files.token });
  if (!row) throw new Error('no file inserted');
  return { fileId: row.id, token: row.token, extension };
}

/**
 * Two category ids that exist: the seeded reference rows when there are any, else two test
 * rows (ids far above the fixed list) so the tests do not depend on seeding.
 */
export async function findCategoryIds(ctx: TestContext): Promise<[number, number]> {
  const { db } = ctx.database;
  let rows = await db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.id))
    .limit(2);
  if (rows.length < 2) {
    await db
      .insert(categories)
      .values([
        {
          id: 990001,
          slug: 'test-users-a',
          labelEn: 'Artist',
          labelFr: 'Artiste',
          labelAr: 'فنان',
        },
        { id: 990002, slug: 'test-users-b', labelEn: 'Sport', labelFr: 'Sport', labelAr: 'رياضة' },
      ])
      .onConflictDoNothing();
    rows = [{ id: 990001 }, { id: 990002 }];
  }
  return [rows[0]!.id, rows[1]!.id];
}

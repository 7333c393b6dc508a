import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { describeFiles } from '../media/index.js';
import type { CreatorAccounts, CreatorAccountView } from '../creator-validation/index.js';
import type { Language } from '@clipmarket/contracts/enums';
import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { influencers, users } from './users.schema.js';

/**
 * What other modules may know of creator accounts beyond the public profile: the validation
 * flag they keep in step, and the admins' view (e-mail, CIN, CIN scan).
 */
export function createCreatorAccounts(deps: {
  loadPublicProfile(userId: number, language: Language): Promise<PublicInfluencerProfile>;
  findUserLanguage(userId: number): Promise<Language>;
}): CreatorAccounts {
  return {
    languageOf: (userId) => deps.findUserLanguage(userId),

    async setValidated(db, userId, isValidated) {
      // The creator's profile row first, then the user row: the order a profile save takes,
      // so the search table's trigger on users never deadlocks with it (ADR 007).
      await db
        .select({ id: influencers.id })
        .from(influencers)
        .where(eq(influencers.userId, userId))
        .for('update');
      await db
        .update(users)
        .set({ isValidated, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async describeForAdmin(db, userIds, language) {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          createdAt: users.createdAt,
          isVerified: users.isVerified,
          cin: influencers.cin,
          cinFileId: influencers.cinFileId,
        })
        .from(users)
        .innerJoin(influencers, eq(influencers.userId, users.id))
        .where(inArray(users.id, userIds));
      const scans = await describeFiles(
        db,
        rows.flatMap((row) => (row.cinFileId ? [row.cinFileId] : [])),
      );
      const described = new Map<number, CreatorAccountView>();
      for (const row of rows) {
        described.set(row.userId, {
          user_id: row.userId,
          email: row.email,
          created_at: row.createdAt.toISOString(),
          is_verified: row.isVerified,
          cin: row.cin,
          cin_efile: row.cinFileId ? (scans.get(row.cinFileId) ?? null) : null,
          profile: await deps.loadPublicProfile(row.userId, language),
        });
      }
      return described;
    },
  };
}

/** Ids of every admin account (who receives the team's notifications). */
export async function listAdminUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
  return rows.map((row) => row.id);
}

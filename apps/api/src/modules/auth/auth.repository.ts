import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { emailTokens, refreshTokens } from './auth.schema.js';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/**
 * The only SQL on the auth module's tables (refresh_tokens, email_tokens); accounts are the
 * users module's. Every function takes the database or the caller's transaction first.
 */
export function createAuthRepository() {
  return {
    async insertRefreshToken(
      db: DbOrTx,
      values: {
        userId: number;
        familyId: string;
        tokenHash: string;
        expiresAt: Date;
      },
    ): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    /** Locks the row so two concurrent refreshes with one token cannot both succeed. */
    async findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1)
        .for('update');
      return row;
    },

    async findRefreshToken(db: DbOrTx, tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async markRefreshTokenReplaced(db: DbOrTx, id: number, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ replacedAt: at }).where(eq(refreshTokens.id, id));
    },

    async revokeRefreshFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Revokes every session of the user, but the family `exceptFamilyId` when given; answers
     * the sessions (families) it ended.
     */
    async revokeUserRefreshTokens(
      db: DbOrTx,
      userId: number,
      at: Date,
      exceptFamilyId?: string | null,
    ): Promise<string[]> {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
          ),
        )
        .returning({ familyId: refreshTokens.familyId });
      return [...new Set(rows.map((row) => row.familyId))];
    },

    /** A session lives while one of its refresh tokens is neither revoked nor expired. */
    async isFamilyActive(db: DbOrTx, familyId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, familyId),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertEmailToken(
      db: DbOrTx,
      values: {
        userId: number;
        purpose: EmailTokenPurpose;
        tokenHash: string;
        expiresAt: Date;
      },
    ): Promise<void> {
      await db.insert(emailTokens).values(values);
    },

    async findEmailTokenForUpdate(db: DbOrTx, tokenHash: string, purpose: EmailTokenPurpose) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
        .limit(1)
        .for('update');
      return row;
    },

    /** Retires every outstanding token of this purpose (one reset kills the other links). */
    async markEmailTokensUsed(
      db: DbOrTx,
      userId: number,
      purpose: EmailTokenPurpose,
      at: Date,
    ): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

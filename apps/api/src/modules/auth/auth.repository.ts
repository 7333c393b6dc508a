import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { emailTokens, loginThrottles, refreshTokens } from './auth.schema.js';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/**
 * The only SQL on the auth module's tables (refresh_tokens, email_tokens, login_throttles);
 * accounts are the
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

    async findLoginThrottle(db: DbOrTx, userId: number) {
      const [row] = await db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.userId, userId))
        .limit(1);
      return row;
    },

    /**
     * Counts one more wrong password, atomically (concurrent guesses each count), and locks
     * the account from the `freeAttempts`-th one: `baseSeconds`, doubled per further wrong
     * password, at most `maxSeconds`.
     */
    async recordLoginFailure(
      db: DbOrTx,
      userId: number,
      now: Date,
      policy: { freeAttempts: number; baseSeconds: number; maxSeconds: number },
    ) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const lockFor = (count: ReturnType<typeof sql>) =>
        sql`case when ${count} >= ${policy.freeAttempts}
          then ${at} + make_interval(secs => least(${policy.maxSeconds}::float8,
            ${policy.baseSeconds}::float8 * power(2::float8, (${count} - ${policy.freeAttempts})::float8)))
          else null end`;
      const [row] = await db
        .insert(loginThrottles)
        .values({
          userId,
          failedCount: 1,
          lockedUntil: sql`${lockFor(sql`1`)}`,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: loginThrottles.userId,
          set: {
            failedCount: sql`${loginThrottles.failedCount} + 1`,
            lockedUntil: lockFor(sql`(${loginThrottles.failedCount} + 1)`),
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('login_throttles upsert returned nothing');
      return row;
    },

    /**
     * Marks the owner told of the lock, unless told since `notifiedSince`: true when this call
     * did (so one e-mail per lockout period, even with concurrent guesses).
     */
    async claimLockNotice(
      db: DbOrTx,
      userId: number,
      now: Date,
      notifiedSince: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(loginThrottles)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(loginThrottles.userId, userId),
            or(isNull(loginThrottles.notifiedAt), lt(loginThrottles.notifiedAt, notifiedSince)),
          ),
        )
        .returning({ userId: loginThrottles.userId });
      return rows.length > 0;
    },

    /** A right password or a reset: the count starts again (the notice time is kept). */
    async clearLoginThrottle(db: DbOrTx, userId: number): Promise<void> {
      await db
        .update(loginThrottles)
        .set({ failedCount: 0, lockedUntil: null, updatedAt: new Date() })
        .where(eq(loginThrottles.userId, userId));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

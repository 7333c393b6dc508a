import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language, Role } from '@clipmarket/contracts/enums';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { advertisers, influencers, twinklingFlags, users } from '../users/users.schema.js';
import { emailTokens, refreshTokens } from './auth.schema.js';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export interface AccountRow {
  id: number;
  email: string;
  passwordHash: string;
  role: Role;
  isVerified: boolean;
  language: Language;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  isVerified: users.isVerified,
  language: users.language,
};

/** The only SQL of the auth module; the same queries run on the database or in a transaction. */
function createAuthQueries(db: DbOrTx) {
  return {
    async findUserByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<AccountRow | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async insertUser(values: {
      email: string;
      passwordHash: string;
      role: Role;
      language: Language;
    }): Promise<AccountRow> {
      const [row] = await db.insert(users).values(values).returning(accountColumns);
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async insertInfluencer(values: typeof influencers.$inferInsert): Promise<void> {
      await db.insert(influencers).values(values);
    },

    async insertAdvertiser(values: typeof advertisers.$inferInsert): Promise<void> {
      await db.insert(advertisers).values(values);
    },

    async insertTwinklingFlags(userId: number): Promise<void> {
      await db.insert(twinklingFlags).values({ userId }).onConflictDoNothing();
    },

    async setVerified(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ isVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async insertRefreshToken(values: {
      userId: number;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    /** Locks the row so two concurrent refreshes with one token cannot both succeed. */
    async findRefreshTokenForUpdate(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1)
        .for('update');
      return row;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async markRefreshTokenReplaced(id: number, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ replacedAt: at }).where(eq(refreshTokens.id, id));
    },

    async revokeRefreshFamily(familyId: string, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    async revokeAllRefreshTokens(userId: number, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    async insertEmailToken(values: {
      userId: number;
      purpose: EmailTokenPurpose;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(emailTokens).values(values);
    },

    async findEmailTokenForUpdate(tokenHash: string, purpose: EmailTokenPurpose) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
        .limit(1)
        .for('update');
      return row;
    },

    /** Retires every outstanding token of this purpose (one reset kills the other links). */
    async markEmailTokensUsed(userId: number, purpose: EmailTokenPurpose, at: Date): Promise<void> {
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

export type AuthQueries = ReturnType<typeof createAuthQueries>;

export function createAuthRepository(db: Db) {
  return {
    ...createAuthQueries(db),
    /** Runs `work` in one transaction with the queries bound to it. */
    transaction<T>(work: (tx: AuthQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createAuthQueries(tx)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

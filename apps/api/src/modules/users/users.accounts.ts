import type { Language, Role } from '@clipmarket/contracts/enums';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { createUsersRepository, type UserRow } from './users.repository.js';

/**
 * Accounts as the auth module sees them: sign-up, login, verification and password reset go
 * through these functions (users owns the tables), inside auth's transaction when it passes one.
 */
export type Account = Pick<
  UserRow,
  'id' | 'email' | 'passwordHash' | 'role' | 'isVerified' | 'language'
>;

interface NewAccountBase {
  email: string;
  passwordHash: string;
  language: Language;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/** What a sign-up creates: the user and the profile of its role (spec §1). */
export type NewAccount = NewAccountBase &
  (
    | {
        role: 'TALENT';
        igUsername?: string | null | undefined;
        tiktokUsername?: string | null | undefined;
      }
    | {
        role: 'BRAND' | 'AGENCY';
        /** The brand name, set once at sign-up. */
        brandName: string;
      }
  );

const repository = createUsersRepository();

function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    role: row.role,
    isVerified: row.isVerified,
    language: row.language,
  };
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<Account | undefined> {
  const row = await repository.findUserByEmail(db, email);
  return row && toAccount(row);
}

export async function findAccountById(db: DbOrTx, userId: number): Promise<Account | undefined> {
  const row = await repository.findUser(db, userId);
  return row && toAccount(row);
}

/**
 * Creates the user with its creator or advertiser profile and its menu flags, in the
 * caller's transaction. A taken e-mail surfaces as the unique violation of the insert.
 */
export async function createAccount(tx: Tx, input: NewAccount): Promise<Account> {
  const user = await repository.insertUser(tx, {
    email: input.email,
    passwordHash: input.passwordHash,
    role: input.role satisfies Role,
    language: input.language,
  });
  if (input.role === 'TALENT') {
    await repository.insertInfluencer(tx, {
      userId: user.id,
      firstName: input.firstName,
      lastName: input.lastName,
      igUsername: input.igUsername,
      tiktokUsername: input.tiktokUsername,
      // Creators are shown by a name made from their social usernames (spec §3).
      influencerName: input.igUsername ?? input.tiktokUsername,
    });
  } else {
    await repository.insertAdvertiser(tx, {
      userId: user.id,
      name: input.brandName,
      firstName: input.firstName,
      lastName: input.lastName,
    });
  }
  await repository.insertTwinklingFlags(tx, user.id);
  return toAccount(user);
}

/** The address is proven (verification link, or a reset link sent to it). */
export async function setVerified(db: DbOrTx, userId: number): Promise<void> {
  await repository.updateUser(db, userId, { isVerified: true });
}

export async function setPasswordHash(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await repository.updateUser(db, userId, { passwordHash });
}

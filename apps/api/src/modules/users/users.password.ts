import type { UpdatePasswordBody } from '@clipmarket/contracts/profile';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { UsersRepository } from './users.repository.js';

/**
 * Ends the user's sessions but the one named (auth owns refresh tokens; the composition root
 * passes its function in, so users does not import auth, which imports users).
 */
export type RevokeOtherSessions = (
  tx: Tx,
  userId: number,
  keepSessionId: string | null,
) => Promise<void>;

export interface PasswordServiceDeps {
  db: Db;
  repository: UsersRepository;
  revokeOtherSessions: RevokeOtherSessions;
}

const wrongPassword = () =>
  new AppError('WRONG_PASSWORD', 'The old password is wrong', [
    { field: 'old_password', message: 'The old password is wrong' },
  ]);

/** POST /v2/user/updateMe with only_password (spec §7). */
export function createPasswordService({
  db,
  repository,
  revokeOtherSessions,
}: PasswordServiceDeps) {
  return {
    /**
     * Changes the password once the old one is confirmed, and signs out every other session
     * (whoever else holds the account keeps no refresh token); the caller's session stays.
     */
    async changePassword(
      caller: { userId: number; sessionId: string | null },
      input: UpdatePasswordBody,
    ): Promise<void> {
      const user = await repository.findUser(db, caller.userId);
      if (!user) throw notFound('User');
      if (!(await verifyPassword(user.passwordHash, input.old_password))) throw wrongPassword();
      const passwordHash = await hashPassword(input.new_password);
      await inTransaction(db, async (tx) => {
        await repository.updateUser(tx, caller.userId, { passwordHash });
        await revokeOtherSessions(tx, caller.userId, caller.sessionId);
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;

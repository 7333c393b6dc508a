import crypto from 'node:crypto';
import type { AuthSession, AuthUser, RegisterData } from '@clipmarket/contracts/auth';
import type { Language } from '@clipmarket/contracts/enums';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password.js';
import {
  createOpaqueToken,
  hashOpaqueToken,
  type TokenService,
} from '../../platform/auth/tokens.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { afterCommit, inTransaction } from '../../platform/db/transaction.js';
import { publicUrlOf, type Env } from '../../platform/env.js';
import { AppError, unauthenticated } from '../../platform/http/errors.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { AuthEvents } from './auth.events.js';
import { startFreeTrial } from '../discovery/index.js';
import {
  advertiserIdOf,
  createAccount,
  findAccountByEmail,
  findAccountById,
  setPasswordHash,
  setVerified,
  type Account,
} from '../users/index.js';
import { buildAuthEmail, type AuthEmailKind } from './auth.emails.js';
import type { AuthRepository, EmailTokenPurpose } from './auth.repository.js';
import type { SessionCheck } from './auth.sessions.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A reset link is a key to the account: short-lived. */
const RESET_TOKEN_TTL_MS = HOUR_MS;
/** A verification link only proves the address: it may wait a few days in the inbox. */
const VERIFY_TOKEN_TTL_MS = 7 * DAY_MS;

/**
 * Wrong passwords in a row on one account before it is locked, and the lock: 30 s, doubled per
 * further wrong password, at most 15 minutes (ADR 034). Short, so the owner is never shut out
 * for long; a right password or a reset starts again.
 */
export const LOGIN_LOCK_POLICY = { freeAttempts: 5, baseSeconds: 30, maxSeconds: 15 * 60 };
/** The owner hears of a lock at most once in this time. */
const LOCK_NOTICE_EVERY_MS = HOUR_MS;

/** 429 with the seconds to wait (the route sends them as Retry-After). */
export class AccountLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      'Too many wrong passwords for this account: signing in is paused for a moment, please retry later',
    );
  }
}

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account already exists with this email address', [
    { field: 'email', message: 'An account already exists with this email address' },
  ]);
const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The email address or the password is incorrect');
const invalidRefreshToken = () =>
  new AppError('INVALID_REFRESH_TOKEN', 'The session has expired, please sign in again');
const invalidEmailToken = () =>
  new AppError('INVALID_EMAIL_TOKEN', 'This link is invalid or has expired');

function toAuthUser(user: Account): AuthUser {
  return { user_id: user.id, email: user.email, role: user.role, is_verified: user.isVerified };
}

export function createAuthService(deps: {
  db: Db;
  repository: AuthRepository;
  env: Env;
  tokens: TokenService;
  mail: MailQueue;
  events: EventEmitter<AuthEvents>;
  /** Which sessions are open; told at once when this process ends one. */
  sessions: SessionCheck;
  /** Closes the realtime sockets of these sessions (the composition root passes the hub's). */
  disconnectSessions?: (sessionIds: readonly string[]) => void;
}) {
  const { db, repository: repo, env, tokens, mail, events, sessions } = deps;
  const disconnectSessions = deps.disconnectSessions ?? (() => {});
  const publicUrl = publicUrlOf(env);

  /**
   * These sessions were ended in `q` (once it commits): their access tokens are refused from
   * now on and their sockets closed, instead of living until the tokens expire (ADR 034).
   */
  function endSessions(q: DbOrTx, sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    afterCommit(q, () => {
      sessions.ended(sessionIds);
      disconnectSessions(sessionIds);
    });
  }

  /** Starts a session (new family) or continues one (refresh keeps the family). */
  async function issueSession(
    q: DbOrTx,
    user: Account,
    familyId: string = crypto.randomUUID(),
  ): Promise<AuthSession> {
    const refresh = createOpaqueToken();
    await repo.insertRefreshToken(q, {
      userId: user.id,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + env.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    // The family id names the session in the access token (a password change keeps it).
    const accessToken = await tokens.signAccessToken({
      userId: user.id,
      role: user.role,
      sessionId: familyId,
    });
    return { accessToken, refreshToken: refresh.token, user: toAuthUser(user) };
  }

  async function createEmailToken(
    q: DbOrTx,
    userId: number,
    purpose: EmailTokenPurpose,
  ): Promise<string> {
    const { token, hash } = createOpaqueToken();
    const ttl = purpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
    await repo.insertEmailToken(q, {
      userId,
      purpose,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + ttl),
    });
    return token;
  }

  /**
   * Queues the e-mail in the transaction that made its token: the mail job sends it after
   * commit and retries a failed send (ADR 010), so no link is mailed for a rolled-back change
   * and no mail is lost to a passing SMTP failure.
   */
  async function queueAuthEmail(
    tx: DbOrTx,
    kind: AuthEmailKind,
    user: { email: string; language: Language },
    token: string,
  ): Promise<void> {
    const link =
      kind === 'accountLocked'
        ? `${publicUrl}/forgot-password`
        : `${publicUrl}/${kind === 'verifyEmail' ? 'verify-email' : 'reset-password'}?token=${encodeURIComponent(token)}`;
    await mail.queue(tx, buildAuthEmail(kind, user.language, user.email, link));
  }

  /**
   * The address is proven (verification link, or reset link: both were sent to it). An
   * advertiser's free search trial (discovery's quota, spec §3 "Quota") starts now, not at
   * sign-up: a throw-away address would else get a trial of its own. Given once, so a second
   * proof changes nothing.
   */
  async function markVerified(tx: DbOrTx, userId: number): Promise<void> {
    await setVerified(tx, userId);
    const advertiserId = await advertiserIdOf(tx, userId);
    if (advertiserId === undefined) return;
    await startFreeTrial(tx, advertiserId, {
      days: env.FREE_TRIAL_DAYS,
      searches: env.FREE_TRIAL_SEARCHES,
    });
  }

  /**
   * One more wrong password on the account: counted in the database (the limit holds across
   * processes and addresses); when it locks the account, the owner is told once per period.
   */
  async function recordLoginFailure(user: Account): Promise<void> {
    const now = new Date();
    await inTransaction(db, async (tx) => {
      const row = await repo.recordLoginFailure(tx, user.id, now, LOGIN_LOCK_POLICY);
      if (!row.lockedUntil) return;
      const since = new Date(now.getTime() - LOCK_NOTICE_EVERY_MS);
      if (await repo.claimLockNotice(tx, user.id, now, since)) {
        await queueAuthEmail(tx, 'accountLocked', user, '');
      }
    });
  }

  /** Finds a usable one-time token (locked), or refuses with INVALID_EMAIL_TOKEN. */
  async function claimEmailToken(tx: DbOrTx, token: string, purpose: EmailTokenPurpose) {
    const row = await repo.findEmailTokenForUpdate(tx, hashOpaqueToken(token), purpose);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw invalidEmailToken();
    return row;
  }

  return {
    async register(input: RegisterData): Promise<AuthSession> {
      const email = input.email.toLowerCase();
      if (await findAccountByEmail(db, email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const language = input.language ?? 'en';
      let created: { session: AuthSession; verifyToken: string };
      try {
        created = await inTransaction(db, async (tx) => {
          const account = {
            email,
            passwordHash,
            language,
            firstName: input.first_name,
            lastName: input.last_name,
          };
          const user = await createAccount(
            tx,
            input.role === 'TALENT'
              ? {
                  ...account,
                  role: input.role,
                  igUsername: input.ig_username,
                  tiktokUsername: input.tiktok_username,
                }
              : {
                  ...account,
                  role: input.role,
                  brandName: input.name,
                },
          );
          // The free trial waits for the verified address (markVerified).
          const verifyToken = await createEmailToken(tx, user.id, 'verify_email');
          await queueAuthEmail(tx, 'verifyEmail', { email, language }, verifyToken);
          await events.emit(tx, 'auth.signed-up', { userId: user.id, role: input.role });
          return { session: await issueSession(tx, user), verifyToken };
        });
      } catch (error) {
        // Lost a race with a simultaneous sign-up on the same address.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return created.session;
    },

    async login(input: { email: string; password: string }): Promise<AuthSession> {
      const user = await findAccountByEmail(db, input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw invalidCredentials();
      }
      // A locked account is refused without looking at the password: guessing goes nowhere.
      const throttle = await repo.findLoginThrottle(db, user.id);
      const lockedForMs = (throttle?.lockedUntil?.getTime() ?? 0) - Date.now();
      if (lockedForMs > 0) throw new AccountLockedError(Math.ceil(lockedForMs / 1000));
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await recordLoginFailure(user);
        throw invalidCredentials();
      }
      if (throttle && throttle.failedCount > 0) await repo.clearLoginThrottle(db, user.id);
      return issueSession(db, user);
    },

    /**
     * Rotation with reuse detection: a refresh token works once. Presenting one that was
     * already exchanged means it leaked (or the client raced itself), so the whole family,
     * including the newest token, is revoked and the person signs in again.
     */
    async refresh(refreshToken: string): Promise<AuthSession> {
      const now = new Date();
      const outcome = await inTransaction(db, async (tx) => {
        const row = await repo.findRefreshTokenForUpdate(tx, hashOpaqueToken(refreshToken));
        if (!row || row.revokedAt) return null;
        if (row.replacedAt) {
          await repo.revokeRefreshFamily(tx, row.familyId, now);
          endSessions(tx, [row.familyId]);
          return null;
        }
        if (row.expiresAt.getTime() <= now.getTime()) return null;
        const user = await findAccountById(tx, row.userId);
        if (!user) return null;
        await repo.markRefreshTokenReplaced(tx, row.id, now);
        return issueSession(tx, user, row.familyId);
      });
      // Thrown after the transaction so that a family revocation is committed.
      if (!outcome) throw invalidRefreshToken();
      return outcome;
    },

    /**
     * Ends every session of the user but the caller's own (`keepSessionId`, null when the
     * caller's token names none), in the caller's transaction: a password change signs out
     * whoever else holds the account, as a reset does, without signing out the person.
     */
    async revokeOtherSessions(
      tx: DbOrTx,
      userId: number,
      keepSessionId: string | null,
    ): Promise<void> {
      endSessions(tx, await repo.revokeUserRefreshTokens(tx, userId, new Date(), keepSessionId));
    },

    /**
     * Ends the session the token belongs to: its access tokens stop working at once and its
     * sockets, which would else keep receiving the user's events, are closed; the user's
     * other sessions (other devices) stay. Unknown tokens are ignored (idempotent).
     */
    async logout(refreshToken: string): Promise<void> {
      const row = await repo.findRefreshToken(db, hashOpaqueToken(refreshToken));
      if (!row) return;
      await repo.revokeRefreshFamily(db, row.familyId, new Date());
      endSessions(db, [row.familyId]);
    },

    async verifyEmail(token: string): Promise<AuthUser & { already_verified: boolean }> {
      return inTransaction(db, async (tx) => {
        const used = await repo.findEmailTokenForUpdate(tx, hashOpaqueToken(token), 'verify_email');
        // The link opened again (a second click, a mail scanner first): the address is
        // confirmed, say so. A link replaced by a newer one while unconfirmed stays invalid.
        if (used?.usedAt) {
          const user = await findAccountById(tx, used.userId);
          if (user?.isVerified) return { ...toAuthUser(user), already_verified: true };
        }
        const row = await claimEmailToken(tx, token, 'verify_email');
        const now = new Date();
        await repo.markEmailTokensUsed(tx, row.userId, 'verify_email', now);
        await markVerified(tx, row.userId);
        const user = await findAccountById(tx, row.userId);
        if (!user) throw invalidEmailToken();
        return { ...toAuthUser(user), already_verified: false };
      });
    },

    async resendVerification(userId: number): Promise<void> {
      const user = await findAccountById(db, userId);
      if (!user) throw unauthenticated();
      if (user.isVerified) return;
      await inTransaction(db, async (tx) => {
        // Only the newest link works, so an old e-mail lying around is harmless.
        await repo.markEmailTokensUsed(tx, user.id, 'verify_email', new Date());
        const token = await createEmailToken(tx, user.id, 'verify_email');
        await queueAuthEmail(tx, 'verifyEmail', user, token);
      });
    },

    /** Same answer whether or not the account exists: no account enumeration. */
    async forgotPassword(email: string): Promise<void> {
      const user = await findAccountByEmail(db, email);
      if (!user) return;
      await inTransaction(db, async (tx) => {
        const token = await createEmailToken(tx, user.id, 'reset_password');
        await queueAuthEmail(tx, 'resetPassword', user, token);
      });
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await inTransaction(db, async (tx) => {
        const row = await claimEmailToken(tx, input.token, 'reset_password');
        const now = new Date();
        await setPasswordHash(tx, row.userId, passwordHash);
        await repo.markEmailTokensUsed(tx, row.userId, 'reset_password', now);
        // The link proves the owner: a lock set by someone guessing ends too.
        await repo.clearLoginThrottle(tx, row.userId);
        // Whoever held a session (maybe the reason for the reset) is signed out everywhere.
        endSessions(tx, await repo.revokeUserRefreshTokens(tx, row.userId, now));
        // Opening a link sent to the address proves the address as well.
        await markVerified(tx, row.userId);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

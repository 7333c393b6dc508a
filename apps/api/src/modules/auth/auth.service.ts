import crypto from 'node:crypto';
import type { AuthSession, AuthUser, RegisterData } from '@clipmarket/contracts/auth';
import type { Language } from '@clipmarket/contracts/enums';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password.js';
import {
  createOpaqueToken,
  hashOpaqueToken,
  type TokenService,
} from '../../platform/auth/tokens.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Env } from '../../platform/env.js';
import { AppError, unauthenticated } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { buildAuthEmail, type AuthEmailKind } from './auth.emails.js';
import type {
  AccountRow,
  AuthQueries,
  AuthRepository,
  EmailTokenPurpose,
} from './auth.repository.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A reset link is a key to the account: short-lived. */
const RESET_TOKEN_TTL_MS = HOUR_MS;
/** A verification link only proves the address: it may wait a few days in the inbox. */
const VERIFY_TOKEN_TTL_MS = 7 * DAY_MS;

/** Where failures to send an e-mail are reported (Fastify's request logger fits). */
export interface MailFailureLog {
  error(details: object, message: string): void;
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

function toAuthUser(user: AccountRow): AuthUser {
  return { user_id: user.id, email: user.email, role: user.role, is_verified: user.isVerified };
}

/** ISO date (YYYY-MM-DD) `days` after today. */
function isoDateIn(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function createAuthService(deps: {
  repo: AuthRepository;
  env: Env;
  tokens: TokenService;
  mailer: Mailer;
  /** Closes the user's realtime sockets (the composition root passes the hub's). */
  disconnectUser?: (userId: number) => void;
}) {
  const { repo, env, tokens, mailer } = deps;
  const disconnectUser = deps.disconnectUser ?? (() => {});
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  /** Starts a session (new family) or continues one (refresh keeps the family). */
  async function issueSession(
    txRepo: AuthQueries,
    user: AccountRow,
    familyId: string = crypto.randomUUID(),
  ): Promise<AuthSession> {
    const refresh = createOpaqueToken();
    await txRepo.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + env.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    });
    const accessToken = await tokens.signAccessToken({ userId: user.id, role: user.role });
    return { accessToken, refreshToken: refresh.token, user: toAuthUser(user) };
  }

  async function createEmailToken(
    txRepo: AuthQueries,
    userId: number,
    purpose: EmailTokenPurpose,
  ): Promise<string> {
    const { token, hash } = createOpaqueToken();
    const ttl = purpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
    await txRepo.insertEmailToken({
      userId,
      purpose,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + ttl),
    });
    return token;
  }

  /**
   * The account change is already committed when the e-mail goes out; a mail failure is
   * logged rather than answered with a 500 (the person can ask for the e-mail again).
   */
  async function sendAuthEmail(
    kind: AuthEmailKind,
    user: { email: string; language: Language },
    token: string,
    log?: MailFailureLog,
  ): Promise<void> {
    const page = kind === 'verifyEmail' ? 'verify-email' : 'reset-password';
    const link = `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;
    try {
      await mailer.send(buildAuthEmail(kind, user.language, user.email, link));
    } catch (err) {
      log?.error({ err, kind }, 'could not send an account e-mail');
    }
  }

  /** Finds a usable one-time token (locked), or refuses with INVALID_EMAIL_TOKEN. */
  async function claimEmailToken(txRepo: AuthQueries, token: string, purpose: EmailTokenPurpose) {
    const row = await txRepo.findEmailTokenForUpdate(hashOpaqueToken(token), purpose);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw invalidEmailToken();
    return row;
  }

  return {
    async register(input: RegisterData, log?: MailFailureLog): Promise<AuthSession> {
      const email = input.email.toLowerCase();
      if (await repo.findUserByEmail(email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const language = input.language ?? 'en';
      let created: { session: AuthSession; verifyToken: string };
      try {
        created = await repo.transaction(async (tx) => {
          const user = await tx.insertUser({ email, passwordHash, role: input.role, language });
          if (input.role === 'TALENT') {
            await tx.insertInfluencer({
              userId: user.id,
              firstName: input.first_name,
              lastName: input.last_name,
              igUsername: input.ig_username,
              tiktokUsername: input.tiktok_username,
              // Creators are shown by a name made from their social usernames (spec §3).
              influencerName: input.ig_username ?? input.tiktok_username,
            });
          } else {
            await tx.insertAdvertiser({
              userId: user.id,
              name: input.name,
              firstName: input.first_name,
              lastName: input.last_name,
              freeTrialExpireDate: isoDateIn(env.FREE_TRIAL_DAYS),
              maxSearchCount: env.FREE_TRIAL_SEARCHES,
            });
          }
          await tx.insertTwinklingFlags(user.id);
          const verifyToken = await createEmailToken(tx, user.id, 'verify_email');
          return { session: await issueSession(tx, user), verifyToken };
        });
      } catch (error) {
        // Lost a race with a simultaneous sign-up on the same address.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await sendAuthEmail('verifyEmail', { email, language }, created.verifyToken, log);
      return created.session;
    },

    async login(input: { email: string; password: string }): Promise<AuthSession> {
      const user = await repo.findUserByEmail(input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();
      return issueSession(repo, user);
    },

    /**
     * Rotation with reuse detection: a refresh token works once. Presenting one that was
     * already exchanged means it leaked (or the client raced itself), so the whole family,
     * including the newest token, is revoked and the person signs in again.
     */
    async refresh(refreshToken: string): Promise<AuthSession> {
      const now = new Date();
      const outcome = await repo.transaction(async (tx) => {
        const row = await tx.findRefreshTokenForUpdate(hashOpaqueToken(refreshToken));
        if (!row || row.revokedAt) return null;
        if (row.replacedAt) {
          await tx.revokeRefreshFamily(row.familyId, now);
          return null;
        }
        if (row.expiresAt.getTime() <= now.getTime()) return null;
        const user = await tx.findUserById(row.userId);
        if (!user) return null;
        await tx.markRefreshTokenReplaced(row.id, now);
        return issueSession(tx, user, row.familyId);
      });
      // Thrown after the transaction so that a family revocation is committed.
      if (!outcome) throw invalidRefreshToken();
      return outcome;
    },

    /**
     * Ends the session the token belongs to and closes the user's sockets, which would else
     * keep receiving their events; unknown tokens are ignored (idempotent).
     */
    async logout(refreshToken: string): Promise<void> {
      const row = await repo.findRefreshToken(hashOpaqueToken(refreshToken));
      if (!row) return;
      await repo.revokeRefreshFamily(row.familyId, new Date());
      disconnectUser(row.userId);
    },

    async verifyEmail(token: string): Promise<AuthUser> {
      return repo.transaction(async (tx) => {
        const row = await claimEmailToken(tx, token, 'verify_email');
        const now = new Date();
        await tx.markEmailTokensUsed(row.userId, 'verify_email', now);
        await tx.setVerified(row.userId);
        const user = await tx.findUserById(row.userId);
        if (!user) throw invalidEmailToken();
        return toAuthUser(user);
      });
    },

    async resendVerification(userId: number, log?: MailFailureLog): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) throw unauthenticated();
      if (user.isVerified) return;
      const token = await repo.transaction(async (tx) => {
        // Only the newest link works, so an old e-mail lying around is harmless.
        await tx.markEmailTokensUsed(user.id, 'verify_email', new Date());
        return createEmailToken(tx, user.id, 'verify_email');
      });
      await sendAuthEmail('verifyEmail', user, token, log);
    },

    /** Same answer whether or not the account exists: no account enumeration. */
    async forgotPassword(email: string, log?: MailFailureLog): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      const token = await createEmailToken(repo, user.id, 'reset_password');
      await sendAuthEmail('resetPassword', user, token, log);
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await repo.transaction(async (tx) => {
        const row = await claimEmailToken(tx, input.token, 'reset_password');
        const now = new Date();
        await tx.setPasswordHash(row.userId, passwordHash);
        await tx.markEmailTokensUsed(row.userId, 'reset_password', now);
        // Whoever held a session (maybe the reason for the reset) is signed out everywhere.
        await tx.revokeAllRefreshTokens(row.userId, now);
        // Opening a link sent to the address proves the address as well.
        await tx.setVerified(row.userId);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

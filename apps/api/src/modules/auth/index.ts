import type { TokenService } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { AuthEvents } from './auth.events.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createSessionCheck, type SessionCheck } from './auth.sessions.js';

export type { AuthService } from './auth.service.js';
export type { AuthEvents } from './auth.events.js';
export type { SessionCheck } from './auth.sessions.js';

/**
 * The check of open sessions, built before the module (the HTTP guard and the realtime hub
 * use it, and the module's service ends sessions through it).
 */
export function createAuthSessionCheck(deps: { db: Db }) {
  return createSessionCheck({ db: deps.db, repository: createAuthRepository() });
}

/** Accounts and sessions: sign-up, login, refresh rotation, e-mail verification, reset. */
export function createAuthModule(deps: {
  db: Db;
  env: Env;
  tokens: TokenService;
  mail: MailQueue;
  events: EventEmitter<AuthEvents>;
  /** From `createAuthSessionCheck`. */
  sessions: SessionCheck;
  /** Closes the realtime sockets of ended sessions. */
  disconnectSessions?: (sessionIds: readonly string[]) => void;
}) {
  const service = createAuthService({
    db: deps.db,
    repository: createAuthRepository(),
    env: deps.env,
    tokens: deps.tokens,
    mail: deps.mail,
    events: deps.events,
    sessions: deps.sessions,
    disconnectSessions: deps.disconnectSessions,
  });
  return {
    routes: createAuthRoutes(service, deps.env),
    service,
    /** For the users module (password change), passed by the composition root. */
    revokeOtherSessions: service.revokeOtherSessions,
  };
}

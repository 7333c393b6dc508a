import type { TokenService } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { AuthEvents } from './auth.events.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

export type { AuthService } from './auth.service.js';
export type { AuthEvents } from './auth.events.js';

/** Accounts and sessions: sign-up, login, refresh rotation, e-mail verification, reset. */
export function createAuthModule(deps: {
  db: Db;
  env: Env;
  tokens: TokenService;
  mail: MailQueue;
  events: EventEmitter<AuthEvents>;
  /** Closes a user's realtime sockets at sign-out. */
  disconnectUser?: (userId: number) => void;
}) {
  const service = createAuthService({
    db: deps.db,
    repository: createAuthRepository(),
    env: deps.env,
    tokens: deps.tokens,
    mail: deps.mail,
    events: deps.events,
    disconnectUser: deps.disconnectUser,
  });
  return {
    routes: createAuthRoutes(service, deps.env),
    service,
    /** For the users module (password change), passed by the composition root. */
    revokeOtherSessions: service.revokeOtherSessions,
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@clipmarket/contracts/enums';
import { forbidden, unauthenticated } from '../http/errors.js';
import type { AccessSession, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's claims and session; null on public routes without a token. */
    auth: AccessSession | null;
  }
  interface FastifyInstance {
    /** preHandler: requires a valid bearer token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: requires a valid token with one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/**
 * Verifies an access token and that its session is still open (`isSessionActive`, the auth
 * module's check: a logout or a password change ends its tokens at once, ADR 034). Tokens
 * minted without a session (tools, tests) have only their signature and expiry checked.
 */
export function createAccessVerifier(opts: {
  tokens: TokenService;
  isSessionActive?: ((sessionId: string) => Promise<boolean>) | undefined;
}) {
  return async (token: string): Promise<AccessSession | null> => {
    const session = await opts.tokens.verifyAccessSession(token);
    if (!session) return null;
    if (session.sessionId && opts.isSessionActive) {
      if (!(await opts.isSessionActive(session.sessionId))) return null;
    }
    return session;
  };
}

/** Bearer access tokens on every request; routes opt in with `preHandler: app.authenticate`. */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { verify: (token: string) => Promise<AccessSession | null> },
  ) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      request.auth = token ? await opts.verify(token) : null;
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
      if (!roles.includes(request.auth.role)) throw forbidden();
    });
  },
);

/** The caller's claims (and session) inside an authenticated route. */
export function currentUser(request: FastifyRequest): AccessSession {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

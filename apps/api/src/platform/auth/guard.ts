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

/** Bearer access tokens on every request; routes opt in with `preHandler: app.authenticate`. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.auth = token ? await opts.tokens.verifyAccessSession(token) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthenticated();
  });
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    if (!request.auth) throw unauthenticated();
    if (!roles.includes(request.auth.role)) throw forbidden();
  });
});

/** The caller's claims (and session) inside an authenticated route. */
export function currentUser(request: FastifyRequest): AccessSession {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

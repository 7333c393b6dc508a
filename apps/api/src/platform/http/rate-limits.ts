import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface ExtraLimit {
  max: number;
  timeWindow: number | string;
  /**
   * The counter's key; prefix it with the limit's name: the extra limits of every route count in
   * one key space (a route's own limit counts apart, rate-limit-store.ts).
   */
  keyGenerator: (request: FastifyRequest) => string;
}

export const rateLimited = () =>
  new AppError('RATE_LIMITED', 'Too many attempts, please retry later');

/**
 * A hook enforcing one more limit on a route. @fastify/rate-limit runs only one limit per
 * request (its `config.rateLimit`), so a route counted by two keys, e.g. login per address and
 * e-mail and per address alone, adds the second here. Refuses like the plugin: 429
 * RATE_LIMITED with Retry-After.
 */
export function createLimitHook(app: FastifyInstance, limit: ExtraLimit) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: limit.keyGenerator,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', result.ttlInSeconds);
    throw rateLimited();
  };
}

/** The e-mail of a JSON body, as a key part (lowercased: "A@x" and "a@x" are one account). */
export function bodyEmailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

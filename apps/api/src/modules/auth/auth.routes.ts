import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authSessionResponseSchema,
  createForgotPasswordSchema,
  createLoginSchema,
  createRegisterSchema,
  createResetPasswordSchema,
  logoutBodySchema,
  refreshBodySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@clipmarket/contracts/auth';
import { createRules } from '@clipmarket/contracts/validation';
import { currentUser } from '../../platform/auth/guard.js';
import type { Env } from '../../platform/env.js';
import { bodyEmailOf, createLimitHook } from '../../platform/http/rate-limits.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import { AccountLockedError, type AuthService } from './auth.service.js';

const rules = createRules();
const registerBodySchema = createRegisterSchema(rules);
const loginBodySchema = createLoginSchema(rules);
const forgotPasswordBodySchema = createForgotPasswordSchema(rules);
const resetPasswordBodySchema = createResetPasswordSchema(rules);
const noContent = { 204: z.null().describe('No content') };

/**
 * Key of the login / reset rate limits: client address plus the e-mail tried, so one person
 * guessing passwords is stopped without locking out everyone behind the same NAT.
 */
function keyByIpAndEmail(request: FastifyRequest): string {
  return `${request.ip}|${bodyEmailOf(request)}`;
}

export function createAuthRoutes(service: AuthService, env: Env): ModuleRoutes {
  const perIpAndEmail = {
    max: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The body (and its e-mail) is parsed by preValidation; onRequest would only see the IP.
    hook: 'preValidation' as const,
    keyGenerator: keyByIpAndEmail,
  };
  /**
   * Per address alone, generous (a school or an office shares one): stops one client spraying
   * many e-mails, which the per-e-mail key never sees twice. The address is the socket's
   * unless TRUST_PROXY names the proxy in front (a client's own X-Forwarded-For is ignored).
   */
  const perIp = (name: string) => ({
    max: env.AUTH_IP_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `${name}:ip:${request.ip}`,
  });

  return async (app) => {
    const loginPerIp = createLimitHook(app, perIp('login'));
    const forgotPasswordPerIp = createLimitHook(app, perIp('forgot-password'));

    app.post(
      '/auth/register',
      {
        config: { rateLimit: perIp('register') },
        schema: {
          tags: ['auth'],
          summary: 'Create an account (creator, brand or agency) and sign in',
          body: registerBodySchema,
          response: { 201: authSessionResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await service.register(request.body);
        return reply.status(201).send({ data: session });
      },
    );

    app.post(
      '/auth/login',
      {
        onRequest: loginPerIp,
        config: { rateLimit: perIpAndEmail },
        schema: {
          tags: ['auth'],
          summary:
            'Sign in with e-mail and password (an account is paused after 5 wrong passwords in a row: 429 with Retry-After)',
          body: loginBodySchema,
          response: { 200: authSessionResponseSchema },
        },
      },
      async (request, reply) => {
        try {
          return { data: await service.login(request.body) };
        } catch (error) {
          if (error instanceof AccountLockedError) {
            void reply.header('retry-after', error.retryAfterSeconds);
          }
          throw error;
        }
      },
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for a new token pair (single use)',
          body: refreshBodySchema,
          response: { 200: authSessionResponseSchema },
        },
      },
      async (request) => ({ data: await service.refresh(request.body.refreshToken) }),
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the session of this refresh token',
          body: logoutBodySchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.logout(request.body.refreshToken);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm the e-mail address with the token of the e-mailed link',
          body: verifyEmailBodySchema,
          response: { 200: verifyEmailResponseSchema },
        },
      },
      async (request) => ({ data: await service.verifyEmail(request.body.token) }),
    );

    app.post(
      '/auth/resend-verification',
      {
        preHandler: app.authenticate,
        config: {
          rateLimit: {
            max: env.LOGIN_RATE_LIMIT_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `user:${request.auth?.userId ?? request.ip}`,
          },
        },
        schema: {
          tags: ['auth'],
          summary: 'Send the verification e-mail again',
          security: [{ bearer: [] }],
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.resendVerification(currentUser(request).userId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        onRequest: forgotPasswordPerIp,
        config: { rateLimit: perIpAndEmail },
        schema: {
          tags: ['auth'],
          summary: 'E-mail a password-reset link (always 204, whether or not the account exists)',
          body: forgotPasswordBodySchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.forgotPassword(request.body.email);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the token of the e-mailed link',
          body: resetPasswordBodySchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.resetPassword(request.body);
        return reply.status(204).send(null);
      },
    );
  };
}

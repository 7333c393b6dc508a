import {
  adminCreatorResponseSchema,
  adminCreatorsQuerySchema,
  adminCreatorsResponseSchema,
  creatorValidationParamsSchema,
  creatorValidationStatusSchema,
  rejectCreatorBodySchema,
} from '@clipmarket/contracts/creator-validation';
import { errorResponseSchema } from '@clipmarket/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import { parseAcceptLanguage } from '../../platform/i18n.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { CreatorValidationService } from './creator-validation.service.js';

const transitionErrors = { ...errorResponses, 409: errorResponseSchema };

export function createCreatorValidationRoutes(service: CreatorValidationService): ModuleRoutes {
  /** Category labels follow Accept-Language, else the admin's own language. */
  async function languageOf(request: FastifyRequest) {
    return (
      parseAcceptLanguage(request.headers['accept-language']) ??
      service.languageOf(currentUser(request).userId)
    );
  }

  async function adminOf(request: FastifyRequest) {
    return {
      userId: currentUser(request).userId,
      role: 'ADMIN' as const,
      language: await languageOf(request),
    };
  }

  return async (app) => {
    const admin = { preHandler: app.requireRole('ADMIN') };

    app.get(
      '/admin/creators',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Creator accounts by validation state, longest waiting first',
          security: bearerSecurity,
          querystring: adminCreatorsQuerySchema,
          response: { 200: adminCreatorsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.list(await languageOf(request), request.query),
      }),
    );

    app.post(
      '/admin/creators/:user_id/validate',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Validate a creator account: it appears in advertisers’ search',
          security: bearerSecurity,
          params: creatorValidationParamsSchema,
          response: { 200: adminCreatorResponseSchema, ...transitionErrors },
        },
      },
      async (request) => ({
        data: await service.validate(await adminOf(request), request.params.user_id),
      }),
    );

    app.post(
      '/admin/creators/:user_id/reject',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Reject a creator account with a reason shown to the creator',
          security: bearerSecurity,
          params: creatorValidationParamsSchema,
          body: rejectCreatorBodySchema,
          response: { 200: adminCreatorResponseSchema, ...transitionErrors },
        },
      },
      async (request) => ({
        data: await service.reject(
          await adminOf(request),
          request.params.user_id,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/user/validation/resubmit',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          tags: ['users'],
          summary: 'Ask the team again to validate my account, after a rejection',
          security: bearerSecurity,
          response: { 200: z.object({ data: creatorValidationStatusSchema }), ...transitionErrors },
        },
      },
      async (request) => ({
        data: await service.resubmit({ userId: currentUser(request).userId, role: 'TALENT' }),
      }),
    );
  };
}

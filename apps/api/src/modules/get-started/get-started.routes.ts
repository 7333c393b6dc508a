import { getStartedResponseSchema } from '@clipmarket/contracts/get-started';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { GetStartedService } from './get-started.service.js';

/** Get started (issue 25 §4), creators only: thin, one service call. */
export function createGetStartedRoutes(service: GetStartedService): ModuleRoutes {
  return async (app) => {
    app.get(
      '/get-started',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          tags: ['get-started'],
          summary: "The creator's onboarding steps, each done or not, with where to go next",
          security: bearerSecurity,
          response: { 200: getStartedResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.ofCreator(currentUser(request).userId) }),
    );
  };
}

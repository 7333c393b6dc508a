import {
  advertiserReputationBatchQuerySchema,
  advertiserReputationBatchResponseSchema,
  advertiserReputationParamsSchema,
  advertiserReputationResponseSchema,
  creatorReputationParamsSchema,
  creatorReputationResponseSchema,
} from '@clipmarket/contracts/reputation';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { ReputationService } from './reputation.service.js';

/** Measured reputation (issue 27 §2, ADR 047): signed-in users; thin, one service call each. */
export function createReputationRoutes(service: ReputationService): ModuleRoutes {
  return async (app) => {
    app.get(
      '/reputation/creators/:influencer_id',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['reputation'],
          summary:
            "A creator's measured figures over 12 months; 404 for a creator not validated yet, " +
            'but to themself and admins',
          security: bearerSecurity,
          params: creatorReputationParamsSchema,
          response: { 200: creatorReputationResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        return {
          data: await service.ofCreator(
            { userId: caller.userId, role: caller.role },
            request.params.influencer_id,
          ),
        };
      },
    );

    app.get(
      '/reputation/advertisers',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['reputation'],
          summary: "Several advertisers' figures at once (opportunity cards), at most 50",
          security: bearerSecurity,
          querystring: advertiserReputationBatchQuerySchema,
          response: { 200: advertiserReputationBatchResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.ofAdvertisers(request.query.ids) }),
    );

    app.get(
      '/reputation/advertisers/:user_id',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['reputation'],
          summary: "An advertiser's measured figures over 12 months",
          security: bearerSecurity,
          params: advertiserReputationParamsSchema,
          response: { 200: advertiserReputationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.ofAdvertiser(request.params.user_id) }),
    );
  };
}

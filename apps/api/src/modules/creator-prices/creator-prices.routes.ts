import {
  creatorPricesBodySchema,
  rateCardResponseSchema,
} from '@clipmarket/contracts/creator-prices';
import { influencerIdParamsSchema } from '@clipmarket/contracts/discovery';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { CreatorPricesService } from './creator-prices.service.js';

const tags = ['creator-prices'];

export function createCreatorPricesRoutes(service: CreatorPricesService): ModuleRoutes {
  return async (app) => {
    const creatorsOnly = app.requireRole('TALENT');
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');

    app.get(
      '/influencer/prices',
      {
        preHandler: creatorsOnly,
        schema: {
          tags,
          security: bearerSecurity,
          summary: "The caller's rate card: a price per video length (millimes)",
          response: { 200: rateCardResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: { rate_card: await service.getOwn(currentUser(request).userId) },
      }),
    );

    app.put(
      '/influencer/prices',
      {
        preHandler: creatorsOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: bearerSecurity,
          summary: "Sets the caller's prices; a null length goes back to the suggested price",
          body: creatorPricesBodySchema,
          response: { 200: rateCardResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: { rate_card: await service.setOwn(currentUser(request).userId, request.body) },
      }),
    );

    app.get(
      '/influencer/:influencer_id/prices',
      {
        preHandler: advertisersOnly,
        schema: {
          tags,
          security: bearerSecurity,
          summary: "A validated creator's rate card, as advertisers see it",
          params: influencerIdParamsSchema,
          response: { 200: rateCardResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: { rate_card: await service.getForAdvertiser(request.params.influencer_id) },
      }),
    );
  };
}

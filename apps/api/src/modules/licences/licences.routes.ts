import {
  licenceRatesBodySchema,
  licenceRatesResponseSchema,
  suggestedLicenceRatesResponseSchema,
} from '@clipmarket/contracts/licences';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { LicenceRatesService } from './licences.rates.js';

const tags = ['licences'];

/** The creator's own licence rates (issue 27 §1). */
export function createLicenceRatesRoutes(service: LicenceRatesService): ModuleRoutes {
  return async (app) => {
    const creatorsOnly = app.requireRole('TALENT');

    // The suggested surcharges the request and opportunity forms show ("+30 %"), for anyone
    // signed in (business settings, the same for everyone).
    app.get(
      '/licence-rates/suggested',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'The suggested rate of each licence add-on (basis points of the base price)',
          response: { 200: suggestedLicenceRatesResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: { rates: await service.suggested() } }),
    );

    app.get(
      '/influencer/licence-rates',
      {
        preHandler: creatorsOnly,
        schema: {
          tags,
          security: bearerSecurity,
          summary:
            "The caller's usage-licence rates: each add-on in basis points of the base price",
          response: { 200: licenceRatesResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: { rates: await service.getOwn(currentUser(request).userId) },
      }),
    );

    app.put(
      '/influencer/licence-rates',
      {
        preHandler: creatorsOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: bearerSecurity,
          summary: "Sets the caller's licence rates; a null add-on goes back to the suggested rate",
          body: licenceRatesBodySchema,
          response: { 200: licenceRatesResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: { rates: await service.setOwn(currentUser(request).userId, request.body) },
      }),
    );
  };
}

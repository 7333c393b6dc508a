import { idempotencyHeadersSchema } from '@clipmarket/contracts/checkout';
import {
  licencePageResponseSchema,
  licenceRenewBodySchema,
  licenceRenewResponseSchema,
  licenceSummarySchema,
  sparkCodeBodySchema,
} from '@clipmarket/contracts/licence-lifecycle';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { LicencePages } from './licences.page.js';
import type { LicenceRenewal } from './licences.renewal.js';

const tags = ['licences'];
const lineParams = idParamSchema('content_request_influencer_id');

/**
 * A line's licence (issue 27 §1): its page (the line's parties and admins), the advertiser's
 * one-click renewal (Idempotency-Key, as every money POST) and the creator's Spark code.
 * Anyone else gets a 404.
 */
export function createLicencePageRoutes(
  pages: LicencePages,
  renewal: LicenceRenewal,
  idempotency: Idempotency,
): ModuleRoutes {
  return async (app) => {
    const common = { tags, security: bearerSecurity };

    app.get(
      '/licences/:content_request_influencer_id',
      {
        preHandler: app.requireRole('TALENT', 'BRAND', 'AGENCY', 'ADMIN'),
        schema: {
          ...common,
          summary: "A line's usage licence: parties, video, terms, each term's price, Spark code",
          params: lineParams,
          response: { 200: licencePageResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await pages.get(currentUser(request), request.params.content_request_influencer_id),
      }),
    );

    app.post(
      '/licences/:content_request_influencer_id/renew',
      {
        preHandler: app.requireRole('TALENT', 'BRAND', 'AGENCY', 'ADMIN'),
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            'Renews the licence for the same terms and duration, paid from the wallet (Idempotency-Key)',
          headers: idempotencyHeadersSchema,
          params: lineParams,
          body: licenceRenewBodySchema,
          response: { 200: licenceRenewResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = currentUser(request);
        return idempotency.once(request, reply, caller.userId, 200, async () => ({
          data: await renewal.renew(
            caller,
            request.params.content_request_influencer_id,
            request.body,
          ),
        }));
      },
    );

    app.put(
      '/licences/:content_request_influencer_id/spark-code',
      {
        preHandler: app.requireRole('TALENT', 'BRAND', 'AGENCY', 'ADMIN'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: "The creator's Spark (partnership ads) code and its expiry, once approved",
          params: lineParams,
          body: sparkCodeBodySchema,
          response: { 200: z.object({ data: licenceSummarySchema }), ...errorResponses },
        },
      },
      async (request) => ({
        data: await pages.saveSparkCode(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body,
        ),
      }),
    );
  };
}

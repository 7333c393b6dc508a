import {
  adminOpportunityCloseBodySchema,
  adminOpportunityDetailResponseSchema,
  adminOpportunityListQuerySchema,
  adminOpportunityListResponseSchema,
} from '@clipmarket/contracts/admin-opportunities';
import { errorResponseSchema } from '@clipmarket/contracts/errors';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { OpportunityAdmin } from './opportunities.admin.js';

const opportunityParams = idParamSchema('content_opportunity_id');

/**
 * The product team's opportunities (admins only): every advertiser's list and one with its
 * applications and lines, and the early close. Thin: each calls one service function.
 */
export function createOpportunityAdminRoutes(admin: OpportunityAdmin): ModuleRoutes {
  return async (app) => {
    const adminsOnly = { preHandler: app.requireRole('ADMIN') };
    const common = { tags: ['admin'], security: bearerSecurity };

    app.get(
      '/admin/opportunities',
      {
        ...adminsOnly,
        schema: {
          ...common,
          summary: "Every advertiser's opportunities, newest first: by state, title or reference",
          querystring: adminOpportunityListQuerySchema,
          response: { 200: adminOpportunityListResponseSchema, ...errorResponses },
        },
      },
      async (request) => admin.list(request.query),
    );

    app.get(
      '/admin/opportunities/:content_opportunity_id',
      {
        ...adminsOnly,
        schema: {
          ...common,
          summary: 'One opportunity with its applications and delivery lines',
          params: opportunityParams,
          response: { 200: adminOpportunityDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await admin.detail(request.params.content_opportunity_id) }),
    );

    app.post(
      '/admin/opportunities/:content_opportunity_id/close',
      {
        ...adminsOnly,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            'Closes an opportunity early (published, live or ongoing): applications under review closed, lines without a video cancelled, the advertiser told why',
          params: opportunityParams,
          body: adminOpportunityCloseBodySchema,
          response: {
            200: adminOpportunityDetailResponseSchema,
            ...errorResponses,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        data: await admin.close(
          currentUser(request),
          request.params.content_opportunity_id,
          request.body.reason,
        ),
      }),
    );
  };
}

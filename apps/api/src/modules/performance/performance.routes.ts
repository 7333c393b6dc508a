import {
  campaignPerformanceParamsSchema,
  campaignPerformanceQuerySchema,
  opportunityPerformanceParamsSchema,
  performanceDashboardResponseSchema,
  performanceDetailResponseSchema,
  requestPerformanceParamsSchema,
} from '@clipmarket/contracts/performance';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { PerformanceService } from './performance.service.js';

/** Performance (issue 24 §3), advertisers only, read-only: thin, each calls one service function. */
export function createPerformanceRoutes(service: PerformanceService): ModuleRoutes {
  return async (app) => {
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');
    const common = { tags: ['performance'], security: bearerSecurity };
    const detail = { 200: performanceDetailResponseSchema, ...errorResponses };

    app.get(
      '/performance/dashboard',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "The caller's totals, and a row per campaign and per item in no campaign",
          response: { 200: performanceDashboardResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.dashboard(currentUser(request)) }),
    );

    app.get(
      '/performance/content-request/:content_request_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "A content request's figures, cost and videos",
          params: requestPerformanceParamsSchema,
          response: detail,
        },
      },
      async (request) => ({
        data: await service.contentRequest(currentUser(request), request.params.content_request_id),
      }),
    );

    app.get(
      '/performance/content-opportunity/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "An opportunity's figures, cost and videos",
          params: opportunityPerformanceParamsSchema,
          response: detail,
        },
      },
      async (request) => ({
        data: await service.opportunity(
          currentUser(request),
          request.params.content_opportunity_id,
        ),
      }),
    );

    app.get(
      '/campaigns/:campaign_id/performance',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "A campaign's figures over its requests, its opportunities or both",
          params: campaignPerformanceParamsSchema,
          querystring: campaignPerformanceQuerySchema,
          response: detail,
        },
      },
      async (request) => ({
        data: await service.campaign(
          currentUser(request),
          request.params.campaign_id,
          request.query.view,
        ),
      }),
    );
  };
}

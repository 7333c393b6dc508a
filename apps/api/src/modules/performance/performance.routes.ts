import {
  campaignPerformanceParamsSchema,
  campaignPerformanceQuerySchema,
  campaignReportQuerySchema,
  opportunityPerformanceParamsSchema,
  performanceDashboardResponseSchema,
  performanceDetailResponseSchema,
  requestPerformanceParamsSchema,
} from '@clipmarket/contracts/performance';
import type { FastifyReply } from 'fastify';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { parseAcceptLanguage } from '../../platform/i18n.js';
import {
  campaignReportFilename,
  renderCampaignReport,
  type CampaignReports,
} from './performance.report.js';
import type { PerformanceService } from './performance.service.js';

/** Performance (issue 24 §3), advertisers only, read-only: thin, each calls one service function. */
export function createPerformanceRoutes(
  service: PerformanceService,
  reports: CampaignReports,
): ModuleRoutes {
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

    app.get(
      '/campaigns/:campaign_id/report.pdf',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary:
            "A campaign's report as a PDF (its facts, figures, figures over time, videos and " +
            "sources), in `language`, else the request's Accept-Language, else English",
          params: campaignPerformanceParamsSchema,
          querystring: campaignReportQuerySchema,
          response: errorResponses,
        },
      },
      async (request, typedReply) => {
        // The body is the PDF's bytes, streamed: the plain reply type, not the schema's.
        const reply = typedReply as FastifyReply;
        const language =
          request.query.language ?? parseAcceptLanguage(request.headers['accept-language']) ?? 'en';
        const report = await reports.read(currentUser(request), request.params.campaign_id);
        const filename = campaignReportFilename(report.campaign.campaign_id, language);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(renderCampaignReport(report, language));
      },
    );
  };
}

import { z } from 'zod';
import {
  adminMetricSubmissionsQuerySchema,
  adminMetricSubmissionsResponseSchema,
  connectResponseSchema,
  lineMetricsParamsSchema,
  lineMetricsResponseSchema,
  metricLinkParamsSchema,
  metricSubmissionBodySchema,
  metricSubmissionDecisionBodySchema,
  metricSubmissionParamsSchema,
  metricSubmissionResponseSchema,
  oauthCallbackQuerySchema,
  socialAccountsResponseSchema,
  socialPlatformParamsSchema,
} from '@clipmarket/contracts/publication-metrics';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { Accounts } from './publication-metrics.accounts.js';
import type { LineReads } from './publication-metrics.line-reads.js';
import type { Submissions } from './publication-metrics.submissions.js';

const noContent = { 204: z.null().describe('No content') };

/** Creators' connected accounts and submitted figures; the team's check of the figures. */
export function createPublicationMetricsRoutes(
  accounts: Accounts,
  submissions: Submissions,
  lineReads: LineReads,
): ModuleRoutes {
  return async (app) => {
    const creator = { preHandler: app.requireRole('TALENT') };
    const admin = { preHandler: app.requireRole('ADMIN') };

    app.get(
      '/social-accounts',
      {
        ...creator,
        schema: {
          tags: ['publication-metrics'],
          summary: "The creator's connected Instagram and TikTok accounts",
          security: bearerSecurity,
          response: { 200: socialAccountsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await accounts.list(currentUser(request)) }),
    );

    app.post(
      '/social-accounts/:platform/connect',
      {
        ...creator,
        schema: {
          tags: ['publication-metrics'],
          summary: "Where the creator allows Clipmarket to read their posts' figures (OAuth)",
          security: bearerSecurity,
          params: socialPlatformParamsSchema,
          response: { 200: connectResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: { authorize_url: accounts.connectUrl(currentUser(request), request.params.platform) },
      }),
    );

    // The platform sends the browser here: no bearer token, the signed state names the creator.
    app.get(
      '/social-accounts/:platform/callback',
      {
        schema: {
          tags: ['publication-metrics'],
          summary: 'OAuth return: the account stored, then back to the web app',
          params: socialPlatformParamsSchema,
          querystring: oauthCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        const target = await accounts.completeConnection(request.params.platform, request.query);
        return reply.header('cache-control', 'no-store').redirect(target, 302);
      },
    );

    app.delete(
      '/social-accounts/:platform',
      {
        ...creator,
        schema: {
          tags: ['publication-metrics'],
          summary: 'Disconnects the account (its tokens are deleted)',
          security: bearerSecurity,
          params: socialPlatformParamsSchema,
          response: { ...noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await accounts.disconnect(currentUser(request), request.params.platform);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/publication-metrics/:link_id/submissions',
      {
        ...creator,
        schema: {
          tags: ['publication-metrics'],
          summary:
            'Figures of an approved post with its insights screenshot (no account connected)',
          security: bearerSecurity,
          params: metricLinkParamsSchema,
          body: metricSubmissionBodySchema,
          response: { 201: metricSubmissionResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const data = await submissions.submit(
          currentUser(request),
          request.params.link_id,
          request.body,
        );
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/publication-metrics/lines/:content_request_influencer_id',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['publication-metrics'],
          summary:
            "A delivery line's figures per approved link (its creator, its advertiser, admins)",
          security: bearerSecurity,
          params: lineMetricsParamsSchema,
          response: { 200: lineMetricsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return {
          data: await lineReads.ofLine(
            { userId: user.userId, role: user.role },
            request.params.content_request_influencer_id,
          ),
        };
      },
    );

    app.get(
      '/admin/metric-submissions',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: "Creators' submitted figures by state, oldest first",
          security: bearerSecurity,
          querystring: adminMetricSubmissionsQuerySchema,
          response: { 200: adminMetricSubmissionsResponseSchema, ...errorResponses },
        },
      },
      async (request) => submissions.list(request.query),
    );

    app.post(
      '/admin/metric-submissions/:submission_id',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary:
            'Approves the figures (checked against the screenshot) or declines them with a reason',
          security: bearerSecurity,
          params: metricSubmissionParamsSchema,
          body: metricSubmissionDecisionBodySchema,
          response: { 200: metricSubmissionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await submissions.decide(
          currentUser(request),
          request.params.submission_id,
          request.body,
        ),
      }),
    );
  };
}

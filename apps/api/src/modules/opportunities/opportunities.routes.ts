import { z } from 'zod';
import {
  opportunityDraftSchema,
  opportunityListQuerySchema,
  opportunityListResponseSchema,
  opportunityResponseSchema,
} from '@clipmarket/contracts/opportunities';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { OpportunityDrafts } from './opportunities.drafts.js';

const tags = ['opportunities'];
const opportunityParams = idParamSchema('content_opportunity_id');

/** The advertiser's opportunity drafts and list (issue 23 §2). */
export function createOpportunitiesRoutes(drafts: OpportunityDrafts): ModuleRoutes {
  return async (app) => {
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');
    const common = { tags, security: bearerSecurity };

    app.post(
      '/opportunities',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Saves a new draft opportunity (steps 1 and 2: info and brief)',
          body: opportunityDraftSchema,
          response: { 201: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: await drafts.create(currentUser(request), request.body) };
      },
    );

    app.get(
      '/opportunities',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "The caller's opportunities, newest first (drafts, or by the status filter)",
          querystring: opportunityListQuerySchema,
          response: { 200: opportunityListResponseSchema, ...errorResponses },
        },
      },
      async (request) => drafts.list(currentUser(request), request.query),
    );

    app.get(
      '/opportunities/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "One of the caller's opportunities",
          params: opportunityParams,
          response: { 200: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await drafts.get(currentUser(request), request.params.content_opportunity_id),
      }),
    );

    app.patch(
      '/opportunities/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Changes a draft opportunity',
          params: opportunityParams,
          body: opportunityDraftSchema,
          response: { 200: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await drafts.update(
          currentUser(request),
          request.params.content_opportunity_id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/opportunities/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'Discards a draft',
          params: opportunityParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await drafts.discard(currentUser(request), request.params.content_opportunity_id);
        return reply.code(204).send(null);
      },
    );
  };
}

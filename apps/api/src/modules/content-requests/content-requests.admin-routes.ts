import {
  adminDisputeListResponseSchema,
  adminLineListQuerySchema,
  adminLineListResponseSchema,
  adminPublicationListResponseSchema,
  adminQueueQuerySchema,
  disputeDecisionBodySchema,
  disputeDecisionResponseSchema,
  linkDecisionBodySchema,
  linkDecisionResponseSchema,
  publicationLinksBodySchema,
} from '@clipmarket/contracts/content-delivery';
import { lineResponseSchema } from '@clipmarket/contracts/content-requests';
import { errorResponseSchema } from '@clipmarket/contracts/errors';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { Disputes, Publication } from './delivery/index.js';

const stateErrors = { ...errorResponses, 409: errorResponseSchema };
const lineParams = idParamSchema('content_request_influencer_id');
const linkParams = idParamSchema('link_id');

/**
 * Publication and disputes (issue 11 §5, §7): the creator's links, and the team's queues of
 * links waiting and of disputed lines with their decisions, and every line (admins only).
 */
export function createPublicationRoutes(
  publication: Publication,
  disputes: Disputes,
): ModuleRoutes {
  return async (app) => {
    const admin = { preHandler: app.requireRole('ADMIN') };
    const adminSchema = { tags: ['admin'], security: bearerSecurity };

    app.post(
      '/content-request-influencers/:content_request_influencer_id/links',
      {
        preHandler: app.requireRole('TALENT'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['content-requests'],
          security: bearerSecurity,
          summary:
            'The creator submits the links of the published video (every platform once paid, the declined ones after)',
          params: lineParams,
          body: publicationLinksBodySchema,
          response: { 200: lineResponseSchema, ...stateErrors },
        },
      },
      async (request) => ({
        data: await publication.submitLinks(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body,
        ),
      }),
    );

    app.get(
      '/admin/publications',
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary: 'Publication links waiting for a decision, oldest first',
          querystring: adminQueueQuerySchema,
          response: { 200: adminPublicationListResponseSchema, ...errorResponses },
        },
      },
      async (request) => publication.listWaiting(request.query),
    );

    app.post(
      '/admin/publications/links/:link_id',
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary: 'Approves or declines one link (the line completes once all are approved)',
          params: linkParams,
          body: linkDecisionBodySchema,
          response: { 200: linkDecisionResponseSchema, ...stateErrors },
        },
      },
      async (request) => ({
        data: await publication.decideLink(
          currentUser(request),
          request.params.link_id,
          request.body,
        ),
      }),
    );

    app.get(
      '/admin/content-requests',
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary:
            "Every creator's line of the sent content requests, newest first: open, ended or all",
          querystring: adminLineListQuerySchema,
          response: { 200: adminLineListResponseSchema, ...errorResponses },
        },
      },
      async (request) => disputes.listLines(request.query),
    );

    app.get(
      '/admin/disputes',
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary:
            'Disputed rejections with both sides’ words, the videos (original included), the brief and the line’s history, oldest first',
          querystring: adminQueueQuerySchema,
          response: { 200: adminDisputeListResponseSchema, ...errorResponses },
        },
      },
      async (request) => disputes.list(currentUser(request), request.query),
    );

    app.post(
      '/admin/disputes/:content_request_influencer_id',
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary: 'Settles a dispute: approve for the creator, or uphold the rejection',
          params: lineParams,
          body: disputeDecisionBodySchema,
          response: { 200: disputeDecisionResponseSchema, ...stateErrors },
        },
      },
      async (request) => ({
        data: await disputes.decide(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body,
        ),
      }),
    );
  };
}

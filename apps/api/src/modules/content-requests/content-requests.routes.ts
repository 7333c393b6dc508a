import { z } from 'zod';
import { idempotencyHeadersSchema } from '@clipmarket/contracts/checkout';
import {
  contentRequestCheckoutBodySchema,
  contentRequestCheckoutResponseSchema,
  contentRequestDraftSchema,
  contentRequestLimitsResponseSchema,
  contentRequestListQuerySchema,
  contentRequestListResponseSchema,
  contentRequestQuoteBodySchema,
  contentRequestQuoteResponseSchema,
  contentRequestResponseSchema,
  creatorLineListQuerySchema,
  creatorLineListResponseSchema,
  lineResponseSchema,
  lineTransitionBodySchema,
  similarCreatorsResponseSchema,
} from '@clipmarket/contracts/content-requests';
import { lineInspirationBodySchema } from '@clipmarket/contracts/get-inspired';
import { lineShowcaseBodySchema } from '@clipmarket/contracts/media-kit';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { currentUser } from '../../platform/auth/guard.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { parseAcceptLanguage, toLanguageTag } from '../../platform/i18n.js';
import type { ContentRequestsService } from './content-requests.service.js';
import { offerSimilarCreators, type SimilarCreatorsPort } from './content-requests.similar.js';

const tags = ['content-requests'];
const requestParams = idParamSchema('content_request_id');
const lineParams = idParamSchema('content_request_influencer_id');

export function createContentRequestsRoutes(
  service: ContentRequestsService,
  idempotency: Idempotency,
  similarCreators: SimilarCreatorsPort,
): ModuleRoutes {
  return async (app) => {
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');
    const parties = app.requireRole('TALENT', 'BRAND', 'AGENCY');
    const common = { tags, security: bearerSecurity };

    app.get(
      '/content-requests/limits',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'The business settings the request screens show',
          response: { 200: contentRequestLimitsResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: await service.limits() }),
    );

    app.post(
      '/content-requests',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Saves a new draft content request',
          body: contentRequestDraftSchema,
          response: { 201: contentRequestResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: await service.create(currentUser(request), request.body) };
      },
    );

    app.get(
      '/content-requests',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary:
            "The caller's requests, newest first (drafts, or sent ones by their lines' states)",
          querystring: contentRequestListQuerySchema,
          response: { 200: contentRequestListResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.list(currentUser(request), request.query),
    );

    app.get(
      '/content-requests/:content_request_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "One of the caller's requests, with its lines once sent",
          params: requestParams,
          response: { 200: contentRequestResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.get(currentUser(request), request.params.content_request_id),
      }),
    );

    app.get(
      '/content-requests/:content_request_id/similar-creators',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary:
            'Creators like those who let the request expire or declined it (its own excluded)',
          params: requestParams,
          response: { 200: similarCreatorsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await offerSimilarCreators(
          { requests: service, similarCreators },
          currentUser(request),
          request.params.content_request_id,
          // Category labels in the page's language (the web sends it), else English.
          toLanguageTag(parseAcceptLanguage(request.headers['accept-language']) ?? 'en'),
        ),
      }),
    );

    app.patch(
      '/content-requests/:content_request_id',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Changes a request not sent yet (a draft, or one waiting for its payment)',
          params: requestParams,
          body: contentRequestDraftSchema,
          response: { 200: contentRequestResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.update(
          currentUser(request),
          request.params.content_request_id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/content-requests/:content_request_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'Deletes a draft',
          params: requestParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.remove(currentUser(request), request.params.content_request_id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/content-requests/:content_request_id/quote',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'What the checkout shows: the fee paid now, the content fees, the wallet',
          params: requestParams,
          body: contentRequestQuoteBodySchema,
          response: { 200: contentRequestQuoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.quote(
          currentUser(request),
          request.params.content_request_id,
          request.body.promo_code,
        ),
      }),
    );

    app.post(
      '/content-requests/:content_request_id/checkout',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            'Pays the platform fee (wallet or gateway) and sends the request (Idempotency-Key)',
          headers: idempotencyHeadersSchema,
          params: requestParams,
          body: contentRequestCheckoutBodySchema,
          response: { 200: contentRequestCheckoutResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = currentUser(request);
        return idempotency.once(request, reply, caller.userId, 200, async () => ({
          data: await service.checkout(caller, request.params.content_request_id, request.body),
        }));
      },
    );

    app.get(
      '/content-request-influencers',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          ...common,
          summary: "The caller's requests as a creator, newest first",
          querystring: creatorLineListQuerySchema,
          response: { 200: creatorLineListResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.listCreatorLines(currentUser(request), request.query),
    );

    app.get(
      '/content-request-influencers/:content_request_influencer_id',
      {
        preHandler: parties,
        schema: {
          ...common,
          summary: 'One line, seen by its creator or by its advertiser',
          params: lineParams,
          response: { 200: lineResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.getLine(
          currentUser(request),
          request.params.content_request_influencer_id,
        ),
      }),
    );

    app.put(
      '/content-request-influencers/:content_request_influencer_id/showcase',
      {
        // The line's creator too: told it does not exist (404), as anyone but its advertiser.
        preHandler: parties,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            "The line's advertiser allows (or stops allowing) the creator to show its published video in their media kit",
          params: lineParams,
          body: lineShowcaseBodySchema,
          response: { 200: lineResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.setShowcase(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body.allowed,
        ),
      }),
    );

    app.put(
      '/content-request-influencers/:content_request_influencer_id/inspiration',
      {
        // The advertiser too: told it does not exist (404), as anyone but the line's creator.
        preHandler: parties,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            "The line's creator allows (or stops allowing) its published video in Get inspired",
          params: lineParams,
          body: lineInspirationBodySchema,
          response: { 200: lineResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.setInspiration(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body.allowed,
        ),
      }),
    );

    app.post(
      '/content-request-influencers/:content_request_influencer_id/transitions',
      {
        preHandler: parties,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            'Takes a step of the line (accept, decline, cancel; dispute a rejection, with a reason): answers the line after it',
          params: lineParams,
          body: lineTransitionBodySchema,
          response: { 200: lineResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.transition(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body,
        ),
      }),
    );
  };
}

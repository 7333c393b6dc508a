import {
  deletedResponseSchema,
  favoriteIdsResponseSchema,
  favoritesResponseSchema,
  favoriteToggleBodySchema,
  favoriteToggleResponseSchema,
  platformQuerySchema,
  searchHistoryResponseSchema,
  searchInfluencersBodySchema,
  searchInfluencersResponseSchema,
  searchQuotaResponseSchema,
  shortListBodySchema,
  shortListDetailsResponseSchema,
  shortListInfluencerParamsSchema,
  shortListParamsSchema,
  shortListResponseSchema,
  shortListsResponseSchema,
} from '@clipmarket/contracts/discovery';
import { errorResponseSchema } from '@clipmarket/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import {
  parseAcceptLanguage,
  toLanguageTag,
  type Language,
  type LanguageTag,
} from '../../platform/i18n.js';
import type { DiscoveryService } from './discovery.service.js';

export function createDiscoveryRoutes(
  service: DiscoveryService,
  findUserLanguage: (userId: number) => Promise<Language>,
): ModuleRoutes {
  /** Category labels follow Accept-Language, else the caller's own language. */
  async function languageOf(request: FastifyRequest): Promise<LanguageTag> {
    return toLanguageTag(
      parseAcceptLanguage(request.headers['accept-language']) ??
        (await findUserLanguage(currentUser(request).userId)),
    );
  }

  return async (app) => {
    // Discovery is the advertisers' side: creators and admins get a 403, visitors a 401.
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');

    app.post(
      '/search/influencers',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Search creators with filters (spec §3); without cursor, counts one search',
          description:
            'Values of one filter are alternatives, filters combine. Results are ordered by ' +
            '`order_by` descending (ties by id) and paged with `next_cursor`; a request with ' +
            '`cursor` (and the same filters) reads the next page and is not counted.',
          security: bearerSecurity,
          body: searchInfluencersBodySchema,
          response: { 200: searchInfluencersResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.search(
          currentUser(request).userId,
          request.body,
          await languageOf(request),
        ),
      }),
    );

    app.get(
      '/search/quota',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'The caller’s search quota: paid period or free trial',
          security: bearerSecurity,
          response: { 200: searchQuotaResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.getQuota(currentUser(request).userId) }),
    );

    app.get(
      '/search/history',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'The caller’s last searches, newest first',
          security: bearerSecurity,
          response: { 200: searchHistoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.getHistory(currentUser(request).userId) }),
    );

    app.post(
      '/favorites/toggle',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Favourite a creator, or un-favourite one already favourited',
          security: bearerSecurity,
          body: favoriteToggleBodySchema,
          response: { 200: favoriteToggleResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.toggleFavorite(currentUser(request).userId, request.body.influencer_id),
      }),
    );

    app.get(
      '/favorites',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'The caller’s favourite creators as cards, most recent first',
          security: bearerSecurity,
          querystring: platformQuerySchema,
          response: { 200: favoritesResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.listFavorites(
          currentUser(request).userId,
          request.query.platform,
          await languageOf(request),
        ),
      }),
    );

    app.get(
      '/favorites/ids',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Ids of the caller’s favourite creators, most recent first',
          security: bearerSecurity,
          response: { 200: favoriteIdsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.listFavoriteIds(currentUser(request).userId) }),
    );

    app.get(
      '/short-lists',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'The caller’s shortlists, newest first',
          security: bearerSecurity,
          response: { 200: shortListsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.listShortLists(currentUser(request).userId) }),
    );

    app.post(
      '/short-lists',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Create a shortlist (names are unique per advertiser, whatever the case)',
          security: bearerSecurity,
          body: shortListBodySchema,
          response: { 201: shortListResponseSchema, 409: errorResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const list = await service.createShortList(currentUser(request).userId, request.body.name);
        return reply.status(201).send({ data: list });
      },
    );

    app.patch(
      '/short-lists/:short_list_id',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Rename one of the caller’s shortlists',
          security: bearerSecurity,
          params: shortListParamsSchema,
          body: shortListBodySchema,
          response: { 200: shortListResponseSchema, 409: errorResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.renameShortList(
          currentUser(request).userId,
          request.params.short_list_id,
          request.body.name,
        ),
      }),
    );

    app.delete(
      '/short-lists/:short_list_id',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Delete one of the caller’s shortlists',
          security: bearerSecurity,
          params: shortListParamsSchema,
          response: { 200: deletedResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteShortList(currentUser(request).userId, request.params.short_list_id);
        return { data: { deleted: true as const } };
      },
    );

    app.get(
      '/short-lists/:short_list_id',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'One of the caller’s shortlists with its creators as cards',
          security: bearerSecurity,
          params: shortListParamsSchema,
          querystring: platformQuerySchema,
          response: { 200: shortListDetailsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.getShortList(
          currentUser(request).userId,
          request.params.short_list_id,
          request.query.platform,
          await languageOf(request),
        ),
      }),
    );

    app.put(
      '/short-lists/:short_list_id/influencers/:influencer_id',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Add a creator to one of the caller’s shortlists (idempotent)',
          security: bearerSecurity,
          params: shortListInfluencerParamsSchema,
          response: { 200: shortListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.addToShortList(
          currentUser(request).userId,
          request.params.short_list_id,
          request.params.influencer_id,
        ),
      }),
    );

    app.delete(
      '/short-lists/:short_list_id/influencers/:influencer_id',
      {
        preHandler: advertisersOnly,
        schema: {
          tags: ['discovery'],
          summary: 'Remove a creator from one of the caller’s shortlists (idempotent)',
          security: bearerSecurity,
          params: shortListInfluencerParamsSchema,
          response: { 200: shortListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.removeFromShortList(
          currentUser(request).userId,
          request.params.short_list_id,
          request.params.influencer_id,
        ),
      }),
    );
  };
}

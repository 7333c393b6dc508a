import { errorResponseSchema } from '@clipmarket/contracts/errors';
import {
  businessSectorListResponseSchema,
  categoryListResponseSchema,
  cityListResponseSchema,
  countryListResponseSchema,
  countryParamsSchema,
  countryStateListResponseSchema,
  countryStateParamsSchema,
  referenceEnumsResponseSchema,
  referenceLanguageQuerySchema,
  type ReferenceLanguage,
} from '@clipmarket/contracts/reference-data';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveLanguage, toLanguageTag } from '../../platform/i18n.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { ReferenceDataService } from './reference-data.service.js';

/**
 * The language of a reference answer: `?lang=` first, else the best Accept-Language entry we
 * speak, else English (the spec's fallback). `tn`, the interface's Arabic, answers in Arabic.
 */
export function resolveReferenceLanguage(
  lang: string | undefined,
  acceptLanguage: string | undefined,
): ReferenceLanguage {
  return toLanguageTag(resolveLanguage(lang, acceptLanguage) ?? 'en');
}

const languageOf = (request: FastifyRequest<{ Querystring: { lang?: string } }>) =>
  resolveReferenceLanguage(request.query.lang, request.headers['accept-language']);

/** Reference lists change with a deploy at most: browsers and proxies may keep them an hour. */
function cacheForAnHour(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=3600');
  reply.header('vary', 'Accept-Language');
}

const tags = ['reference-data'];

/** Public reference lists (spec §7 /category/find, /country/find, …); no token needed. */
export function createReferenceDataRoutes(service: ReferenceDataService): ModuleRoutes {
  return async (app) => {
    app.get(
      '/category/find',
      {
        schema: {
          tags,
          summary: 'Content categories',
          querystring: referenceLanguageQuerySchema,
          response: { 200: categoryListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        cacheForAnHour(reply);
        return { data: await service.listCategories(languageOf(request)) };
      },
    );

    app.get(
      '/business-sector/find',
      {
        schema: {
          tags,
          summary: 'Business sectors of advertisers',
          querystring: referenceLanguageQuerySchema,
          response: { 200: businessSectorListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        cacheForAnHour(reply);
        return { data: await service.listBusinessSectors(languageOf(request)) };
      },
    );

    app.get(
      '/country/find',
      {
        schema: {
          tags,
          summary: 'Countries (Tunisia first) with flag, dialling prefix and region',
          querystring: referenceLanguageQuerySchema,
          response: { 200: countryListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        cacheForAnHour(reply);
        return { data: service.listCountries(languageOf(request)) };
      },
    );

    app.get(
      '/country/states/:country',
      {
        schema: {
          tags,
          summary: 'Subdivisions of a country (Tunisia: the 24 governorates)',
          params: countryParamsSchema,
          querystring: referenceLanguageQuerySchema,
          response: {
            200: countryStateListResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const data = await service.listStates(request.params.country, languageOf(request));
        cacheForAnHour(reply);
        return { data };
      },
    );

    app.get(
      '/country/states/:country/:state/cities',
      {
        schema: {
          tags,
          summary: 'Cities of a subdivision',
          params: countryStateParamsSchema,
          querystring: referenceLanguageQuerySchema,
          response: {
            200: cityListResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { country, state } = request.params;
        const data = await service.listCities(country, state);
        cacheForAnHour(reply);
        return { data };
      },
    );

    app.get(
      '/reference/enums',
      {
        schema: {
          tags,
          summary: 'Fixed choice lists: genders, age bands, platforms, search bands',
          querystring: referenceLanguageQuerySchema,
          response: { 200: referenceEnumsResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        cacheForAnHour(reply);
        return { data: service.getEnums(languageOf(request)) };
      },
    );
  };
}

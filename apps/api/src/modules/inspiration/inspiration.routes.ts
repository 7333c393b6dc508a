import {
  getInspiredQuerySchema,
  getInspiredResponseSchema,
} from '@clipmarket/contracts/get-inspired';
import { idSchema } from '@clipmarket/contracts/primitives';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_FILE_CONTENT_SECURITY_POLICY } from '../../platform/http/security-headers.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { InspirationService } from './inspiration.service.js';

const tags = ['get-inspired'];

/**
 * Posters are asked by `<img>` tags, which carry no bearer token: public, as the published
 * post itself, while both consents hold. Browsers keep one five minutes, so a withdrawn
 * consent takes effect in the gallery at once and in caches within minutes.
 */
const POSTER_CACHE_CONTROL = 'public, max-age=300';

/** `GET /v2/get-inspired` and its posters. */
export function createInspirationRoutes(service: InspirationService): ModuleRoutes {
  return async (app) => {
    app.get(
      '/get-inspired',
      {
        // Creators look for ideas, advertisers for creators; admins have no gallery (403).
        preHandler: app.requireRole('TALENT', 'BRAND', 'AGENCY'),
        schema: {
          tags,
          summary:
            'Published videos whose creator and advertiser both allowed showing them, newest first',
          security: bearerSecurity,
          querystring: getInspiredQuerySchema,
          response: { 200: getInspiredResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.list(request.query),
    );

    app.get(
      '/get-inspired/:line_id/poster',
      {
        config: {
          rateLimit: {
            max: 300,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `get-inspired-poster:${request.ip}`,
          },
        },
        schema: {
          tags,
          summary: "A gallery video's poster (JPEG), while both consents hold",
          params: z.object({ line_id: idSchema }),
        },
      },
      async (request, reply) => {
        const poster = await service.poster(request.params.line_id);
        return reply
          .header('cache-control', POSTER_CACHE_CONTROL)
          .header('content-security-policy', USER_FILE_CONTENT_SECURITY_POLICY)
          .type('image/jpeg')
          .send(poster);
      },
    );
  };
}

import {
  TRACKED_LINK_CODE_MAX,
  toolboxLineParamsSchema,
  toolboxLineResponseSchema,
  toolboxResponseSchema,
  trackedLinkCodePattern,
} from '@clipmarket/contracts/tracked-links';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { TrackedLinksService } from './tracked-links.service.js';

/**
 * Visits of short links per address and minute (`LINK_RATE_LIMIT_PER_MINUTE`, 120 by default):
 * generous for people behind one carrier address (mobile networks share them), low enough that
 * one address cannot flood the clicks table.
 */
const redirectRateLimit = (perMinute: number) => ({
  max: perMinute,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `tracked-link:${request.ip}`,
});

/** What a visitor of an unknown (or mistyped) short link sees, in the three languages. */
const UNKNOWN_LINK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Link not found · Clipmarket</title></head>
<body><main>
<h1>This link does not exist</h1><p>Check the address, or ask whoever shared it.</p>
<p lang="fr">Ce lien n'existe pas. Vérifiez l'adresse ou demandez-la à qui vous l'a partagée.</p>
<p lang="ar" dir="rtl">هذا الرابط غير موجود. تحقّق من العنوان أو اسأل من شاركه معك.</p>
</main></body></html>`;

function unknownLink(reply: FastifyReply) {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(UNKNOWN_LINK_PAGE);
}

/** `GET /l/{code}` (outside /v2): counts the visit and sends the visitor on to the page. */
export function createRedirectRoutes(
  service: TrackedLinksService,
  visitsPerMinute: number,
): ModuleRoutes {
  return async (app) => {
    app.get(
      '/l/:code',
      {
        config: { rateLimit: redirectRateLimit(visitsPerMinute) },
        schema: {
          tags: ['tracked-links'],
          summary: 'A short link: 302 to the advertiser page with UTMs; the visit counted',
          params: z.object({ code: z.string() }),
        },
      },
      async (request, reply) => {
        const code = request.params.code.toLowerCase();
        if (code.length > TRACKED_LINK_CODE_MAX || !trackedLinkCodePattern.test(code)) {
          return unknownLink(reply);
        }
        const headers = request.headers;
        const target = await service.visit({
          code,
          counted: request.method === 'GET',
          ip: request.ip,
          userAgent: headers['user-agent'],
          referer: headers.referer,
          countryHeader: firstValue(headers['cf-ipcountry']),
        });
        if (!target) return unknownLink(reply);
        // Each visit must reach us to be counted: nobody keeps the answer.
        return reply.header('cache-control', 'private, no-store').redirect(target, 302);
      },
    );
  };
}

const firstValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/** The creator's toolbox (`/v2/toolbox…`). */
export function createToolboxRoutes(service: TrackedLinksService): ModuleRoutes {
  return async (app) => {
    const creator = { preHandler: app.requireRole('TALENT') };

    app.get(
      '/toolbox',
      {
        ...creator,
        schema: {
          tags: ['tracked-links'],
          summary: "The creator's deliveries from acceptance on, with their short links and clicks",
          security: bearerSecurity,
          response: { 200: toolboxResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.toolboxOf(currentUser(request)) }),
    );

    app.get(
      '/toolbox/:content_request_influencer_id',
      {
        ...creator,
        schema: {
          tags: ['tracked-links'],
          summary: "One delivery's short links (made on first open), QR codes and where they go",
          security: bearerSecurity,
          params: toolboxLineParamsSchema,
          response: { 200: toolboxLineResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.toolboxLine(
          currentUser(request),
          request.params.content_request_influencer_id,
        ),
      }),
    );
  };
}

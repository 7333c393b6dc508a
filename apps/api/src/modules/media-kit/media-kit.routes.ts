import fs from 'node:fs/promises';
import path from 'node:path';
import {
  mediaKitPath,
  mediaKitResponseSchema,
  mediaKitSettingsSchema,
  publicMediaKitParamsSchema,
  publicMediaKitResponseSchema,
} from '@clipmarket/contracts/media-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import { USER_FILE_CONTENT_SECURITY_POLICY } from '../../platform/http/security-headers.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { REVALIDATE_CACHE_CONTROL } from '../../platform/http/web-app.js';
import type { createMediaKitService } from './media-kit.service.js';

type MediaKitService = ReturnType<typeof createMediaKitService>;

const tags = ['media-kit'];

/** Public kits per address and minute, as the shared campaign report. */
const publicRateLimit = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `media-kit:${request.ip}`,
};

/** A rendering's files never change (each rendering has a new folder). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const visitorOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** `attachment; filename="…"` (the name is ASCII already). */
const attachment = (filename: string) => `attachment; filename="${filename}"`;

/** The creator's builder and the public kit (`/v2/media-kit…`, `/v2/media-kits/…`). */
export function createMediaKitRoutes(service: MediaKitService): ModuleRoutes {
  return async (app) => {
    const creator = { preHandler: app.requireRole('TALENT') };

    app.get(
      '/media-kit',
      {
        ...creator,
        schema: {
          tags,
          summary: "The creator's media kit: settings, live preview, last rendering, counters",
          security: bearerSecurity,
          response: { 200: mediaKitResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.get(currentUser(request)) }),
    );

    app.put(
      '/media-kit',
      {
        ...creator,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Saves the media kit settings and queues its rendering (PDF and page pictures)',
          security: bearerSecurity,
          body: mediaKitSettingsSchema,
          response: { 200: mediaKitResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.save(currentUser(request), request.body) }),
    );

    app.get(
      '/media-kits/:influencer_name',
      {
        config: { rateLimit: publicRateLimit },
        schema: {
          tags,
          summary: "A creator's published media kit (no sign-in); a view is counted",
          params: publicMediaKitParamsSchema,
          response: { 200: publicMediaKitResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const kit = await service.publicKit(request.params.influencer_name, visitorOf(request));
        // Each visit must reach us to be counted, and a hidden kit must disappear at once.
        void reply.header('cache-control', 'private, no-store');
        return { data: kit };
      },
    );

    app.get(
      '/media-kits/:influencer_name/pdf',
      {
        config: { rateLimit: publicRateLimit },
        schema: {
          tags,
          summary: "A creator's published media kit as a PDF (no sign-in); a download is counted",
          params: publicMediaKitParamsSchema,
        },
      },
      async (request, reply) => {
        const { stream, filename } = await service.publicPdf(
          request.params.influencer_name,
          visitorOf(request),
        );
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', attachment(filename))
          .header('content-security-policy', USER_FILE_CONTENT_SECURITY_POLICY)
          .type('application/pdf')
          .send(stream);
      },
    );

    app.get(
      '/media-kit-files/:render_key/:file',
      {
        schema: {
          tags,
          summary:
            "A file of a media kit's rendering: its PDF, a page's picture or a video's poster",
          params: z.object({ render_key: z.string().max(64), file: z.string().max(32) }),
        },
      },
      async (request, reply) => {
        const file = await service.renderedFile(request.params.render_key, request.params.file);
        void reply
          .header('cache-control', IMMUTABLE)
          .header('content-length', String(file.size))
          .header('content-security-policy', USER_FILE_CONTENT_SECURITY_POLICY)
          .type(file.type);
        // A PDF can carry scripts and forms: always a download (as media's files).
        if (file.type === 'application/pdf') {
          void reply.header('content-disposition', attachment(file.filename));
        }
        return reply.send(file.stream);
      },
    );
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The web app's page of a public kit (`/media_kit/{name}`, outside /v2): the build's
 * media-kit.html (the kit's own entry, without the rest of the app: its first load stays within
 * 100 KB gzip of JavaScript, issue 25 §7) with the kit's link preview (`og:*`, `twitter:card`)
 * for social apps that read no JavaScript; an old name is moved (301) to the current one.
 * Without a built web app, the app's usual 404.
 */
export function createMediaKitPageRoutes(
  service: MediaKitService,
  webDistDir: string,
): ModuleRoutes {
  return async (app) => {
    app.get(
      '/media_kit/:influencer_name',
      { schema: { hide: true, params: z.object({ influencer_name: z.string().max(200) }) } },
      async (request, reply) => {
        const html = await fs
          .readFile(path.join(webDistDir, 'media-kit.html'), 'utf8')
          .catch(() => undefined);
        if (html === undefined) {
          return reply
            .status(404)
            .send({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
        }
        const name = request.params.influencer_name;
        const preview = name.length <= 100 ? await service.linkPreview(name) : undefined;
        if (preview && preview.influencerName.toLowerCase() !== name.toLowerCase()) {
          return reply.redirect(mediaKitPath(preview.influencerName), 301);
        }
        const tags = preview
          ? [
              ['og:type', 'profile'],
              ['og:title', preview.title],
              ['og:description', preview.description],
              ...(preview.imageUrl ? [['og:image', preview.imageUrl]] : []),
            ]
              .map(
                ([property, content]) =>
                  `<meta property="${property}" content="${escapeHtml(content!)}">`,
              )
              .concat(
                `<meta name="twitter:card" content="${preview.imageUrl ? 'summary_large_image' : 'summary'}">`,
              )
              .join('\n')
          : '';
        return reply
          .header('cache-control', REVALIDATE_CACHE_CONTROL)
          .type('text/html; charset=utf-8')
          .send(tags ? html.replace('</head>', `${tags}\n</head>`) : html);
      },
    );
  };
}

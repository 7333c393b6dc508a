import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build output (Vite's `assets/`): a new build gives new names, so it never changes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but revalidated (ETag) on every use. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Route not found' } });

/**
 * Serves the built web app (WEB_DIST_DIR) with client-side routing fallback:
 * - text files are sent as the build's precompressed `.br` / `.gz` sibling when the browser
 *   accepts it (`Vary: Accept-Encoding` either way); nothing is compressed per request;
 * - `/assets/*` (content-hashed names) are cached for a year, `immutable`; index.html, the SPA
 *   fallback and the other unhashed files (favicon) are `no-cache`: a deploy is seen at once;
 * - any other GET or HEAD outside the API gets index.html (HEAD: headers only);
 * - an unknown `/assets/…` file (a chunk of an older build, asked for by a tab opened before a
 *   deploy) is a 404, so the page offers "Retry", instead of index.html read as JavaScript.
 * API routes (/v2, /socket.io) keep their own headers and their JSON 404.
 */
export function serveWebApp(app: FastifyInstance, distDir: string) {
  const hasWeb = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    const assetsDir = path.join(path.resolve(distDir), 'assets') + path.sep;
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        void reply.header(
          'cache-control',
          path.resolve(filePath).startsWith(assetsDir)
            ? IMMUTABLE_CACHE_CONTROL
            : REVALIDATE_CACHE_CONTROL,
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/v2') || request.url.startsWith('/socket.io');
    const isAsset = request.url.startsWith('/assets/');
    const isPageMethod = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && !isAsset && hasWeb && isPageMethod) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return notFound(reply);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.js';

/**
 * Content-Security-Policy of the web app (index.html and its assets). Scripts only from our
 * origin and never inline (the built index.html has none; Vite emits module files). Styles
 * allow 'unsafe-inline' because Mantine writes its CSS variables into a <style> element and
 * sets `style` attributes on its components; no script can run from a style. Images also from
 * data: and blob: (previews of a file being uploaded), the socket on ws:/wss:.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Content-Security-Policy of the API documentation (`/v2/docs`, Swagger UI): its page loads its
 * scripts from files of our origin (none inline), draws with inline styles and data: images,
 * and calls the API on this origin ("Try it out"). No frame, form or plugin.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Powerful browser features no page of ours uses, denied on every answer (also to anything an
 * uploaded file could make a browser run): camera, microphone, location, payment, USB, sensors,
 * screen capture and the like. Fullscreen stays allowed for our own pages (the video player).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Every user file is served sandboxed: opened as a page (a link, a new tab) it runs no script,
 * loads nothing, and has an origin of its own, never the product's (an HTML or SVG disguised as
 * an image, or a PDF's JavaScript, cannot reach the session). GitHub's policy for raw files.
 */
export const USER_FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The API documentation's pages and assets. */
const isDocsRequest = (request: FastifyRequest) =>
  request.url === '/v2/docs' || request.url.startsWith('/v2/docs/');

/** API answers and the socket: JSON for the app, not pages. */
export const isApiRequest = (request: FastifyRequest) =>
  request.url.startsWith('/v2/') || request.url === '/v2' || request.url.startsWith('/socket.io');

/**
 * Origins allowed to call the API from a browser: CORS_ORIGINS, else the origin of PUBLIC_URL.
 * The web app is served by the API (same origin), which needs no CORS at all; an empty list
 * means no Access-Control-Allow-Origin for anybody.
 */
export function allowedCorsOrigins(env: Pick<Env, 'CORS_ORIGINS' | 'PUBLIC_URL'>): string[] {
  if (env.CORS_ORIGINS) return env.CORS_ORIGINS;
  return env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : [];
}

/**
 * Headers set on every answer unless the route chose its own:
 * - API answers carry tokens (login, refresh, sign-up, reset) or someone's private data
 *   (getMe, settings): `Cache-Control: no-store`, so no shared or browser cache keeps them.
 *   Routes of public, cacheable data (reference data, public images) set their own.
 * - Pages of the web app get the Content-Security-Policy; the API documentation its own.
 * - Every answer gets the Permissions-Policy.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isDocsRequest(request)) {
      void reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
    }
    if (isApiRequest(request)) {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    } else {
      void reply.header('content-security-policy', WEB_CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}

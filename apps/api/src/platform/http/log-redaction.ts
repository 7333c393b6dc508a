import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value is a secret: tokens (e-mail links, legacy `access_token`),
 * signed-URL signatures, passwords. Matched without regard to case.
 */
const secretParams = new Set([
  'access_token',
  'accesstoken',
  'token',
  'refresh_token',
  'refreshtoken',
  'id_token',
  'signature',
  'sig',
  'password',
  'secret',
  'api_key',
  'apikey',
  'key',
  'code',
]);

export const REDACTED = '[REDACTED]';

/**
 * The URL with the values of secret query parameters replaced, for logs: a log line must not
 * be a way into an account (a reset link's token, an access token some old client still sends).
 * Everything else, including the order of the parameters, is kept.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hashStart = url.indexOf('#', start);
  const end = hashStart < 0 ? url.length : hashStart;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return eq >= 0 && secretParams.has(name.trim().toLowerCase())
        ? `${rawName}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}${url.slice(end)}`;
}

/** Fastify's request serializer with the URL redacted (the same fields as its default). */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  contentVideoListResponseSchema,
  originalLinkResponseSchema,
  videoLimitsResponseSchema,
} from '@clipmarket/contracts/content-delivery';
import { errorResponseSchema, type ErrorCode } from '@clipmarket/contracts/errors';
import { idSchema } from '@clipmarket/contracts/primitives';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/errors.js';
import { USER_FILE_CONTENT_SECURITY_POLICY } from '../../platform/http/security-headers.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { mediaKinds, type ContentVideosService } from './content-videos.service.js';
import type { TusAnswer, VideoUploads } from './content-videos.uploads.js';

const tags = ['content-videos'];
const lineParams = z.object({ content_request_influencer_id: idSchema });
const videoParams = lineParams.extend({ video_id: idSchema });
const signedParams = z.object({ video_id: idSchema, kind: z.enum(mediaKinds) });
const signedQuery = z.object({
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  user: idSchema.optional(),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid signature')
    .optional(),
});
const uploadParams = z.object({ upload_id: z.string().regex(/^[a-f0-9]{8,64}$/) });

/** tus' own refusals are plain text: answered in the API's `{ error: { code, message } }`. */
const codeByStatus: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'INVALID_TRANSITION',
  410: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function isJsonError(body: string) {
  return body.startsWith('{"error"');
}

/** The request as the web `Request` tus takes; its body streams from the socket untouched. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody =
    request.method === 'POST' &&
    request.headers['content-type'] === 'application/offset+octet-stream';
  return new Request(`http://localhost${request.raw.url ?? '/'}`, {
    method: request.method,
    headers,
    ...(hasBody
      ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' }
      : {}),
  } as RequestInit);
}

function sendTus(reply: FastifyReply, answer: TusAnswer) {
  void reply.status(answer.status);
  answer.headers.forEach((value, name) => {
    // Which origins may call is the app's CORS policy (@fastify/cors), not tus' default `*`;
    // tus' exposed headers (Upload-Offset, Location, …) are kept for allowed origins.
    if (name === 'content-length' || name === 'content-type') return;
    if (name.startsWith('access-control-allow-')) return;
    void reply.header(name, value);
  });
  if (answer.status < 400) {
    void reply.header('cache-control', 'no-store');
    return reply.send(answer.body || undefined);
  }
  const body = isJsonError(answer.body)
    ? answer.body
    : JSON.stringify({
        error: {
          code:
            codeByStatus[answer.status] ??
            (answer.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED'),
          message: answer.body.trim() || 'Upload refused',
        },
      });
  return reply.type('application/json; charset=utf-8').send(body);
}

/** `attachment; filename="…"` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function createContentVideosRoutes(deps: {
  service: ContentVideosService;
  uploads: VideoUploads;
  uploadRateLimitPerMinute: number;
}): ModuleRoutes {
  const { service, uploads } = deps;
  return async (app) => {
    // tus PATCH bodies stream to the upload's file as they arrive: no parser reads them here.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
      done(null);
    });
    const parties = app.requireRole('TALENT', 'BRAND', 'AGENCY', 'ADMIN');
    const tusDescription =
      'tus 1.0.0 (creation, creation-with-upload, termination). `Upload-Metadata`: ' +
      'content_request_influencer_id, filename, filetype, consent="true". Refusals answer ' +
      '`{ error: { code, message } }`: 400 VIDEO_CONSENT_REQUIRED, 413 PAYLOAD_TOO_LARGE (the ' +
      'limit in MB), 400 INVALID_VIDEO (probed by content when the last byte arrives), 404 a ' +
      "line or upload not the caller's, 409 a line not waiting for a video.";
    const runTus = async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = currentUser(request);
      if (request.method !== 'PATCH') {
        return sendTus(reply, await uploads.handle(toWebRequest(request), caller));
      }
      // The bytes: straight from the socket to the file (see content-videos.uploads.ts).
      if (request.headers['content-type'] !== 'application/offset+octet-stream') {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Content-Type application/offset+octet-stream required',
        );
      }
      const answer = await uploads.patch({
        uploadId: uploadParams.parse(request.params).upload_id,
        offset: request.headers['upload-offset'] as string | undefined,
        contentLength: request.headers['content-length'],
        body: request.raw,
        caller,
      });
      return sendTus(reply, answer);
    };

    app.post(
      '/content-videos/uploads',
      {
        preHandler: app.authenticate,
        // Per user: a creator's uploads, not the carrier's shared address (like media).
        config: {
          rateLimit: {
            max: deps.uploadRateLimitPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) =>
              request.auth
                ? `video-upload:user:${request.auth.userId}`
                : `video-upload:ip:${request.ip}`,
          },
        },
        schema: {
          tags,
          summary: 'Create a resumable video upload (tus)',
          description: tusDescription,
          security: bearerSecurity,
        },
      },
      runTus,
    );

    app.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: '/content-videos/uploads/:upload_id',
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Resume (HEAD: offset; PATCH: bytes) or cancel (DELETE) an unfinished upload',
        description: tusDescription,
        security: bearerSecurity,
        params: uploadParams,
      },
      handler: runTus,
    });

    app.get(
      '/content-videos/limits',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Upload limits: the largest video and the allowed types',
          security: bearerSecurity,
          response: { 200: videoLimitsResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: await service.limits() }),
    );

    app.get(
      '/content-request-influencers/:content_request_influencer_id/videos',
      {
        preHandler: parties,
        schema: {
          tags,
          summary: "A line's videos, newest version first (its creator, advertiser, admins)",
          security: bearerSecurity,
          params: lineParams,
          response: { 200: contentVideoListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.listForCaller(
          currentUser(request),
          request.params.content_request_influencer_id,
        ),
      }),
    );

    app.get(
      '/content-request-influencers/:content_request_influencer_id/videos/:video_id/original',
      {
        preHandler: parties,
        schema: {
          tags,
          summary: "The HD original's short-lived link (the advertiser once paid)",
          security: bearerSecurity,
          params: videoParams,
          response: {
            200: originalLinkResponseSchema,
            409: errorResponseSchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const { content_request_influencer_id: lineId, video_id: videoId } = request.params;
        return { data: await service.originalLink(currentUser(request), lineId, videoId) };
      },
    );

    app.delete(
      '/content-request-influencers/:content_request_influencer_id/videos/:video_id',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          tags,
          summary: 'Delete a version that failed processing (the creator)',
          security: bearerSecurity,
          params: videoParams,
          response: { 204: z.null(), 409: errorResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { content_request_influencer_id: lineId, video_id: videoId } = request.params;
        await service.remove(currentUser(request), lineId, videoId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/content-videos/:video_id/:kind',
      {
        schema: {
          tags,
          summary: 'Read a poster, preview or original through its signed URL (Range supported)',
          params: signedParams,
          querystring: signedQuery,
          response: { 404: errorResponseSchema },
        },
      },
      async (request, typedReply) => {
        // The body is the file's bytes, not JSON: the plain reply type, not the schema's.
        const reply = typedReply as FastifyReply;
        const { video_id: videoId, kind } = request.params;
        const media = await service.openSigned({
          videoId,
          kind,
          grant: request.query,
          range: request.headers.range,
        });
        const seconds = Math.max(0, media.expires - Math.floor(Date.now() / 1000));
        reply.header('accept-ranges', 'bytes');
        reply.header('x-content-type-options', 'nosniff');
        // Opened as a page, a creator's file runs nothing on the product's origin.
        reply.header('content-security-policy', USER_FILE_CONTENT_SECURITY_POLICY);
        reply.header(
          'cache-control',
          kind === 'original' ? 'private, no-store' : `private, max-age=${seconds}`,
        );
        reply.header(
          'content-disposition',
          contentDisposition(kind === 'original' ? 'attachment' : 'inline', media.downloadName),
        );
        if (media.status === 416 || !media.stream) {
          reply.header('content-range', `bytes */${media.totalBytes}`);
          return reply.status(416).send();
        }
        if (media.range) {
          reply.header(
            'content-range',
            `bytes ${media.range.start}-${media.range.end}/${media.totalBytes}`,
          );
          reply.header('content-length', media.range.end - media.range.start + 1);
        } else {
          reply.header('content-length', media.totalBytes);
        }
        return reply.status(media.status).type(media.mimeType).send(media.stream);
      },
    );
  };
}

import { errorResponseSchema } from '@clipmarket/contracts/errors';
import {
  mediaReadParamsSchema,
  mediaReadQuerySchema,
  privateUrlQuerySchema,
  privateUrlResponseSchema,
  uploadMessages,
  uploadQuerySchema,
  uploadResponseSchema,
  type MediaPurpose,
} from '@clipmarket/contracts/media';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/errors.js';
import { USER_FILE_CONTENT_SECURITY_POLICY } from '../../platform/http/security-headers.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { acceptByPurpose, type MediaService, type UploadAccept } from './media.service.js';
import { IMAGE_QUEUE_RETRY_AFTER_SECONDS } from './image-variants.js';
import type { UrlSigner } from './signed-url.js';
import { closeWithoutReset, drain } from './upload-stream.js';

/** Uploaded files never change: a year in every cache, revalidation never needed. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/**
 * Only images are shown in the browser (their type decided by their content, nosniff); any
 * other file (a PDF, which can carry scripts and forms) is always a download, whatever the
 * link asked.
 */
export function dispositionOf(mimeType: string, action: 'view' | 'download' | undefined) {
  return mimeType.startsWith('image/') && action !== 'download' ? 'inline' : 'attachment';
}

const uploadResponses = {
  200: uploadResponseSchema,
  400: errorResponseSchema,
  401: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

/** `attachment; filename="…"` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function createMediaRoutes(deps: {
  service: MediaService;
  signer: UrlSigner;
  uploadRateLimitPerMinute: number;
}): ModuleRoutes {
  const { service, signer } = deps;

  // Per user rather than per address: creators often share one mobile carrier NAT.
  const rateLimit = {
    max: deps.uploadRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `upload:user:${request.auth.userId}` : `upload:ip:${request.ip}`,
  };

  /**
   * An image upload of a user whose images fill their share of the queue is refused before its
   * body is read: the answer goes out at once and the connection is closed rather than drained,
   * so a flood costs neither the bytes nor the parsing (ADR 031).
   */
  async function refuseWhenImageQueueFull(
    request: FastifyRequest<{ Querystring: { purpose: MediaPurpose } }>,
    reply: FastifyReply,
  ) {
    if (acceptByPurpose[request.query.purpose] !== 'image') return;
    if (!service.isImageQueueFull(currentUser(request).userId)) return;
    void reply
      .header('retry-after', String(IMAGE_QUEUE_RETRY_AFTER_SECONDS))
      .header('connection', 'close');
    closeWithoutReset(request.raw.socket);
    throw new AppError('IMAGE_QUEUE_FULL', uploadMessages.queueFull);
  }

  async function receiveUpload(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: MediaPurpose,
    accept: UploadAccept,
  ) {
    const { userId } = currentUser(request);
    const part = await request
      .file({
        // One byte over the limit reaches the service, which tells "too large" from "exactly max".
        limits: { files: 1, fields: 10, fileSize: service.maxUploadBytes + 1 },
        throwFileSizeLimit: false,
      })
      .catch((error: Error & { statusCode?: number }) => {
        // Fastify's own multipart errors carry their status; busboy's parse errors do not.
        if (error.statusCode) throw error;
        throw new AppError('VALIDATION_FAILED', uploadMessages.interrupted, [
          { field: 'file', message: uploadMessages.interrupted },
        ]);
      });
    if (!part || part.fieldname !== 'file') {
      if (part) await drain(part.file);
      throw new AppError('VALIDATION_FAILED', uploadMessages.fileRequired, [
        { field: 'file', message: uploadMessages.fileRequired },
      ]);
    }
    const efile = await service
      .upload({ ownerUserId: userId, purpose, accept, filename: part.filename, stream: part.file })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'IMAGE_QUEUE_FULL') {
          void reply.header('retry-after', String(IMAGE_QUEUE_RETRY_AFTER_SECONDS));
        }
        throw error;
      });
    return reply.status(200).send({ data: efile });
  }

  return async (app) => {
    const uploadSchema = (summary: string) => ({
      tags: ['media'],
      summary,
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      querystring: uploadQuerySchema,
      response: uploadResponses,
    });

    app.post(
      '/media/upload',
      {
        preHandler: [app.authenticate, refuseWhenImageQueueFull],
        config: { rateLimit },
        schema: uploadSchema(
          'Upload a file (multipart field "file"); purpose decides types and visibility',
        ),
      },
      (request, reply) =>
        receiveUpload(
          request,
          reply,
          request.query.purpose,
          acceptByPurpose[request.query.purpose],
        ),
    );

    app.post(
      '/media/uploadV2',
      {
        preHandler: [app.authenticate, refuseWhenImageQueueFull],
        config: { rateLimit },
        schema: uploadSchema('Same as /media/upload (spec §7 variant)'),
      },
      (request, reply) =>
        receiveUpload(
          request,
          reply,
          request.query.purpose,
          acceptByPurpose[request.query.purpose],
        ),
    );

    app.post(
      '/media/uploadPdf',
      {
        preHandler: app.authenticate,
        config: { rateLimit },
        schema: {
          tags: ['media'],
          summary: 'Upload a PDF document (multipart field "file")',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: uploadResponses,
        },
      },
      (request, reply) => receiveUpload(request, reply, 'document', 'pdf'),
    );

    app.get(
      '/media/private-url',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['media'],
          summary: 'A read URL of a file the caller may read, signed and short-lived if private',
          description:
            'For <img> tags, which cannot send the bearer header: a private file (CIN scan) of ' +
            'the caller, or any for an admin, gets `?expires=…&user=…&signature=…` valid a few ' +
            'minutes; anybody else gets 404.',
          security: bearerSecurity,
          querystring: privateUrlQuerySchema,
          response: { 200: privateUrlResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        const { file_id: fileId, size, action } = request.query;
        const readable = await service.findReadable(viewer, fileId);
        const query = new URLSearchParams();
        if (action) query.set('action', action);
        let expiresAt: string | null = null;
        if (!readable.isPublic) {
          const grant = signer.sign(readable.file, viewer.userId);
          query.set('expires', String(grant.expires));
          query.set('user', String(grant.user));
          query.set('signature', grant.signature);
          expiresAt = new Date(grant.expires * 1000).toISOString();
        }
        const search = query.size > 0 ? `?${query.toString()}` : '';
        void reply.header('cache-control', PRIVATE_CACHE);
        return {
          data: { url: `/v2/media/${size}/${readable.file}${search}`, expires_at: expiresAt },
        };
      },
    );

    app.get(
      '/media/:size/:file',
      {
        schema: {
          tags: ['media'],
          summary:
            'Read a file: /media/{thumb|medium|full}/{token}.{ext}; private files need the ' +
            "owner's or an admin's bearer token, or a signed URL from /media/private-url",
          params: mediaReadParamsSchema,
          querystring: mediaReadQuerySchema,
          response: { 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, typedReply) => {
        // The body is the file's bytes, not JSON: the plain reply type, not the schema's.
        const reply = typedReply as FastifyReply;
        const { action, expires, user, signature } = request.query;
        // An expired or forged signature reads like no signature: the file does not exist.
        const isSignedRead =
          signature !== undefined &&
          signer.verify(request.params.file, { expires, user, signature });
        const file = await service.openForRead({
          file: request.params.file,
          size: request.params.size,
          viewer: request.auth,
          isSignedRead,
        });
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', USER_FILE_CONTENT_SECURITY_POLICY);
        reply.header('cache-control', file.isPublic ? PUBLIC_CACHE : PRIVATE_CACHE);
        reply.header(
          'content-disposition',
          contentDisposition(dispositionOf(file.mimeType, action), file.downloadName),
        );
        if (file.isPublic) {
          reply.header('etag', file.etag);
          if (request.headers['if-none-match'] === file.etag) {
            file.stream.destroy();
            return reply.status(304).send();
          }
        }
        reply.header('content-length', file.sizeBytes);
        return reply.type(file.mimeType).send(file.stream);
      },
    );
  };
}

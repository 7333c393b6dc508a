import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse, FieldError } from '@clipmarket/contracts/errors';
import { AppError } from './errors.js';
import { toFieldErrors, validationFailed } from './validation.js';

function reply(code: ErrorCode, message: string, fields?: FieldError[]): ErrorResponse {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Maps every failure to `{ error: { code, message, fields? } }`; only real bugs become 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
      return res.status(error.statusCode).send(reply(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failure = validationFailed(
        toFieldErrors(
          error.validation.map((issue) => ({
            path: issue.instancePath.split('/').filter(Boolean),
            message: issue.message ?? 'Invalid value',
          })),
        ),
      );
      return res
        .status(failure.statusCode)
        .send(reply(failure.code, failure.message, failure.fields));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return res.status(400).send(reply('MALFORMED_JSON', 'The request body is not valid JSON'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return res.status(413).send(reply('PAYLOAD_TOO_LARGE', 'The request is too large'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return res
          .status(415)
          .send(reply('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here'));
    }
    if (error.statusCode === 429) {
      return res.status(429).send(reply('RATE_LIMITED', 'Too many attempts, please retry later'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return res.status(error.statusCode).send(reply('VALIDATION_FAILED', error.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return res.status(500).send(reply('INTERNAL', 'Something went wrong on our side'));
  });
}

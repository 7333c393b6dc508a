import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FieldError } from '@clipmarket/contracts/errors';
import { AppError } from './errors.js';

export interface ValidationIssue {
  /** Where in the request part: keys and indexes (`['categories', 1]` → `categories.1`). */
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The one mapping of validation issues to `fields`: the wire path joined by dots, each
 * (field, message) pair once, in the order found. Route schemas (through the error handler)
 * and `parseRequest` both use it, so a refused body reads the same wherever it was parsed.
 */
export function toFieldErrors(issues: readonly ValidationIssue[]): FieldError[] {
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    const key = `${field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ field, message: issue.message });
  }
  return fields;
}

/** 400 VALIDATION_FAILED naming the fields; the first message is the answer's message. */
export function validationFailed(fields: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Invalid request', fields);
}

/**
 * Parses a request part with a schema the route could not declare up front (the schema of
 * POST /user/updateMe depends on the caller's role); a failure answers exactly like a route
 * schema's.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(toFieldErrors(result.error.issues));
  return result.data;
}

/**
 * Route option for a body whose schema depends on the caller: `schema.body` documents every
 * accepted shape in OpenAPI, the handler parses with the caller's schema (`parseRequest`), so
 * an anonymous caller gets its 401 before any validation. Other request parts are validated
 * as usual.
 */
export function validateAllButBody<S>(
  route: Parameters<FastifySchemaCompiler<S>>[0],
): ReturnType<FastifySchemaCompiler<S>> {
  if (route.httpPart === 'body') return (data) => ({ value: data });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

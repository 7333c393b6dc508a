import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_CHARACTERS_MESSAGE, isWellFormedText } from '@clipmarket/contracts/primitives';
import { validationFailed } from './validation.js';

/** Where the first lone surrogate sits (a key or a value), or null when every text is whole. */
function findMalformedText(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return isWellFormedText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findMalformedText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  // Parsed JSON, query strings and path parameters only: never a Buffer or a stream.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    // The answer names the key with U+FFFD in place of its surrogates (JSON must stay whole).
    if (!isWellFormedText(key)) return [...path, key.replace(/[\ud800-\udfff]/g, '\ufffd')];
    const found = findMalformedText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * A lone UTF-16 surrogate (`"\ud800"` in a JSON body) is refused for every route at once:
 * 400 VALIDATION_FAILED naming the field, before any route schema or handler. No UTF-8 store
 * can hold it (PostgreSQL stored U+FFFD silently, the mailer answered 500), and a check in
 * one place covers the routes whose schemas use a plain `z.string()`. Query strings and paths
 * cannot carry one (URL decoding leaves an invalid sequence as it is), but are checked alike.
 */
export function installTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findMalformedText(part, []);
      if (path) {
        throw validationFailed([{ field: path.join('.'), message: INVALID_CHARACTERS_MESSAGE }]);
      }
    }
  });
}

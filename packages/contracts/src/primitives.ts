import { z } from 'zod';

/**
 * The two input primitives every contract builds on, so that no id or text reaches PostgreSQL
 * in a shape it refuses with an error (which would answer 500 instead of 400).
 */

/** Largest value of a PostgreSQL `integer` (serial) column: every id of the database. */
export const MAX_ID = 2_147_483_647;

/**
 * An id of a row, from JSON (a number) or a path or query string (coerced): an integer
 * 1..MAX_ID. `message` replaces zod's texts where a form shows its own ("The … field is required").
 */
export function createIdSchema(message?: string) {
  const error = message === undefined ? undefined : { error: message };
  // Strings are read as numbers (paths, queries, form values); anything else must already be
  // a number: unlike z.coerce, `true` or `[5]` are not ids.
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number(error).int(error).min(1, error).max(MAX_ID, error),
  );
}
export const idSchema = createIdSchema();
export type IdSchema = typeof idSchema;

/** Path parameters made of one id under the given name: `idParamSchema('short_list_id')`. */
export function idParamSchema<const K extends string>(name: K) {
  return z.object({ [name]: idSchema } as { [P in K]: IdSchema });
}

/** PostgreSQL text cannot hold U+0000: refused up front, whatever the field. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const INVALID_CHARACTERS_MESSAGE = 'The text contains invalid characters';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Well-formed UTF-16: no lone surrogate (`"\ud800"` in JSON), which no UTF-8 text (database,
 * e-mail, PDF) can hold. The API refuses it in every request once (platform/http/text-input.ts);
 * `safeText` refuses it too, for forms.
 */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/**
 * Free text of a request: a string without NUL characters or lone surrogates. Further checks (trim, min, max,
 * regex) chain on it like on `z.string()`.
 */
export function safeText(params?: { error?: string; nulMessage?: string }) {
  return z
    .string(params?.error === undefined ? undefined : { error: params.error })
    .refine((value) => hasNoNul(value) && isWellFormedText(value), {
      error: params?.nulMessage ?? INVALID_CHARACTERS_MESSAGE,
    });
}

/** The plain text schema (no other bound): `textSchema.max(100)` and so on. */
export const textSchema = safeText();

/** Keyset pages (newest first, `before` an id): how many rows a page holds, 20 unless asked, at most 50. */
export const pageLimitSchema = z.coerce.number().int().min(1).max(50).default(20);

/** A keyset page of `item`s, newest first; `next_before` is the next page's `before`. */
export const keysetPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    /** Pass as `before` for the next page; null on the last one. */
    next_before: z.number().int().nullable(),
  });

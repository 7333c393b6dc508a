import crypto from 'node:crypto';
import { z } from 'zod';
import type { SearchOrder } from '@clipmarket/contracts/discovery';
import { AppError } from '../../platform/http/errors.js';

/** Where the next page starts: the last row's order value (as text) and id. */
export interface CursorPosition {
  value: string;
  id: number;
}

const MAX_INT = 2_147_483_647;

const payloadSchema = z.strictObject({
  v: z.union([z.number().int().min(0).max(MAX_INT), z.string().regex(/^\d{1,4}(?:\.\d{1,2})?$/)]),
  id: z.number().int().positive().max(MAX_INT),
  s: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});

function invalidCursor(): AppError {
  const message = 'This cursor does not belong to this search; start the search again';
  return new AppError('VALIDATION_FAILED', message, [{ field: 'cursor', message }]);
}

/**
 * Opaque keyset cursors: base64url JSON of the last row's order value and id, signed with a
 * key derived from the server secret and bound to the advertiser and the filters. Paging is
 * not counted in the quota, so an unsigned cursor would let anyone page through any filters
 * for free by forging one; and a cursor reused with other filters would page the wrong list.
 */
export function createSearchCursors(secret: string) {
  const key = crypto.createHmac('sha256', secret).update('clipmarket:search-cursor').digest();

  function signatureOf(scope: string, value: number | string, id: number): string {
    return crypto
      .createHmac('sha256', key)
      .update(JSON.stringify([scope, value, id]))
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  return {
    /** `scope` names the advertiser and the normalised filters the cursor is valid for. */
    encode(scope: string, order: SearchOrder, position: CursorPosition): string {
      const value = order === 'engagement_rate' ? position.value : Number(position.value);
      const s = signatureOf(scope, value, position.id);
      return Buffer.from(JSON.stringify({ v: value, id: position.id, s })).toString('base64url');
    },

    /** The position, or a 400 VALIDATION_FAILED on anything else (never a 500). */
    decode(scope: string, order: SearchOrder, cursor: string): CursorPosition {
      if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      const parsed = payloadSchema.safeParse(json);
      if (!parsed.success) throw invalidCursor();
      const { v, id, s } = parsed.data;
      if ((order === 'engagement_rate') !== (typeof v === 'string')) throw invalidCursor();
      const expected = Buffer.from(signatureOf(scope, v, id));
      const given = Buffer.from(s);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        throw invalidCursor();
      }
      return { value: String(v), id };
    },
  };
}

export type SearchCursors = ReturnType<typeof createSearchCursors>;

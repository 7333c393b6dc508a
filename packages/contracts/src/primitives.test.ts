import { describe, expect, it } from 'vitest';
import {
  createIdSchema,
  idParamSchema,
  idSchema,
  MAX_ID,
  isWellFormedText,
  safeText,
  textSchema,
} from './primitives.js';
import { createRules } from './validation.js';

describe('primitives', () => {
  it('reads ids from numbers and digit strings, within the integer column range', () => {
    expect(idSchema.parse(12)).toBe(12);
    expect(idSchema.parse('12')).toBe(12);
    expect(idSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_ID + 1,
      '2147483648',
      '99999999999999999999',
      '',
      'abc',
      true,
      null,
      [5],
    ]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('keeps the form message on every kind of bad id', () => {
    const schema = createIdSchema('The CIN file field is required');
    for (const bad of ['', null, 0, MAX_ID + 1]) {
      expect(schema.safeParse(bad).error?.issues[0]?.message).toBe(
        'The CIN file field is required',
      );
    }
  });

  it('builds path parameter schemas', () => {
    expect(idParamSchema('short_list_id').parse({ short_list_id: '7' })).toEqual({
      short_list_id: 7,
    });
    expect(idParamSchema('short_list_id').safeParse({ short_list_id: '2147483648' }).success).toBe(
      false,
    );
  });

  it('refuses NUL characters in free text, also through the shared rules', () => {
    expect(textSchema.safeParse('a\u0000b').success).toBe(false);
    expect(textSchema.parse('ok')).toBe('ok');
    expect(safeText().trim().max(3).parse(' ab ')).toBe('ab');
    const rules = createRules();
    expect(rules.required('subject').safeParse('hi\u0000').error?.issues[0]?.message).toBe(
      'The subject field has an invalid value',
    );
    expect(rules.required('subject').safeParse('').error?.issues[0]?.message).toBe(
      'The subject field is required',
    );
    expect(rules.optionalText().safeParse('\u0000').success).toBe(false);
  });

  it('refuses lone surrogates and keeps surrogate pairs (emoji)', () => {
    expect(isWellFormedText('a\ud800b')).toBe(false);
    expect(isWellFormedText('\udc00')).toBe(false);
    expect(isWellFormedText('\ud800')).toBe(false);
    expect(isWellFormedText('ok 🍦 ديليس')).toBe(true);
    expect(textSchema.safeParse('x\ud800').success).toBe(false);
    expect(createRules().optionalText().safeParse('\udfff').success).toBe(false);
  });
});

import { z } from 'zod';
import { createIdSchema, safeText } from './primitives.js';

export * from './validation-messages.js';
import { englishTranslate, type FieldName, type Translate } from './validation-messages.js';

/** Building blocks every form schema is made of. */
export function createRules(t: Translate = englishTranslate) {
  const required = (field: FieldName) =>
    safeText({ error: t('required', { field }), nulMessage: t('invalidChoice', { field }) })
      .trim()
      .min(1, { error: t('required', { field }) });
  return {
    t,
    required,
    optionalText: (max = 500) =>
      safeText()
        .trim()
        .max(max)
        .nullish()
        .transform((v) => v || null),
    minLength: (field: FieldName, n: number) =>
      required(field).min(n, { error: t('minLength', { field, n }) }),
    email: (field: FieldName = 'email') =>
      required(field).pipe(z.email({ error: t('email', { field }) })),
    numbersOnly: (field: FieldName) =>
      required(field).regex(/^\d+$/, { error: t('numbersOnly', { field }) }),
    /** Spec §5: 6–15 characters with one uppercase, one lowercase and one digit. */
    password: (field: FieldName = 'password') =>
      z
        .string({ error: t('required', { field }) })
        .min(1, { error: t('required', { field }) })
        .min(6, { error: t('minLength', { field, n: 6 }) })
        .max(15, { error: t('maxLength', { field, n: 15 }) })
        // One check for the three character classes, so the message appears once.
        .regex(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)/, { error: t('passwordStrength', { field }) }),
    requiredId: (field: FieldName) => createIdSchema(t('required', { field })),
    requiredList: <T extends z.ZodType>(field: FieldName, item: T) =>
      z
        .array(item, { error: t('required', { field }) })
        .min(1, { error: t('required', { field }) }),
    choice: <const V extends readonly [string, ...string[]]>(field: FieldName, values: V) =>
      z.enum(values, { error: t('required', { field }) }),
  };
}
export type Rules = ReturnType<typeof createRules>;

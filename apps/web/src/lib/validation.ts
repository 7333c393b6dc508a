import type { FormErrors } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from './use-translation';
import type { z } from 'zod';

/*
 * Form validation helpers. zod-free on purpose: the account pages use them in their first
 * download and load their schemas afterwards (features/auth/hooks/use-auth-validation.ts).
 * The rules themselves (zod) are in lib/rules.ts, their messages in lib/validation-translate.ts.
 */

/** Validates `values` with a zod schema and returns Mantine form errors: first message per field. */
export function validateWithSchema(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * Messages already on screen are re-validated when the language changes, so they switch
 * language with the rest of the page.
 */
export function useRevalidateOnLanguageChange(form: {
  errors: FormErrors;
  validate: () => unknown;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const previous = useRef(language);
  const hasErrors = Object.keys(form.errors).length > 0;
  const validate = form.validate;
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    if (hasErrors) validate();
  }, [language, hasErrors, validate]);
}

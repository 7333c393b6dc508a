import { createProfileSchemas } from '@clipmarket/contracts/profile';
import type { FormErrors } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import { createI18nTranslate } from '../../../lib/validation-translate';

/** The contract schemas speaking the interface language (messages from `validation`). */
export function useProfileSchemas() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  return useMemo(() => createProfileSchemas(createI18nTranslate(i18n)), [i18n, language]);
}

/**
 * Runs each schema on the same values and keeps the first message per top-level field, so an
 * error inside a list (`categories.0`) shows on the list input.
 */
export function collectErrors(schemas: readonly z.ZodType[], values: unknown): FormErrors {
  const errors: FormErrors = {};
  for (const schema of schemas) {
    const result = schema.safeParse(values);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const path = issue.path[0] === undefined ? '' : String(issue.path[0]);
      if (path && !(path in errors)) errors[path] = issue.message;
    }
  }
  return errors;
}

/** Messages on screen follow a language switch; fields without a message stay quiet. */
export function useRetranslateErrors(form: {
  errors: FormErrors;
  validateField: (path: string) => unknown;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const previous = useRef(language);
  const { errors, validateField } = form;
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    for (const field of Object.keys(errors)) validateField(field);
  }, [language, errors, validateField]);
}

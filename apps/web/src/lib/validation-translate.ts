import {
  englishFieldNames,
  englishTranslate,
  type Translate,
} from '@clipmarket/contracts/validation-messages';
import { useMemo } from 'react';
import type { I18n } from './i18n';
import { useTranslation } from './use-translation';

/*
 * The validation messages, apart from lib/validation.ts: the account pages load this module
 * with their schemas on the first interaction (features/auth/hooks/use-auth-validation.ts).
 */

/**
 * The contract's `Translate` backed by the catalogs: `validation:<key>` with the friendly field
 * name from `validation:fields.<field>`. Falls back to the spec's English text.
 */
export function createI18nTranslate(i18n: I18n): Translate {
  return (key, params) => {
    const field = params.field
      ? i18n.t(`validation:fields.${params.field}`, {
          defaultValue: englishFieldNames[params.field],
        })
      : '';
    return i18n.t(`validation:${key}`, {
      field,
      n: params.n,
      defaultValue: englishTranslate(key, params),
    });
  };
}

/** The contract's `Translate` speaking the interface language (a new one per language). */
export function useTranslate(): Translate {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  return useMemo(() => createI18nTranslate(i18n), [i18n, language]);
}

import type { Language } from '@clipmarket/contracts/enums';
import { useMemo } from 'react';
import { intlLocale, readCatalog } from '../../lib/i18n';
import { type TFunction, Translator } from '../../lib/translator';

/**
 * The kit speaks its own language (the creator's choice), whatever the reader's interface
 * language: a lookup of its own per language, on the same catalogs (`media-kit`), so the page
 * around it (buttons, the language picker) keeps following the reader.
 */
const translators = new Map<string, Translator>();

function translatorOf(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = new Translator(language, readCatalog, intlLocale, 'media-kit');
    translators.set(language, translator);
  }
  return translator;
}

export interface KitLanguage {
  language: Language;
  /** The `lang` attribute: tn is Arabic. */
  lang: string;
  dir: 'ltr' | 'rtl';
  t: TFunction;
}

export const kitDirection = (language: Language) => (language === 'tn' ? 'rtl' : 'ltr');

/** The kit's texts in `language`; suspends until its catalog is there (one small chunk). */
export function useKitLanguage(language: Language): KitLanguage {
  const translator = translatorOf(language);
  if (!translator.hasNamespace('media-kit')) throw translator.loadNamespaces(['media-kit']);
  return useMemo(
    () => ({
      language,
      lang: language === 'tn' ? 'ar' : language,
      dir: kitDirection(language),
      t: translator.fixedT(['media-kit']),
    }),
    [language, translator],
  );
}

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@clipmarket/contracts/enums';
import { readStoredLanguage } from './session';

/**
 * Catalogs live in src/locales/{en,fr,tn}/{namespace}.json, one namespace per feature.
 * They are bundled (small) so that a language switch never waits on the network.
 */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

export const supportedLanguages: readonly Language[] = ['en', 'fr', 'tn'];

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, mod] of Object.entries(catalogs)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] ??= {};
    resources[lng][ns] = mod.default;
  }
  return resources;
}

export const isRtl = (language: string) => language === 'tn';

/** BCP-47 locale used for Intl formatting of each interface language. */
export const intlLocale = (language: string) =>
  language === 'tn' ? 'ar-TN' : language === 'fr' ? 'fr-TN' : 'en-GB';

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: readStoredLanguage() ?? 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Keeps <html lang dir> in step with the interface language. */
export function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language === 'tn' ? 'ar' : language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export default i18n;

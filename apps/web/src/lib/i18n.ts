import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@clipmarket/contracts/enums';
import type { Catalogs } from '../locales/catalogs';
import english from '../locales/en';
import { readStoredLanguage } from './session';

/**
 * Catalogs live in src/locales/{en,fr,tn}/{namespace}.json, one namespace per feature.
 * English (the fallback) is bundled; French and Arabic are a chunk each, fetched once when
 * the language is first used: most visitors never download the other two.
 */
const lazyLanguages: Record<string, () => Promise<{ default: Catalogs }>> = {
  fr: () => import('../locales/fr'),
  tn: () => import('../locales/tn'),
};

/**
 * Namespaces used only by screens that are chunks of their own (account settings, support,
 * discovery, admin pages): in English they are not bundled either. Those screens load them
 * with `loadNamespaces`.
 */
export const lazyNamespaces = ['settings', 'support', 'discovery', 'admin'] as const;
const lazyEnglish = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/en/settings.json',
  '../locales/en/support.json',
  '../locales/en/discovery.json',
  '../locales/en/admin.json',
]);

/** Loads what a lazy screen needs in the current language (and English, the fallback). */
export function loadNamespaces(namespaces: readonly (typeof lazyNamespaces)[number][]) {
  return i18n.loadNamespaces([...namespaces]);
}

async function readCatalog(language: string, namespace: string) {
  if (language === 'en') {
    const load = lazyEnglish[`../locales/en/${namespace}.json`];
    return load ? (await load()).default : {};
  }
  const load = lazyLanguages[language];
  return load ? ((await load()).default[namespace] ?? {}) : {};
}

/** i18next backend: a language's chunk (fr, tn) or an English namespace's own chunk. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    readCatalog(language, namespace).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const supportedLanguages: readonly Language[] = ['en', 'fr', 'tn'];

export const isRtl = (language: string) => language === 'tn';

/** BCP-47 locale used for Intl formatting of each interface language. */
export const intlLocale = (language: string) =>
  language === 'tn' ? 'ar-TN' : language === 'fr' ? 'fr-TN' : 'en-GB';

/** Resolves once the stored language's catalogs are there (main.tsx renders after it). */
export const i18nReady = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: { en: english },
    partialBundledLanguages: true,
    ns: Object.keys(english),
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

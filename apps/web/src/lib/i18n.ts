import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@clipmarket/contracts/enums';
import english from '../locales/en';
import { readStoredLanguage } from './session';

/**
 * Catalogs live in src/locales/{en,fr,tn}/{namespace}.json, one namespace per feature (ADR 016).
 * Only English's first-screen namespaces (`eagerNamespaces`: the loader, the errors and the
 * validation messages, the language picker) are bundled; every other namespace, and every
 * namespace of French and Arabic, is a small chunk of its own that the route needing it loads
 * on the way (routes.tsx `page(…, namespaces)`, the shell's route). So /login downloads the
 * account pages' texts and not the shell's, and a French visitor downloads French texts only
 * for the screens they open.
 */
export const eagerNamespaces = ['common', 'errors', 'validation', 'shell'] as const;

/** Namespaces a route loads (with `loadNamespaces`) before its screen renders. */
export const lazyNamespaces = [
  'auth',
  'pages',
  'notifications',
  'settings',
  'support',
  'discovery',
  'admin',
  'coming-soon',
  'admin-money',
  'checkout',
  'wallet',
  'invoices',
  'content-requests',
  'accept-requests',
  'manage-content',
  'payouts',
  'admin-content',
] as const;
export type LazyNamespace = (typeof lazyNamespaces)[number];

const catalogFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/en/errors.json',
  '!../locales/en/validation.json',
  '!../locales/en/shell.json',
]);

/** Loads what a lazy screen needs in the current language (and English, the fallback). */
export function loadNamespaces(namespaces: readonly LazyNamespace[]) {
  return i18n.loadNamespaces([...namespaces]);
}

async function readCatalog(language: string, namespace: string) {
  const load = catalogFiles[`../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

/** i18next backend: one namespace of one language, its own chunk. */
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
    ns: [...eagerNamespaces],
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

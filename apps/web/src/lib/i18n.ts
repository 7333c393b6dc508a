import type { Language } from '@clipmarket/contracts/enums';
import english from '../locales/en';
import { readStoredLanguage } from './session';
import { type Catalog, Translator } from './translator';

export type { TFunction, TranslateOptions } from './translator';

/**
 * Catalogs live in src/locales/{en,fr,tn}/{namespace}.json, one namespace per feature (ADR 016).
 * Only English's first-screen namespaces (`eagerNamespaces`: the loader, the menu, the
 * language picker) are bundled; every other namespace, and every
 * namespace of French and Arabic, is a small chunk of its own that the route needing it loads
 * on the way (routes.tsx `page(…, namespaces)`, the shell's route). So /login downloads the
 * account pages' texts and not the shell's, and a French visitor downloads French texts only
 * for the screens they open. The lookup itself is lib/translator.ts (ADR 024).
 */
export const eagerNamespaces = ['common', 'shell'] as const;

/** Namespaces a route loads (with `loadNamespaces`) before its screen renders. */
export const lazyNamespaces = [
  // The API's error texts: asked for with the first failure, before it is shown
  // (api-client.ts `failWith`), so no first screen downloads them.
  'errors',
  'auth',
  // The validation messages: with the account pages' schemas on the first interaction
  // (features/auth/hooks/use-auth-validation.ts), with the shell for the signed-in forms.
  'validation',
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
  'admin-opportunities',
  'onboarding',
  'publish-opportunity',
  'opportunity-applications',
  'discover-opportunities',
  'track-content',
  'toolbox',
  'campaigns',
  'publication-metrics',
  'performance',
  // The public campaign report (/campaigns/{token}), read by visitors without an account.
  'shared-report',
  // The creator's media kit: its builder, and its public page (/media_kit/{name}) for anyone.
  'media-kit',
  // Get inspired (issue 25 §3): the gallery of consented published videos.
  'get-inspired',
  // Usage licences (issue 27 §1): the licence page, renewal and Spark code pieces.
  'licences',
  // Measured reputation (issue 27 §2): the figures' panels, loaded by the panels themselves.
  'reputation',
  // Written reviews (issue 27 §2): line pages, profiles and the team's queue.
  'reviews',
] as const;
export type LazyNamespace = (typeof lazyNamespaces)[number];

const catalogFiles = import.meta.glob<{ default: Catalog }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/en/shell.json',
]);

/**
 * One namespace of one language: its own chunk. A namespace without a file is a mistake
 * (a catalog left out of the glob, a misspelt name): it fails loudly, it never reads as empty.
 */
export async function readCatalog(language: string, namespace: string): Promise<Catalog> {
  const load = catalogFiles[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No catalog ${language}/${namespace}.json in the build`);
  return (await load()).default;
}

export const supportedLanguages: readonly Language[] = ['en', 'fr', 'tn'];

export const isRtl = (language: string) => language === 'tn';

/** BCP-47 locale used for Intl formatting (and plural rules) of each interface language. */
export const intlLocale = (language: string) =>
  language === 'tn' ? 'ar-TN' : language === 'fr' ? 'fr-TN' : 'en-GB';

const i18n = new Translator(readStoredLanguage() ?? 'en', readCatalog, intlLocale);
for (const [namespace, catalog] of Object.entries(english))
  i18n.addCatalog('en', namespace, catalog);

export type I18n = Translator;

/** Loads what a lazy screen needs in the current language (and English, the fallback). */
export function loadNamespaces(namespaces: readonly LazyNamespace[]) {
  return i18n.loadNamespaces(namespaces);
}

/** Resolves once the stored language's catalogs are there (main.tsx renders after it). */
export const i18nReady = i18n.loadNamespaces(eagerNamespaces);

/** Keeps <html lang dir> in step with the interface language. */
export function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language === 'tn' ? 'ar' : language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}
applyDocumentLanguage(i18n.language);
i18n.onLanguageChanged(applyDocumentLanguage);

export default i18n;

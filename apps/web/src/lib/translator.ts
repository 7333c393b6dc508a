/**
 * The interface's message catalogs and their lookup (ADR 024): the subset of i18next's JSON v4
 * format that our catalogs use, in a fraction of its download.
 *
 * - a catalog is one namespace of one language, nested objects of strings (`"a": { "b": "…" }`
 *   is the key `a.b`);
 * - a key may name its namespace (`pages:title`); otherwise the namespaces given are searched in
 *   order, then English (every language's fallback);
 * - `{{name}}` takes `values.name` (no escaping: React escapes what it renders);
 * - with `count`, `key_zero` (count 0), then `key_<plural category>` (Intl.PluralRules of the
 *   language), then `key_other`, then `key`;
 * - a missing key gives `defaultValue` if there is one, else the key itself.
 */

export interface TranslateOptions {
  /** Namespaces to search, in order (the caller's by default). */
  ns?: string | readonly string[];
  defaultValue?: string;
  count?: number | string;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TranslateOptions) => string;

export type Catalog = Record<string, unknown>;

/** Loads one namespace of one language (a chunk in the app, a file in tests). */
export type CatalogLoader = (language: string, namespace: string) => Promise<Catalog>;

export const FALLBACK_LANGUAGE = 'en';
const NAMESPACE_SEPARATOR = ':';

const catalogId = (language: string, namespace: string) => `${language}/${namespace}`;

/** `pages:title` → ['pages', 'title']; a key naming no namespace → [null, key]. */
function splitNamespace(key: string): [string | null, string] {
  const separator = key.indexOf(NAMESPACE_SEPARATOR);
  return separator > 0
    ? [key.slice(0, separator), key.slice(separator + NAMESPACE_SEPARATOR.length)]
    : [null, key];
}

function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  if (!catalog) return undefined;
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: TranslateOptions): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value as string);
  });
}

export class Translator {
  language: string;
  private readonly catalogs = new Map<string, Catalog>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(language: string) => void>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(
    language: string,
    private readonly loadCatalog: CatalogLoader,
    private readonly pluralLocale: (language: string) => string = (l) => l,
    readonly defaultNamespace = 'common',
  ) {
    this.language = language;
  }

  /** Adds a catalog already in the bundle (no download). */
  addCatalog(language: string, namespace: string, catalog: Catalog) {
    this.catalogs.set(catalogId(language, namespace), catalog);
  }

  /** The languages a lookup reads, in order. */
  private languages(language = this.language) {
    return language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  }

  hasNamespace(namespace: string) {
    return this.languages().every((language) => this.catalogs.has(catalogId(language, namespace)));
  }

  /** Namespaces loaded so far (a language change loads them all in the new language). */
  private loadedNamespaces() {
    return [...new Set([...this.catalogs.keys()].map((key) => key.split('/')[1] ?? ''))];
  }

  /** Loads the namespaces in the current language and in English. */
  loadNamespaces(namespaces: readonly string[], language = this.language): Promise<void> {
    const pending = this.languages(language).flatMap((l) =>
      namespaces.map((namespace) => this.loadCatalogOnce(l, namespace)),
    );
    return Promise.all(pending).then(() => undefined);
  }

  /** One catalog, fetched once: shared while in flight, fetched again after a failure. */
  private loadCatalogOnce(language: string, namespace: string): Promise<void> {
    const id = catalogId(language, namespace);
    if (this.catalogs.has(id)) return Promise.resolve();
    let load = this.loading.get(id);
    if (!load) {
      load = this.loadCatalog(language, namespace)
        .then((catalog) => {
          this.catalogs.set(id, catalog);
        })
        .finally(() => this.loading.delete(id));
      this.loading.set(id, load);
    }
    return load;
  }

  /** Switches language once the new language's catalogs (of every loaded namespace) are there. */
  async changeLanguage(language: string) {
    await this.loadNamespaces(this.loadedNamespaces(), language);
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener(language);
  }

  /** Calls `listener` after every language change; returns the unsubscribe function. */
  onLanguageChanged(listener: (language: string) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private pluralCategory(count: number | string) {
    const locale = this.pluralLocale(this.language);
    let rules = this.pluralRules.get(locale);
    if (!rules) {
      rules = new Intl.PluralRules(locale);
      this.pluralRules.set(locale, rules);
    }
    return rules.select(Number(count));
  }

  private resolve(key: string, options: TranslateOptions): string | undefined {
    const [named, path] = splitNamespace(key);
    const namespaces: readonly string[] = named
      ? [named]
      : options.ns === undefined
        ? [this.defaultNamespace]
        : typeof options.ns === 'string'
          ? [options.ns]
          : options.ns;
    const candidates =
      options.count === undefined
        ? [path]
        : [
            ...(Number(options.count) === 0 ? [`${path}_zero`] : []),
            `${path}_${this.pluralCategory(options.count)}`,
            `${path}_other`,
            path,
          ];
    for (const language of this.languages()) {
      for (const namespace of namespaces) {
        const catalog = this.catalogs.get(catalogId(language, namespace));
        for (const candidate of candidates) {
          const text = lookup(catalog, candidate);
          if (text !== undefined) return text;
        }
      }
    }
    return undefined;
  }

  exists(key: string, options: TranslateOptions = {}) {
    return this.resolve(key, options) !== undefined;
  }

  t: TFunction = (key, options = {}) => {
    const text = this.resolve(key, options) ?? options.defaultValue;
    return text === undefined ? splitNamespace(key)[1] : interpolate(text, options);
  };

  /** A `t` that searches `namespaces` (a key may still name another one). */
  fixedT(namespaces: readonly string[]): TFunction {
    return (key, options) => this.t(key, { ns: namespaces, ...options });
  }
}

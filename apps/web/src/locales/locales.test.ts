import { describe, expect, it } from 'vitest';

/**
 * Every catalog in en (the fallback) must exist in fr and tn with exactly the same keys,
 * no empty text, and the same {{placeholders}} — a missing translation fails here, not in
 * front of a user.
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

type Catalog = Record<string, unknown>;
const languages = ['en', 'fr', 'tn'] as const;

function catalog(language: string, namespace: string): Catalog | undefined {
  return files[`./${language}/${namespace}.json`] as Catalog | undefined;
}

/** Leaf paths (a.b.c) with their values. Arrays count as objects indexed by position. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      for (const [leaf, leafValue] of flatten(child, path)) out.set(leaf, leafValue);
    }
    if (Object.keys(value).length === 0 && prefix) out.set(prefix, value);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: unknown) =>
  typeof text === 'string'
    ? [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort()
    : [];

const namespaces = Object.keys(files)
  .map((file) => /^\.\/en\/(.+)\.json$/.exec(file)?.[1])
  .filter((ns): ns is string => Boolean(ns))
  .sort();

describe('locale catalogs', () => {
  it('finds the catalogs', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it('has no catalog in fr or tn that en lacks', () => {
    for (const language of ['fr', 'tn']) {
      const extra = Object.keys(files)
        .map((file) => new RegExp(`^\\./${language}/(.+)\\.json$`).exec(file)?.[1])
        .filter((ns): ns is string => Boolean(ns) && !namespaces.includes(ns as string));
      expect(extra, `${language} namespaces missing in en`).toEqual([]);
    }
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const english = flatten(catalog('en', namespace));

    it.each(['fr', 'tn'])('exists in %s with exactly the keys of en', (language) => {
      const translated = catalog(language, namespace);
      expect(translated, `${language}/${namespace}.json is missing`).toBeDefined();
      const keys = [...flatten(translated).keys()].sort();
      const expected = [...english.keys()].sort();
      const missing = expected.filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !expected.includes(key));
      expect({ missing, extra }, `${language}/${namespace}.json`).toEqual({
        missing: [],
        extra: [],
      });
    });

    it.each(languages)('has no empty text in %s', (language) => {
      const empty = [...flatten(catalog(language, namespace)).entries()]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty, `${language}/${namespace}.json empty or non-text values`).toEqual([]);
    });

    it.each(['fr', 'tn'])('keeps the {{placeholders}} of en in %s', (language) => {
      const translated = flatten(catalog(language, namespace));
      const mismatched = [...english.entries()]
        .filter(([key]) => translated.has(key))
        .filter(
          ([key, text]) =>
            placeholders(text).join(',') !== placeholders(translated.get(key)).join(','),
        )
        .map(([key]) => key);
      expect(mismatched, `${language}/${namespace}.json`).toEqual([]);
    });
  });
});

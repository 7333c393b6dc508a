import { describe, expect, it } from 'vitest';

/**
 * Every text key the code names literally — `t('key')`, `t('namespace:key')`, `i18nKey="key"` —
 * exists in the en, fr and tn catalogs, so a mistyped or forgotten key fails here instead of
 * showing its raw name to a user (the lookup, lib/translator.ts, falls back to the key).
 * A key without a namespace is looked up in the namespaces the file asks `useTranslation` for
 * (`common` when it names none); a file that receives its `t` from elsewhere is checked
 * against every namespace. Keys built at run time (`t(\`areas.${id}\`)`) are not checked here.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const catalogFiles = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

const languages = ['en', 'fr', 'tn'] as const;
const namespaces = Object.keys(catalogFiles)
  .map((file) => /^\.\/en\/(.+)\.json$/.exec(file)?.[1])
  .filter((namespace): namespace is string => Boolean(namespace));

function lookup(language: string, namespace: string, key: string): unknown {
  let node: unknown = catalogFiles[`./${language}/${namespace}.json`];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A key exists as a text, or as plural forms (`key_one`, `key_other`) for a `count`. */
const hasText = (language: string, namespace: string, key: string) =>
  typeof lookup(language, namespace, key) === 'string' ||
  typeof lookup(language, namespace, `${key}_other`) === 'string';

/** The namespaces a file's `useTranslation` calls name; undefined when it calls none. */
function namespacesOf(source: string): string[] | undefined {
  const calls = [...source.matchAll(/\buseTranslation\(([^)]*)\)/g)].map((m) => m[1]!.trim());
  if (calls.length === 0) return undefined;
  const named = calls.flatMap((argument) =>
    argument === '' ? ['common'] : [...argument.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!),
  );
  // `useTranslation(ns)` (a variable): any namespace.
  if (
    calls.some(
      (argument) => argument !== '' && !argument.startsWith("'") && !argument.startsWith('['),
    )
  )
    return undefined;
  return [...new Set(named)];
}

/** Literal keys: the first argument of `t(…)` / `i18n.t(…)`, and `i18nKey` values. */
function keysOf(source: string): string[] {
  const patterns = [
    /(?<![\w$])t\(\s*'([^'\n]+)'/g,
    /(?<![\w$])t\(\s*"([^"\n]+)"/g,
    /(?<![\w$])t\(\s*`([^`$\n]+)`/g,
    /\bi18nKey(?:=|:\s*)["']([^"'\n]+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
}

const uses = Object.entries(sources).flatMap(([file, source]) => {
  const fileNamespaces = namespacesOf(source);
  return keysOf(source).map((key) => ({ file: file.replace(/^\.\.\//, ''), key, fileNamespaces }));
});

function missingIn(use: (typeof uses)[number]): string[] {
  const separator = use.key.indexOf(':');
  const [candidates, key] =
    separator > 0
      ? [[use.key.slice(0, separator)], use.key.slice(separator + 1)]
      : [use.fileNamespaces ?? namespaces, use.key];
  return languages.filter(
    (language) => !candidates.some((namespace) => hasText(language, namespace, key)),
  );
}

describe('text keys named in the code', () => {
  it('finds the keys', () => {
    expect(uses.length).toBeGreaterThan(500);
  });

  it('finds each in the en, fr and tn catalogs', () => {
    const missing = uses
      .map((use) => ({ use, languages: missingIn(use) }))
      .filter(({ languages: absent }) => absent.length > 0)
      .map(({ use, languages: absent }) => `${use.file}: ${use.key} (${absent.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('tells a missing key from a present one', () => {
    const use = { file: 'x.tsx', key: 'no.such.key', fileNamespaces: ['common'] };
    expect(missingIn(use)).toEqual(['en', 'fr', 'tn']);
    expect(missingIn({ ...use, key: 'common:loading' })).toEqual([]);
  });
});

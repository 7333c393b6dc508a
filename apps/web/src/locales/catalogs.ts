/**
 * Message catalogs of one language, as `{ namespace: messages }`: English's first-screen
 * namespaces, bundled with the app (English is also every language's fallback). Every other
 * namespace of every language is a chunk of its own (see lib/i18n.ts).
 */
export type Catalogs = Record<string, Record<string, unknown>>;

export function toCatalogs(files: Record<string, { default: Record<string, unknown> }>): Catalogs {
  const catalogs: Catalogs = {};
  for (const [file, mod] of Object.entries(files)) {
    const namespace = /([\w-]+)\.json$/.exec(file)?.[1];
    if (namespace) catalogs[namespace] = mod.default;
  }
  return catalogs;
}

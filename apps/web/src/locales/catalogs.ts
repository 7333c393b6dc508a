/**
 * Message catalogs of one language, as `{ namespace: messages }`. English is bundled with the
 * app (it is also every language's fallback); French and Arabic are one chunk each, downloaded
 * when the language is first used (see lib/i18n.ts).
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

import { toLanguageTag, type Language } from '../../platform/i18n.js';

export type Params = Record<string, string | number | null | undefined>;

const placeholder = /\{([a-z_]+)\}/g;

/** Fills `{name}` placeholders; a missing value renders as an empty string. */
export function fillMessage(template: string, params: Params): string {
  return template
    .replace(placeholder, (_, name: string) => {
      const value = params[name];
      return value === null || value === undefined ? '' : String(value);
    })
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Fills a redirection path. When an id the path needs is missing (a system notification, or
 * demo data), the path stops before that segment, so the click still lands on the right page.
 */
export function fillRedirection(template: string, params: Params): string {
  const [pathPart = '/', query] = template.split('?', 2);
  const kept: string[] = [];
  for (const segment of pathPart.split('/')) {
    const names = [...segment.matchAll(placeholder)].map((m) => m[1] as string);
    const missing = names.some((n) => params[n] === null || params[n] === undefined);
    if (missing) break;
    kept.push(
      segment.replace(placeholder, (_, name: string) => encodeURIComponent(String(params[name]))),
    );
  }
  const path = kept.join('/') || '/';
  return query ? `${path}?${query}` : path;
}

export function pickMessage(
  messages: { en: string; fr: string; ar: string },
  language: Language,
): string {
  return messages[toLanguageTag(language)];
}

import type { Language } from '@clipmarket/contracts/enums';

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
  return language === 'tn' ? messages.ar : language === 'fr' ? messages.fr : messages.en;
}

/**
 * The first supported language of an Accept-Language header (en, fr, ar or tn; ar means the
 * interface language tn), or null when none is supported.
 */
export function parseAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'en' || primary === 'fr' || primary === 'tn') return primary;
    if (primary === 'ar') return 'tn';
  }
  return null;
}

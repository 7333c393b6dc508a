import { toLanguageTag, type Language } from '../../platform/i18n.js';

export type Params = Record<string, string | number | null | undefined>;

const placeholder = /\{([a-z_]+)\}/g;

/**
 * What a text says where a value is missing (a row stored without it, demo data): never an
 * empty slot such as "could not be validated: ." or 'the content for ""'.
 */
const missingValueTexts: Record<'en' | 'fr' | 'ar', Record<string, string>> = {
  en: {
    reason: 'no reason was given',
    brand_name: 'a brand',
    talent_name: 'a creator',
    request_name: 'your request',
    opportunity_name: 'your opportunity',
    expiry_date: 'its end date',
    days_left: 'a few',
  },
  fr: {
    reason: 'aucun motif n’a été donné',
    brand_name: 'une marque',
    talent_name: 'un créateur',
    request_name: 'votre demande',
    opportunity_name: 'votre opportunité',
    expiry_date: 'sa date de fin',
    days_left: 'quelques',
  },
  ar: {
    reason: 'لم يُذكر السبب',
    brand_name: 'علامة تجارية',
    talent_name: 'مبدع',
    request_name: 'طلبك',
    opportunity_name: 'فرصتك',
    expiry_date: 'تاريخ انتهائها',
    days_left: 'بضعة',
  },
};

const isMissing = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * In Arabic a value (a title, a name, a reference) is isolated (U+2068 … U+2069): written in
 * Latin letters beside parentheses or quotes, it otherwise ran together with them left to right
 * ("«Laban — summer» … refreshment «(CR-000008-1)"). A number needs none; a left-to-right
 * text keeps its values as they are.
 */
const isolateIn = (language: Language) =>
  toLanguageTag(language) === 'ar'
    ? (value: string) => (/^[\d\s.,]*$/.test(value) ? value : `\u2068${value}\u2069`)
    : (value: string) => value;

/**
 * Fills `{name}` placeholders. A missing value takes the language's words for it (its quotes
 * dropped: 'the content for "your request"' reads 'the content for your request'); one without
 * such words renders as nothing.
 */
export function fillMessage(template: string, params: Params, language: Language = 'en'): string {
  const words = missingValueTexts[toLanguageTag(language)];
  const isolate = isolateIn(language);
  const filled = template
    // A quoted slot whose value is missing: the words without the quotes.
    .replace(/(?:"|« ?|“)\{([a-z_]+)\}(?:"| ?»|”)/g, (slot, name: string) =>
      isMissing(params[name]) && words[name] !== undefined ? (words[name] as string) : slot,
    )
    // A value in parentheses (a reference) that is missing leaves no empty "()".
    .replace(/ ?\(\{([a-z_]+)\}\)/g, (slot, name: string) => (isMissing(params[name]) ? '' : slot))
    .replace(placeholder, (_, name: string) => {
      const value = params[name];
      if (!isMissing(value)) return isolate(String(value));
      return words[name] ?? '';
    })
    .replace(/ {2,}/g, ' ')
    .trim();
  // A missing name at the start ("a creator accepted …") still starts the sentence.
  const startsWithMissing = /^\{([a-z_]+)\}/.exec(template.trim());
  if (!startsWithMissing || !isMissing(params[startsWithMissing[1] as string])) return filled;
  return filled.charAt(0).toLocaleUpperCase(toLanguageTag(language)) + filled.slice(1);
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

import { languages, type Language } from '@clipmarket/contracts/enums';
import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';

/**
 * Languages on the server. `Language` (en, fr, tn) is the one language type: the interface
 * language stored on users and sent by the web. `tn` is Arabic (DESIGN §3), so wherever a
 * standard tag is needed (Accept-Language, `<html lang>`, label columns, reference answers)
 * it is written `ar`: `toLanguageTag` and `fromLanguageTag` are the one mapping between them.
 */
export type { Language };

/** A language written as a standard tag: `ar` for the interface's `tn`. */
export type LanguageTag = ReferenceLanguage;

const tagByLanguage: Record<Language, LanguageTag> = { en: 'en', fr: 'fr', tn: 'ar' };

export function toLanguageTag(language: Language): LanguageTag {
  return tagByLanguage[language];
}

/** Arabic (`tn`) is written right to left: e-mails and pages set `dir="rtl"`. */
export function isRightToLeft(language: Language): boolean {
  return language === 'tn';
}

/** `en`, `fr`, and `ar` or `tn` (both Arabic); null for any other tag. Case and region ignored. */
export function fromLanguageTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
  if (primary === 'ar') return 'tn';
  return languages.find((language) => language === primary) ?? null;
}

/**
 * The preferred language we speak in an Accept-Language header: entries by descending
 * q-weight (ties keep the header's order), `q=0` and malformed weights skipped; null when the
 * header names none of ours.
 */
export function parseAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag, weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = fromLanguageTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * The language a request asks for: an explicit choice (`?lang=`, a tag or `tn`) first, then
 * Accept-Language; null when neither names one of ours (the caller then falls back to the
 * user's stored language, or English).
 */
export function resolveLanguage(
  explicit: string | null | undefined,
  acceptLanguage: string | undefined,
): Language | null {
  return (explicit ? fromLanguageTag(explicit) : null) ?? parseAcceptLanguage(acceptLanguage);
}

import type { Language } from './enums.js';

/**
 * The separators of an amount in each interface language: CLDR's for en-GB, fr-TN and ar-TN
 * written with Latin digits (what the web showed through Intl). Written out here rather than
 * asked of Intl, so that the browser and the API (invoice PDFs, e-mails) write the same
 * characters whatever ICU data each has. French groups with a narrow no-break space (U+202F).
 */
const separators: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fr: { group: '\u202F', decimal: ',' },
  tn: { group: '.', decimal: ',' },
};

export const separatorsOf = (language: string) => separators[language as Language] ?? separators.en;

/** A whole number with the language's thousands separator: `100000` → `100,000` (en). */
export function formatWholeNumber(value: number, language: string): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, separatorsOf(language).group);
}

/**
 * Money is carried in millimes; written with three decimals and TND in every language (spec
 * §9): `24.800 TND` (en), `24,800 TND` (fr, tn), `1 234,500 TND` (fr). The one formatter of
 * the web and the invoice PDFs.
 */
export function formatMoney(millimes: number, language: string): string {
  const value = Math.round(millimes);
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  const dinars = formatWholeNumber(Math.floor(absolute / 1000), language);
  const decimals = String(absolute % 1000).padStart(3, '0');
  return `${sign}${dinars}${separatorsOf(language).decimal}${decimals} TND`;
}

import { intlLocale } from './i18n';

/** Money is carried in millimes; shown as `24.800 TND` (3 decimals) in every locale. */
export function formatMoney(millimes: number, language: string): string {
  const amount = new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
    numberingSystem: 'latn',
  }).format(millimes / 1000);
  return `${amount} TND`;
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { numberingSystem: 'latn' }).format(value);
}

/** A percentage with up to two decimals, without the sign ("4.9", "4,9"). */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), {
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  }).format(value);
}

export function formatDate(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    numberingSystem: 'latn',
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** A place written from its parts ("Tunis, Tunisia"), with Arabic's own comma in tn. */
export function formatPlace(parts: readonly (string | null | undefined)[], language: string) {
  return parts.filter(Boolean).join(language === 'tn' ? '، ' : ', ');
}

/** A country's name from its 2-letter code, in the interface language ("TN" → "Tunisie"). */
export function formatCountry(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

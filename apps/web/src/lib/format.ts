import { intlLocale } from './i18n';

/**
 * Intl formatters are costly to create (a first screen formatting a list of dates spent more
 * time creating them than rendering), so each one is made once per language and kind.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames;
const formatters = new Map<string, Formatter>();
function formatter<F extends Formatter>(
  kind: string,
  language: string,
  create: (locale: string) => F,
): F {
  const key = `${kind} ${language}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    found = create(intlLocale(language));
    formatters.set(key, found);
  }
  return found;
}

/** Money is carried in millimes; shown as `24.800 TND` (3 decimals) in every locale. */
export function formatMoney(millimes: number, language: string): string {
  const amount = formatter(
    'money',
    language,
    (locale) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
        numberingSystem: 'latn',
      }),
  ).format(millimes / 1000);
  return `${amount} TND`;
}

export function formatNumber(value: number, language: string): string {
  return formatter(
    'number',
    language,
    (locale) => new Intl.NumberFormat(locale, { numberingSystem: 'latn' }),
  ).format(value);
}

/** A percentage with up to two decimals, without the sign ("4.9", "4,9"). */
export function formatPercent(value: number, language: string): string {
  return formatter(
    'percent',
    language,
    (locale) =>
      new Intl.NumberFormat(locale, { maximumFractionDigits: 2, numberingSystem: 'latn' }),
  ).format(value);
}

export function formatDate(value: string | Date, language: string): string {
  return formatter(
    'date',
    language,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', numberingSystem: 'latn' }),
  ).format(typeof value === 'string' ? new Date(value) : value);
}

/** A place written from its parts ("Tunis, Tunisia"), with Arabic's own comma in tn. */
export function formatPlace(parts: readonly (string | null | undefined)[], language: string) {
  return parts.filter(Boolean).join(language === 'tn' ? '، ' : ', ');
}

/** A country's name from its 2-letter code, in the interface language ("TN" → "Tunisie"). */
export function formatCountry(code: string, language: string): string {
  try {
    const regions = formatter(
      'region',
      language,
      (locale) => new Intl.DisplayNames([locale], { type: 'region' }),
    );
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

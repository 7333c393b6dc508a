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

/**
 * Money is carried in millimes; shown with three decimals and TND in every language, the way
 * the invoice PDFs write it (one formatter for both: `@clipmarket/contracts/money-format`).
 */
export { formatMoney } from '@clipmarket/contracts/money-format';

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

/**
 * A percentage with its sign (`4.9 %`, `4,9 %`), isolated left to right (U+2066 … U+2069):
 * alone in a right-to-left line, the space before `%` would otherwise put the sign in front.
 */
export function formatPercentage(value: number, language: string): string {
  return `\u2066${formatPercent(value, language)} %\u2069`;
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

/**
 * Makes the formatters of a signed-in first screen before it renders. A page's first Intl
 * formatter costs 35–160 ms of main thread (the browser loads its locale data), then each
 * further one a few: made inside the first screen's render, that cost was one long task
 * between first paint and interactive. The warm start (app/warm-start.ts) calls this while
 * the user's data are still on the way and the main thread is idle.
 */
export function prepareFormatters(language: string) {
  formatNumber(0, language);
  formatDate(new Date(0), language);
  formatCountry('TN', language);
}

import { intlLocale } from '../../lib/i18n';

export { REQUEST_TIME_ZONE, formatDateTime, formatDay } from '../../lib/tunis-time';

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/**
 * How far `value` is from `now` in words ("in 2 days", "in 5 hours", "dans 40 minutes"): the
 * largest unit that counts at least 2 (or 1 minute), rounded down so it never promises more time
 * than there is.
 */
export function formatRelative(value: string, language: string, now = Date.now()): string {
  const diff = new Date(value).getTime() - now;
  const format = new Intl.RelativeTimeFormat(intlLocale(language), {
    numeric: 'auto',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions);
  const distance = Math.abs(diff);
  for (const [unit, size] of units) {
    if (distance >= 2 * size || unit === 'minute') {
      const count = Math.max(1, Math.floor(distance / size));
      return format.format(diff < 0 ? -count : count, unit);
    }
  }
  return format.format(0, 'minute');
}

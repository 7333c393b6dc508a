import { intlLocale } from '../../lib/i18n';

/** Request deadlines are Tunisia's time (spec §9 time slots): shown so in every language. */
export const REQUEST_TIME_ZONE = 'Africa/Tunis';

/** A deadline or answer time as a date and time of day, in Tunisia's time. */
export function formatDateTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: REQUEST_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(new Date(value));
}

/** A day (the publishing deadline is a date only). */
export function formatDay(value: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeZone: REQUEST_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(new Date(value));
}

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

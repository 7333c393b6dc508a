import { intlLocale } from './i18n';

/**
 * Deadlines of requests and opportunities are Tunisia's time (spec §9 time slots): shown so in
 * every language, by the creator's screens of both.
 */
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

import { intlLocale } from '../../lib/i18n';

/**
 * A day: a date alone (`2026-12-01`, the application deadline) is that day wherever the
 * reader is; an instant is read in Tunisia's time, as the other deadlines.
 */
export function formatDay(value: string, language: string): string {
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeZone: isDateOnly ? 'UTC' : 'Africa/Tunis',
    numberingSystem: 'latn',
  }).format(new Date(value));
}

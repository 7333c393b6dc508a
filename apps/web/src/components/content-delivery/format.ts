import { intlLocale } from '../../lib/i18n';

/** When a video was sent or reviewed: a date and a time, in Tunisia's time (like deadlines). */
export function formatDeliveryTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Tunis',
    numberingSystem: 'latn',
  }).format(new Date(value));
}

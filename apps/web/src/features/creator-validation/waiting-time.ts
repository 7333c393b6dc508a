import { intlLocale } from '../../lib/i18n';

const HOUR_MS = 3_600_000;

/**
 * How long an account has waited, in the largest whole unit that reads naturally to a
 * reviewer: minutes under an hour, hours under two days, then days ("5 hours", "3 jours",
 * "3 أيام"). Latin digits in every language, as the rest of the product.
 */
export function formatWaitingTime(since: string, language: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(since).getTime());
  const hours = elapsed / HOUR_MS;
  const [value, unit] =
    hours < 1
      ? [Math.max(1, Math.floor(elapsed / 60_000)), 'minute']
      : hours < 48
        ? [Math.floor(hours), 'hour']
        : [Math.floor(hours / 24), 'day'];
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    numberingSystem: 'latn',
  } as Intl.NumberFormatOptions).format(value);
}

/** Whether an account has waited longer than `hours` (admins are reminded past 48 hours). */
export function hasWaitedLongerThan(since: string, hours: number, now: Date = new Date()): boolean {
  return now.getTime() - new Date(since).getTime() > hours * HOUR_MS;
}

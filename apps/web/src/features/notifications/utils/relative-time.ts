export type RelativeUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const steps: [RelativeUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/**
 * Time since creation in the largest whole unit (spec §2: years, months, days, hours, minutes,
 * seconds, or "now"). Dates in the future (a clock a little ahead) count as now.
 */
export function getRelativeTime(
  createdAt: Date | string,
  now: Date = new Date(),
): { unit: RelativeUnit; value: number } | 'now' {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (!Number.isFinite(elapsed)) return 'now';
  for (const [unit, size] of steps) {
    const value = Math.floor(elapsed / size);
    if (value >= 1) return { unit, value };
  }
  return 'now';
}

/** e.g. "5 minutes ago", "il y a 2 jours", "قبل 3 ساعات"; `nowLabel` when under a second. */
export function formatRelativeTime(
  createdAt: Date | string,
  options: { locale: string; nowLabel: string; now?: Date },
): string {
  const relative = getRelativeTime(createdAt, options.now);
  if (relative === 'now') return options.nowLabel;
  return new Intl.RelativeTimeFormat(options.locale, {
    numeric: 'always',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions).format(-relative.value, relative.unit);
}

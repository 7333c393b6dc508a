import type { TFunction } from '../../lib/i18n';
import { formatNumber, formatPercent, formatPercentage } from '../../lib/format';

/**
 * Measured figures in words (issue 27 §2): hours humanised ("about 6 h", "1.2 days"), rates
 * from basis points, hundredths as decimals, with the app's formatters (Latin digits in every
 * language, as elsewhere).
 */
export function durationText(t: TFunction, hours: number, language: string): string {
  if (hours < 1) return t('time.underHour');
  if (hours < 24) {
    const count = Math.round(hours);
    return t('time.hours', { count, hours: formatNumber(count, language) });
  }
  const days = Math.round((hours / 24) * 10) / 10;
  return t('time.days', { count: days, days: formatNumber(days, language) });
}

export const rateText = (basisPoints: number, language: string) =>
  formatPercentage(Math.round(basisPoints / 10) / 10, language);

/** A rate's number alone ("4.9"): the text puts the sign (and, in Arabic, the isolates). */
export const percentText = (basisPoints: number, language: string) =>
  formatPercent(Math.round(basisPoints / 10) / 10, language);

export const hundredthsText = (hundredths: number, language: string) =>
  formatNumber(hundredths / 100, language);

import { formatWholeNumber, separatorsOf } from './money-format.js';

// Apart from money-format.ts, which the first screens load: only exports and reports use these.

/**
 * A whole number of hundredths, thousandths… as a decimal, in integers (no floating point):
 * `decimalText(12_500, 3)` → `12.500`, `decimalText(412, 2)` → `4.12`, `decimalText(-50, 3)` →
 * `-0.050`. With a language, its separators (`1,234.500`, `1 234,500`); without, a plain dot
 * and no grouping: what a spreadsheet reads as a number (CSV exports).
 */
export function decimalText(units: number, decimals: number, language?: string): string {
  const value = Math.round(units);
  const sign = value < 0 ? '-' : '';
  const scale = 10 ** decimals;
  const absolute = Math.abs(value);
  const whole = Math.floor(absolute / scale);
  const fraction = String(absolute % scale).padStart(decimals, '0');
  if (language === undefined)
    return decimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
  const integer = formatWholeNumber(whole, language);
  return decimals > 0
    ? `${sign}${integer}${separatorsOf(language).decimal}${fraction}`
    : sign + integer;
}

/** Millimes as dinars for a spreadsheet: `12.500` (three decimals, a dot, no currency). */
export const plainDinars = (millimes: number) => decimalText(millimes, 3);

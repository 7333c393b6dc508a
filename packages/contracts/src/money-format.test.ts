import { describe, expect, it } from 'vitest';
import { formatMoney, formatWholeNumber } from './money-format.js';

describe('money format (one for the web and the invoice PDFs)', () => {
  it.each([
    [24_800, 'en', '24.800 TND'],
    [24_800, 'fr', '24,800 TND'],
    [24_800, 'tn', '24,800 TND'],
    [1_234_500, 'en', '1,234.500 TND'],
    [1_234_500, 'fr', '1\u202F234,500 TND'],
    [1_234_500, 'tn', '1.234,500 TND'],
    [100_000_000, 'en', '100,000.000 TND'],
    [0, 'fr', '0,000 TND'],
    [-123_450, 'en', '-123.450 TND'],
    [1_234_567_890, 'fr', '1\u202F234\u202F567,890 TND'],
  ])('writes %i millimes in %s as %s', (millimes, language, text) => {
    expect(formatMoney(millimes, language)).toBe(text);
  });

  it('writes what Intl writes for each interface language, with Latin digits', () => {
    const locales = { en: 'en-GB', fr: 'fr-TN', tn: 'ar-TN' } as const;
    for (const [language, locale] of Object.entries(locales)) {
      const intl = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
        numberingSystem: 'latn',
      });
      for (const millimes of [0, 5, 24_800, 999_999, 1_234_500, 987_654_321]) {
        expect(formatMoney(millimes, language)).toBe(`${intl.format(millimes / 1000)} TND`);
      }
    }
  });

  it('groups whole numbers; an unknown language reads as English', () => {
    expect(formatWholeNumber(100_000, 'en')).toBe('100,000');
    expect(formatWholeNumber(100_000, 'tn')).toBe('100.000');
    expect(formatMoney(1_000_000, 'de')).toBe('1,000.000 TND');
  });
});

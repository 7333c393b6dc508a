import { describe, expect, it } from 'vitest';
import { decimalText, plainDinars } from './decimal-text.js';
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

describe('decimals from whole units (CSV exports, report PDFs)', () => {
  it('writes plain decimals a spreadsheet reads, without floating point', () => {
    expect(plainDinars(12_500)).toBe('12.500');
    expect(plainDinars(5)).toBe('0.005');
    expect(plainDinars(0)).toBe('0.000');
    expect(plainDinars(-50)).toBe('-0.050');
    expect(plainDinars(1_234_567_890)).toBe('1234567.890');
    // Beyond floats' exact cents: 2^53 - 1 millimes.
    expect(plainDinars(9_007_199_254_740_991)).toBe('9007199254740.991');
    expect(decimalText(412, 2)).toBe('4.12');
    expect(decimalText(7, 2)).toBe('0.07');
    expect(decimalText(1_500, 0)).toBe('1500');
  });

  it("writes them with the language's separators when asked", () => {
    expect(decimalText(587, 2, 'en')).toBe('5.87');
    expect(decimalText(587, 2, 'fr')).toBe('5,87');
    expect(decimalText(1_234_567, 2, 'tn')).toBe('12.345,67');
    expect(decimalText(1_234_500, 3, 'fr')).toBe('1\u202F234,500');
  });
});

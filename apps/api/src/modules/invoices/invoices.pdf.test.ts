import { describe, expect, it } from 'vitest';
import { formatInvoiceMoney, visualSegments } from './invoices.pdf.js';

describe('invoice PDF text', () => {
  it.each([
    [0, '0.000 TND'],
    [1_000, '1.000 TND'],
    [24_800, '24.800 TND'],
    [1_234_500, '1 234.500 TND'],
    [1_234_567_890, '1 234 567.890 TND'],
    [-123_450, '-123.450 TND'],
  ])('writes %i millimes as %s', (millimes, text) => {
    expect(formatInvoiceMoney(millimes)).toBe(text);
  });

  it('orders an Arabic line right to left, amounts and numbers kept left to right', () => {
    const isolate = (value: string) => `\u2066${value}\u2069`;
    // Left to right on the page: the amount, then the label (read from the right).
    expect(visualSegments(`المجموع: ${isolate('1 234.500 TND')}`, true)).toEqual([
      { text: '1 234.500 TND', font: 'latin', rtl: false },
      { text: ' :', font: 'latin', rtl: true },
      { text: 'المجموع', font: 'arabic', rtl: true },
    ]);
    // Brackets are mirrored in a right-to-left run.
    expect(visualSegments(`التخفيض (${isolate('10 %')})`, true).map((s) => s.text)).toEqual([
      '(',
      '10 %',
      ') ',
      'التخفيض',
    ]);
    // Arabic inside a Latin line stays one run, handed to the font in logical order.
    expect(visualSegments('Buyer: شركة الهريسة', false)).toEqual([
      { text: 'Buyer: ', font: 'latin', rtl: false },
      { text: 'الهريسة', font: 'arabic', rtl: true },
      { text: ' ', font: 'latin', rtl: true },
      { text: 'شركة', font: 'arabic', rtl: true },
    ]);
  });
});

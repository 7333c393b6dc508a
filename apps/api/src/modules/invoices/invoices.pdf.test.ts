import { describe, expect, it } from 'vitest';
import { isolateLatinRuns, lineWording, visualSegments } from './invoices.pdf.js';

const isolate = (value: string) => `\u2066${value}\u2069`;
/** The line as drawn, left to right. */
const drawn = (text: string) =>
  visualSegments(isolateLatinRuns(text), true)
    .map((s) => s.text)
    .join('');

describe('invoice PDF text', () => {
  it('isolates every Latin and number run of an Arabic line', () => {
    expect(isolateLatinRuns('العنوان: 12 Rue de Marseille, Tunis 1000')).toBe(
      `العنوان: ${isolate('12 Rue de Marseille, Tunis 1000')}`,
    );
    expect(isolateLatinRuns('التخفيض (10 %)')).toBe(`التخفيض (${isolate('10 %')})`);
    expect(isolateLatinRuns('معاليم المنصة: Content request "Ramadan 2027"')).toBe(
      `معاليم المنصة: ${isolate('Content request "Ramadan 2027"')}`,
    );
    expect(isolateLatinRuns('باقة (Pack 500)، شكرًا')).toBe(`باقة (${isolate('Pack 500')})، شكرًا`);
    // Drawn left to right, the Latin run reads in its own order and the label stays at the right.
    expect(drawn('العنوان: 12 Rue de Marseille, Tunis 1000')).toBe(
      '12 Rue de Marseille, Tunis 1000 :العنوان',
    );
    expect(drawn('التخفيض (10 %)')).toBe('(10 %) التخفيض');
    // A phone number keeps its sign in front.
    expect(drawn('الهاتف: +216 71000000')).toBe('+216 71000000 :الهاتف');
  });

  it('orders an Arabic line right to left, amounts and numbers kept left to right', () => {
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

describe('invoice line wording', () => {
  const labelled = {
    kind: 'platform_fee' as const,
    description: 'Platform fee — CR-000010 “Ramadan 2027”',
    label: {
      code: 'platform_fee' as const,
      params: { reference: 'CR-000010', title: 'Ramadan 2027' },
    },
    quantity: 1,
    unitAmount: 50_000,
    amount: 50_000,
    isPlatformFee: true,
  };
  const isolate = (value: string) => `\u2066${value}\u2069`;

  it('words a labelled line in the PDF language, never in the stored English', () => {
    expect(lineWording(labelled, 'en')).toBe(
      `Platform fee — ${isolate('CR-000010')} “Ramadan 2027”`,
    );
    expect(lineWording(labelled, 'fr')).toBe(
      `Frais de plateforme — ${isolate('CR-000010')} « Ramadan 2027 »`,
    );
    expect(lineWording(labelled, 'tn')).toBe(
      `معاليم المنصة — ${isolate('CR-000010')} «Ramadan 2027»`,
    );
    const pack = {
      ...labelled,
      kind: 'wallet_pack' as const,
      label: { code: 'wallet_pack' as const, params: { reference: 'WP-000042' } },
    };
    expect(lineWording(pack, 'fr')).toBe(`Pack portefeuille — ${isolate('WP-000042')}`);
  });

  it('keeps the stored text of a line issued before labels', () => {
    const { label: _label, ...issuedBefore } = labelled;
    const legacy = { ...issuedBefore, description: 'Content request platform fee' };
    expect(lineWording(legacy, 'en')).toBe('Platform fee: Content request platform fee');
    expect(lineWording(legacy, 'fr')).toBe('Frais de plateforme: Content request platform fee');
    expect(lineWording({ ...legacy, description: 'Platform fee' }, 'tn')).toBe('معاليم المنصة');
  });
});

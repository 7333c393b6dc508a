import { describe, expect, it } from 'vitest';
import { lineWording } from './invoices.pdf.js';

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

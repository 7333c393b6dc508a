import { describe, expect, it } from 'vitest';
import { describeLine } from '../checkout/index.js';
import { lineWording } from './invoices.pdf.js';
import type { InvoiceLine } from './invoices.types.js';

/** The content fee's line names its usage licence (issue 27 §1); older lines keep their wording. */

const label = {
  code: 'content_fee' as const,
  params: {
    reference: 'CR-000010-1',
    licence: {
      channels: ['organic' as const, 'paid_ads' as const],
      duration: '90_days' as const,
      territory: 'mena' as const,
      exclusivity_days: 0,
    },
  },
};
const line = (withLabel: InvoiceLine['label']): InvoiceLine => ({
  kind: 'content_fee',
  description: withLabel ? describeLine(withLabel) : 'Content fee',
  ...(withLabel ? { label: withLabel } : {}),
  quantity: 1,
  unitAmount: 150_000,
  amount: 150_000,
  isPlatformFee: false,
});
// The PDF isolates the reference left to right (U+2066 … U+2069).
const plain = (text: string) => text.replace(/[\u2066\u2069]/g, '');

describe('a content fee line naming its licence', () => {
  it('is worded in English as the issue says, and in French and Arabic', () => {
    expect(describeLine(label)).toBe(
      'Content fee — CR-000010-1 — licence: organic + paid ads, 90 days, MENA',
    );
    expect(plain(lineWording(line(label), 'en'))).toBe(describeLine(label));
    expect(plain(lineWording(line(label), 'fr'))).toBe(
      'Frais de contenu — CR-000010-1 — licence : organique + publicité payante, 90 jours, MENA',
    );
    expect(plain(lineWording(line(label), 'tn'))).toBe(
      'معاليم المحتوى — CR-000010-1 — رخصة الاستعمال: نشر عادي + إعلانات ممولة، 90 يوما، الشرق الأوسط وشمال إفريقيا',
    );
  });

  it('says the exclusivity when there is one', () => {
    const exclusive = {
      ...label,
      params: { ...label.params, licence: { ...label.params.licence, exclusivity_days: 90 } },
    };
    expect(describeLine(exclusive)).toMatch(/, 90-day exclusivity$/);
  });

  it('keeps the wording of lines without a licence, and of invoices issued before labels', () => {
    const old = { code: 'content_fee' as const, params: { reference: 'CR-000001-1' } };
    expect(plain(lineWording(line(old), 'en'))).toBe('Content fee — CR-000001-1');
    expect(lineWording(line(undefined), 'fr')).toBe('Frais de contenu');
  });
});

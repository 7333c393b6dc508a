import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, priceOrder, type ItemToPrice } from './pricing.js';

const rates = { vatRateBasisPoints: 1_900, fiscalStampMillimes: 1_000 };
const fee = (unitAmount = 24_800): ItemToPrice => ({
  kind: 'platform_fee',
  description: 'Platform fee',
  quantity: 1,
  unitAmount,
});

/** The rounding table of ADR 015: every figure worked out by hand. */
const cases: Array<{
  name: string;
  items: ItemToPrice[];
  promotion?: number;
  promotionAppliesTo?: Array<'platform_fee' | 'content_fee' | 'wallet_pack'>;
  expected: { subtotal: number; discount: number; vat: number; total: number };
}> = [
  {
    name: 'the platform fee alone: 24.800 + 19 % VAT + stamp',
    items: [fee()],
    expected: { subtotal: 24_800, discount: 0, vat: 4_712, total: 30_512 },
  },
  {
    name: '10 % promotion: VAT on what is left, 4 240.8 rounds up',
    items: [fee()],
    promotion: 1_000,
    expected: { subtotal: 24_800, discount: 2_480, vat: 4_241, total: 27_561 },
  },
  {
    name: '15 % promotion: VAT 4 005.2 rounds down',
    items: [fee()],
    promotion: 1_500,
    expected: { subtotal: 24_800, discount: 3_720, vat: 4_005, total: 26_085 },
  },
  {
    name: '33.33 % promotion: discount 8 265.84 and VAT 3 141.46 each round once',
    items: [fee()],
    promotion: 3_333,
    expected: { subtotal: 24_800, discount: 8_266, vat: 3_141, total: 20_675 },
  },
  {
    name: 'a half millime rounds up (9.5 → 10)',
    items: [fee(50)],
    expected: { subtotal: 50, discount: 0, vat: 10, total: 1_060 },
  },
  {
    name: 'another half millime (28.5 → 29)',
    items: [fee(150)],
    expected: { subtotal: 150, discount: 0, vat: 29, total: 1_179 },
  },
  {
    name: 'content fees take neither the promotion nor the VAT',
    items: [fee(), { kind: 'content_fee', description: 'Amira', quantity: 3, unitAmount: 150_000 }],
    promotion: 5_000,
    expected: { subtotal: 474_800, discount: 12_400, vat: 2_356, total: 465_756 },
  },
  {
    name: 'a wallet pack is a deposit: no VAT, no promotion, one stamp',
    items: [{ kind: 'wallet_pack', description: 'Wallet pack', quantity: 1, unitAmount: 100_000 }],
    promotion: 2_000,
    expected: { subtotal: 100_000, discount: 0, vat: 0, total: 101_000 },
  },
  {
    name: 'a code made for wallet packs takes 10 % off the pack, still no VAT',
    items: [{ kind: 'wallet_pack', description: 'Wallet pack', quantity: 1, unitAmount: 250_000 }],
    promotion: 1_000,
    promotionAppliesTo: ['wallet_pack'],
    expected: { subtotal: 250_000, discount: 25_000, vat: 0, total: 226_000 },
  },
  {
    name: 'a code for packs only leaves a platform fee whole: full VAT on it',
    items: [
      fee(),
      { kind: 'wallet_pack', description: 'Wallet pack', quantity: 1, unitAmount: 100_005 },
    ],
    promotion: 1_000,
    promotionAppliesTo: ['wallet_pack'],
    expected: { subtotal: 124_805, discount: 10_001, vat: 4_712, total: 120_516 },
  },
  {
    name: 'a 100 % promotion leaves the stamp',
    items: [fee()],
    promotion: 10_000,
    expected: { subtotal: 24_800, discount: 24_800, vat: 0, total: 1_000 },
  },
];

describe('priceOrder', () => {
  it.each(cases)('$name', ({ items, promotion, promotionAppliesTo, expected }) => {
    const order = priceOrder({
      items,
      rates,
      ...(promotion ? { promotionBasisPoints: promotion } : {}),
      ...(promotionAppliesTo ? { promotionAppliesTo } : {}),
    });
    expect({
      subtotal: order.subtotal,
      discount: order.discount,
      vat: order.vatAmount,
      total: order.total,
    }).toEqual(expected);
    expect(order.stampAmount).toBe(1_000);
  });

  it('refuses amounts that are not whole millimes, quantities below one and rates above 100 %', () => {
    expect(() => priceOrder({ items: [fee(24.8)], rates })).toThrow(/whole/);
    expect(() => priceOrder({ items: [fee(-1)], rates })).toThrow(/non-negative/);
    expect(() => priceOrder({ items: [{ ...fee(), quantity: 0 }], rates })).toThrow(/quantity/);
    expect(() => priceOrder({ items: [fee()], rates, promotionBasisPoints: 10_001 })).toThrow(
      /basis points/,
    );
    expect(() => priceOrder({ items: [], rates })).toThrow(/at least one/);
  });

  it('computes exactly where a floating-point product would lose millimes', () => {
    expect(applyBasisPoints(9_007_199_254_740, 9_999)).toBe(9_006_298_534_815);
  });

  it('always adds up: total = subtotal − discount + VAT + stamp, discount within the fees', () => {
    const item = fc.record({
      kind: fc.constantFrom('platform_fee', 'content_fee', 'wallet_pack' as const),
      description: fc.constant('item'),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitAmount: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (items, promotionBasisPoints, vatRateBasisPoints) => {
          const order = priceOrder({
            items,
            promotionBasisPoints,
            rates: { vatRateBasisPoints, fiscalStampMillimes: 1_000 },
          });
          const fees = order.lines.filter((l) => l.isPlatformFee).reduce((s, l) => s + l.amount, 0);
          expect(order.total).toBe(
            order.subtotal - order.discount + order.vatAmount + order.stampAmount,
          );
          expect(order.discount).toBeGreaterThanOrEqual(0);
          expect(order.discount).toBeLessThanOrEqual(fees);
          expect(order.vatAmount).toBeLessThanOrEqual(order.taxableAmount);
          for (const value of [order.total, order.discount, order.vatAmount]) {
            expect(Number.isSafeInteger(value)).toBe(true);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

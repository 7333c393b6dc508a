import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costOfItem,
  costsOfLines,
  divideRoundHalfUp,
  engagementsOf,
  ratiosOf,
  splitEvenly,
  sumPresent,
} from './performance.figures.js';

describe('the cost arithmetic in millimes', () => {
  it('rounds a division half up, and has no answer without a divisor', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(4, 3)).toBe(1);
    expect(divideRoundHalfUp(5, 3)).toBe(2);
    expect(divideRoundHalfUp(-5, 2)).toBe(-3);
    expect(divideRoundHalfUp(7, 0)).toBeNull();
    expect(divideRoundHalfUp(7, null)).toBeNull();
    // 123 456 789 000 / 333 = 370 741 108.108…
    expect(divideRoundHalfUp(123_456_789 * 1000, 333)).toBe(370_741_108);
    // Exactly half a millime, where 0.1 + 0.2 style drift would round the wrong way.
    expect(divideRoundHalfUp(3 * 1000 + 5, 10)).toBe(301);
  });

  it('splits a fee into whole millimes that sum to it, the remainder to the first lines', () => {
    expect(splitEvenly(30_712, 3)).toEqual([10_238, 10_237, 10_237]);
    expect(splitEvenly(10, 4)).toEqual([3, 3, 2, 2]);
    expect(splitEvenly(9, 3)).toEqual([3, 3, 3]);
    expect(splitEvenly(0, 2)).toEqual([0, 0]);
    expect(splitEvenly(5, 0)).toEqual([]);
    for (const [amount, count] of [
      [1, 7],
      [999_999, 13],
      [30_712, 11],
    ] as const) {
      expect(splitEvenly(amount, count).reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });

  it('costs each line its paid content fee plus its share of the platform fee', () => {
    // 30 712 of fee and two of three content fees paid (100 000 and 150 000).
    const costs = costsOfLines(
      [
        { lineId: 12, lineNumber: 3, price: 80_000, paid: false },
        { lineId: 10, lineNumber: 1, price: 100_000, paid: true },
        { lineId: 11, lineNumber: 2, price: 150_000, paid: true },
      ],
      30_712 + 250_000,
    );
    expect(costs.get(10)).toBe(100_000 + 10_238);
    expect(costs.get(11)).toBe(150_000 + 10_237);
    // Not paid yet: only its share of the fee.
    expect(costs.get(12)).toBe(10_237);
    expect([...costs.values()].reduce((a, b) => a + b, 0)).toBe(280_712);
  });

  it('never gives a negative fee share when refunds left less than the content fees', () => {
    const costs = costsOfLines([{ lineId: 1, lineNumber: 1, price: 100_000, paid: true }], 40_000);
    expect(costs.get(1)).toBe(100_000);
  });

  it("costs an item in all what its lines' costs sum to (the dashboard sums items, not lines)", () => {
    const line = fc.record({ price: fc.integer({ min: 0, max: 50_000_000 }), paid: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (drawn, spent) => {
          const lines = drawn.map((one, index) => ({
            ...one,
            lineId: index + 1,
            lineNumber: index + 1,
          }));
          const contentFees = lines.reduce((sum, one) => sum + (one.paid ? one.price : 0), 0);
          const summed = [...costsOfLines(lines, spent).values()].reduce((a, b) => a + b, 0);
          expect(costOfItem(spent, lines.length, contentFees)).toBe(
            lines.length === 0 ? spent : summed,
          );
        },
      ),
    );
  });

  it('computes CPM, cost per view, per engagement, per click and the rate in basis points', () => {
    expect(ratiosOf({ cost: 280_712, views: 12_345, engagements: 987, clicks: 41 })).toEqual({
      // 280 712 × 1000 / 12 345 = 22 738.92… → 22 739
      cpm: 22_739,
      // 22.738… → 23
      cost_per_view: 23,
      // 284.409… → 284
      cost_per_engagement: 284,
      // 987 / 12 345 = 7.995 % → 800 bp (half up)
      engagement_rate_bp: 800,
      // 6 846.63… → 6 847
      cpc: 6_847,
    });
    expect(ratiosOf({ cost: 1_000, views: null, engagements: null, clicks: 0 })).toEqual({
      cpm: null,
      cost_per_view: null,
      cost_per_engagement: null,
      engagement_rate_bp: null,
      cpc: null,
    });
  });

  it('adds the engagements the source gives, and nothing when it gives none', () => {
    expect(engagementsOf({ likes: 10, comments: 2, shares: null, saves: 3 })).toBe(15);
    expect(engagementsOf({ likes: null, comments: null, shares: null, saves: null })).toBeNull();
    expect(sumPresent([null, 0, undefined])).toBe(0);
    expect(sumPresent([])).toBeNull();
  });
});

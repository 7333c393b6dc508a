import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';
import { describe, expect, it } from 'vitest';
import { priceProblemOf, startingPrice, textProblemOf } from './application-rules';

const card: RateCardEntry[] = [
  { video_duration: 15, price: 80_000, is_custom: true, suggested_price: 60_000 },
  { video_duration: 30, price: 150_000, is_custom: false, suggested_price: 150_000 },
  { video_duration: 60, price: 400_000, is_custom: true, suggested_price: 250_000 },
];
const band = { min: 100_000, max: 300_000 };

describe('an application price', () => {
  it("starts from the creator's own price for the length when it is inside the band", () => {
    expect(startingPrice(card, 30, band)).toBe(150_000);
  });

  it("starts from the band's minimum otherwise", () => {
    expect(startingPrice(card, 15, band)).toBe(100_000);
    expect(startingPrice(card, 60, band)).toBe(100_000);
    expect(startingPrice(card, null, band)).toBe(100_000);
    expect(startingPrice(undefined, 30, band)).toBe(100_000);
  });

  it('is whole dinars inside the band', () => {
    expect(priceProblemOf('', band)).toBe('required');
    expect(priceProblemOf(120.5, band)).toBe('wholeDinars');
    expect(priceProblemOf(99, band)).toBe('outsideBand');
    expect(priceProblemOf(301, band)).toBe('outsideBand');
    expect(priceProblemOf(100, band)).toBeNull();
    expect(priceProblemOf(300, band)).toBeNull();
  });

  it('needs a text within its length', () => {
    expect(textProblemOf('   ', 10)).toBe('required');
    expect(textProblemOf('x'.repeat(11), 10)).toBe('tooLong');
    expect(textProblemOf(' fine ', 10)).toBeNull();
  });
});

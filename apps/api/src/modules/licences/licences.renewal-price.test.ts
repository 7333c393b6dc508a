import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  licenceChannels,
  licenceDurations,
  licenceTerritories,
} from '@clipmarket/contracts/licences';
import { addToDate, endOfTunisDay, expiryOf, licenceStateOf } from './licences.lifecycle.js';
import { renewalPriceOf } from './licences.renewal-price.js';
import { DEFAULT_RATES } from './licences.test-support.js';

/** Issue 27 §1 (ADR 046): the renewal's price rule and the calendar of a licence's end. */
describe('renewalPriceOf', () => {
  const base = {
    channels: ['organic'] as const,
    territory: 'tunisia' as const,
    rates: DEFAULT_RATES,
  };

  it('prices a 30-day renewal at the renewal rate of the base price', () => {
    expect(renewalPriceOf({ ...base, duration: '30_days', basePrice: 250_000 }, 2_000)).toEqual({
      price: 50_000,
      parts: [{ part: 'renewal_30_days', basisPoints: 2_000, amount: 50_000 }],
    });
  });

  it('adds the duration rate for 90 days and 1 year, then the channel and territory add-ons', () => {
    const priced = renewalPriceOf(
      {
        ...base,
        duration: '90_days',
        channels: ['organic', 'paid_ads', 'spark_ads'],
        territory: 'mena',
        basePrice: 100_001,
      },
      2_000,
    )!;
    expect(priced.parts.map((part) => [part.part, part.amount])).toEqual([
      ['renewal_30_days', 20_000],
      ['90_days', 15_000],
      ['paid_ads', 30_000],
      ['spark_ads', 20_000],
      ['mena', 20_000],
    ]);
    expect(priced.price).toBe(105_000);
    expect(renewalPriceOf({ ...base, duration: '1_year', basePrice: 100_000 }, 2_000)!.price).toBe(
      60_000,
    );
  });

  it('rounds each part half up to the millime, with the rates frozen in term 1', () => {
    const priced = renewalPriceOf(
      {
        ...base,
        duration: '30_days',
        territory: 'worldwide',
        basePrice: 5,
        rates: { worldwide: 1_000 },
      },
      1_000,
    )!;
    // 0.5 and 0.5 millimes: each rounds up on its own.
    expect(priced.price).toBe(2);
  });

  it('renews nothing perpetual', () => {
    expect(
      renewalPriceOf({ ...base, duration: 'perpetual', basePrice: 100_000 }, 2_000),
    ).toBeNull();
  });

  it('is never negative and grows with the base price (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.subarray([...licenceChannels]),
        fc.constantFrom(...licenceDurations.filter((duration) => duration !== 'perpetual')),
        fc.constantFrom(...licenceTerritories),
        fc.integer({ min: 0, max: 50_000 }),
        (a, b, channels, duration, territory, renewal) => {
          const terms = { channels, duration, territory, rates: DEFAULT_RATES };
          const low = renewalPriceOf({ ...terms, basePrice: Math.min(a, b) }, renewal)!;
          const high = renewalPriceOf({ ...terms, basePrice: Math.max(a, b) }, renewal)!;
          expect(low.price).toBeGreaterThanOrEqual(0);
          expect(high.price).toBeGreaterThanOrEqual(low.price);
          expect(low.price).toBe(low.parts.reduce((sum, part) => sum + part.amount, 0));
        },
      ),
    );
  });
});

describe('the end of a licence', () => {
  it('ends at the end of the last day in Tunisia, on the calendar', () => {
    // Paid on 1 December 2026 at 14:00 Tunis (13:00 UTC).
    const paid = new Date('2026-12-01T13:00:00Z');
    expect(expiryOf(paid, '30_days')!.toISOString()).toBe('2026-12-31T22:59:59.999Z');
    expect(expiryOf(paid, '90_days')!.toISOString()).toBe('2027-03-01T22:59:59.999Z');
    expect(expiryOf(paid, '1_year')!.toISOString()).toBe('2027-12-01T22:59:59.999Z');
    expect(expiryOf(paid, 'perpetual')).toBeNull();
    // 23:30 UTC is already the next day in Tunis.
    expect(expiryOf(new Date('2026-12-01T23:30:00Z'), '30_days')!.toISOString()).toBe(
      '2027-01-01T22:59:59.999Z',
    );
    expect(addToDate('2028-02-29', { years: 1 })).toBe('2029-03-01');
    expect(endOfTunisDay('2027-06-30').toISOString()).toBe('2027-06-30T22:59:59.999Z');
  });

  it("is expired from expires_at on, at the reader's clock", () => {
    const row = {
      startsAt: new Date('2026-01-01T00:00:00Z'),
      expiresAt: new Date('2026-02-01T00:00:00Z'),
      duration: '30_days' as const,
    };
    expect(licenceStateOf(row, new Date('2026-01-31T23:59:59.999Z'))).toBe('active');
    expect(licenceStateOf(row, new Date('2026-02-01T00:00:00Z'))).toBe('expired');
    expect(licenceStateOf({ ...row, startsAt: null }, new Date())).toBe('not_started');
    expect(licenceStateOf({ ...row, duration: 'perpetual', expiresAt: null }, new Date())).toBe(
      'perpetual',
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessSettingDefaults } from '@clipmarket/contracts/business-settings';
import {
  defaultLicenceTerms,
  licenceAddOns,
  licenceChannels,
  licenceDurations,
  licenceExclusivityDays,
  licenceTermsSchema,
  licenceTerritories,
  type LicenceTerms,
} from '@clipmarket/contracts/licences';
import { addOnsOf, priceLicence, type CompleteLicenceRates } from './licences.pricing.js';
import { suggestedLicenceRates } from './licences.rates.js';

/** Pricing of usage licences (issue 27 §1, ADR 015): pure, whole millimes, half up. */

const terms: fc.Arbitrary<LicenceTerms> = fc.record({
  channels: fc
    .subarray(['paid_ads', 'spark_ads'] as const)
    .map((extra) => ['organic' as const, ...extra]),
  duration: fc.constantFrom(...licenceDurations),
  territory: fc.constantFrom(...licenceTerritories),
  exclusivity_days: fc.constantFrom(...licenceExclusivityDays),
});
const rate = fc.integer({ min: 0, max: 50_000 });
const rates: fc.Arbitrary<CompleteLicenceRates> = fc.record(
  Object.fromEntries(licenceAddOns.map((addOn) => [addOn, rate])) as {
    [K in keyof CompleteLicenceRates]: fc.Arbitrary<number>;
  },
);
const basePrice = fc.integer({ min: 0, max: 100_000_000 });

describe('priceLicence', () => {
  it('prices paid ads + 90 days + MENA at the suggested rates, each add-on rounded half up', () => {
    const suggested = suggestedLicenceRates(businessSettingDefaults());
    const price = priceLicence(
      {
        channels: ['organic', 'paid_ads'],
        duration: '90_days',
        territory: 'mena',
        exclusivity_days: 0,
      },
      suggested,
      123_457,
    );
    // 30 %, 15 %, 20 % of 123.457 TND: 37.0371 → 37.037, 18.51855 → 18.519, 24.6914 → 24.691.
    expect(price.breakdown).toEqual([
      { addOn: 'paid_ads', basisPoints: 3000, amount: 37_037 },
      { addOn: '90_days', basisPoints: 1500, amount: 18_519 },
      { addOn: 'mena', basisPoints: 2000, amount: 24_691 },
    ]);
    expect(price.addOnPrice).toBe(37_037 + 18_519 + 24_691);
  });

  it('names every add-on of the terms once, in a stable order', () => {
    expect(
      addOnsOf({
        channels: ['organic', 'spark_ads', 'paid_ads'],
        duration: 'perpetual',
        territory: 'worldwide',
        exclusivity_days: 180,
      }),
    ).toEqual(['paid_ads', 'spark_ads', 'perpetual', 'worldwide', 'exclusivity_180_days']);
    expect(addOnsOf(defaultLicenceTerms)).toEqual([]);
  });

  it('is zero for the default terms, whatever the rates and the base price', () => {
    fc.assert(
      fc.property(rates, basePrice, (r, base) => {
        const price = priceLicence(defaultLicenceTerms, r, base);
        expect(price).toEqual({ addOnPrice: 0, breakdown: [] });
      }),
    );
  });

  it('is never negative, whole millimes, the sum of its breakdown', () => {
    fc.assert(
      fc.property(terms, rates, basePrice, (t, r, base) => {
        const price = priceLicence(t, r, base);
        expect(price.addOnPrice).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(price.addOnPrice)).toBe(true);
        expect(price.addOnPrice).toBe(price.breakdown.reduce((sum, line) => sum + line.amount, 0));
        for (const line of price.breakdown) {
          // Half up: within half a millime of the exact share.
          expect(Math.abs(line.amount - (base * line.basisPoints) / 10_000)).toBeLessThanOrEqual(
            0.5,
          );
        }
      }),
    );
  });

  it('is monotone in each add-on: adding a channel or raising a rate never lowers the price', () => {
    fc.assert(
      fc.property(
        terms,
        rates,
        basePrice,
        fc.constantFrom(...licenceAddOns),
        rate,
        (t, r, base, addOn, more) => {
          const before = priceLicence(t, r, base).addOnPrice;
          const raised = priceLicence(t, { ...r, [addOn]: r[addOn] + more }, base).addOnPrice;
          expect(raised).toBeGreaterThanOrEqual(before);
          const wider: LicenceTerms = {
            ...t,
            channels: [...new Set([...t.channels, ...licenceChannels])],
          };
          expect(priceLicence(wider, r, base).addOnPrice).toBeGreaterThanOrEqual(before);
          // Adding an exclusivity period to terms without one.
          if (t.exclusivity_days === 0) {
            expect(
              priceLicence({ ...t, exclusivity_days: 90 }, r, base).addOnPrice,
            ).toBeGreaterThanOrEqual(before);
          }
        },
      ),
    );
  });

  it('is monotone in the base price', () => {
    fc.assert(
      fc.property(
        terms,
        rates,
        basePrice,
        fc.integer({ min: 0, max: 1_000_000 }),
        (t, r, base, more) => {
          expect(priceLicence(t, r, base + more).addOnPrice).toBeGreaterThanOrEqual(
            priceLicence(t, r, base).addOnPrice,
          );
        },
      ),
    );
  });
});

describe('licenceTermsSchema', () => {
  it('takes terms that include organic, once per channel, and known exclusivity periods', () => {
    expect(licenceTermsSchema.safeParse(defaultLicenceTerms).success).toBe(true);
    const bad = [
      { ...defaultLicenceTerms, channels: [] },
      { ...defaultLicenceTerms, channels: ['paid_ads'] },
      { ...defaultLicenceTerms, channels: ['organic', 'organic'] },
      { ...defaultLicenceTerms, exclusivity_days: 45 },
      { ...defaultLicenceTerms, duration: '2_years' },
      { ...defaultLicenceTerms, territory: 'europe' },
    ];
    for (const value of bad) expect(licenceTermsSchema.safeParse(value).success).toBe(false);
  });
});

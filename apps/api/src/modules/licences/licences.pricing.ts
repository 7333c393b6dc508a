/**
 * The price of a usage licence (issue 27 §1, ADR 015): each add-on the terms use costs
 * `basePrice × rate / 10 000`, rounded half up to the whole millime on its own; the add-ons'
 * price is their sum. Organic, 30 days, Tunisia and no exclusivity are in the base price.
 * Pure: no database, no clock.
 */
import {
  addOnsOf,
  type LicenceAddOn,
  type LicenceRates,
  type LicenceTerms,
} from '@clipmarket/contracts/licences';

export { addOnsOf };

export interface LicenceBreakdownLine {
  addOn: LicenceAddOn;
  basisPoints: number;
  /** Millimes. */
  amount: number;
}

export interface LicencePrice {
  /** Millimes: what the licence adds to the base price. */
  addOnPrice: number;
  breakdown: LicenceBreakdownLine[];
}

/** The complete rates a licence is priced with: one per add-on, in basis points. */
export type CompleteLicenceRates = Record<LicenceAddOn, number>;

/** `amount × basisPoints / 10 000`, half up, exact (BigInt: no float touches money). */
function share(amount: number, basisPoints: number): number {
  return Number((BigInt(amount) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

export function priceLicence(
  terms: LicenceTerms,
  rates: LicenceRates,
  basePrice: number,
): LicencePrice {
  if (!Number.isSafeInteger(basePrice) || basePrice < 0) {
    throw new Error(`The base price is a whole, non-negative number of millimes, got ${basePrice}`);
  }
  const breakdown = addOnsOf(terms).map((addOn) => {
    const basisPoints = rates[addOn];
    if (basisPoints === undefined || !Number.isSafeInteger(basisPoints) || basisPoints < 0) {
      throw new Error(`The rate of ${addOn} is missing or not a whole number of basis points`);
    }
    return { addOn, basisPoints, amount: share(basePrice, basisPoints) };
  });
  return {
    addOnPrice: breakdown.reduce((sum, line) => sum + line.amount, 0),
    breakdown,
  };
}

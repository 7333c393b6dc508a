import type {
  LicenceAddOn,
  LicenceChannel,
  LicenceDuration,
  LicenceRates,
  LicenceTerritory,
} from '@clipmarket/contracts/licences';

/** One part of a renewal's price: what it is for, its rate (basis points) and its millimes. */
export interface RenewalPricePart {
  part: 'renewal_30_days' | LicenceAddOn;
  basisPoints: number;
  amount: number;
}

/** `amount × basisPoints / 10 000`, half up, exact (BigInt: no float touches money, ADR 015). */
function share(amount: number, basisPoints: number): number {
  return Number((BigInt(amount) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/**
 * The price of renewing a licence for the same terms and the same duration (issue 27 §1,
 * ADR 046), from term 1's frozen base price and rates:
 *
 * - the duration: a 30-day renewal costs `licence_renewal_30_days_basis_points` of the base
 *   price; a 90-day or 1-year one costs that rate plus its duration's frozen add-on rate;
 * - plus each channel and territory add-on term 1 bought (paid ads, Spark ads, MENA,
 *   worldwide) at its frozen rate;
 * - exclusivity is not renewed (it ran from the licence's start, once);
 * - each part rounded half up to the whole millime on its own, the price their sum.
 *
 * Null for a perpetual licence: it never ends, there is nothing to renew.
 */
export function renewalPriceOf(
  term: {
    duration: LicenceDuration;
    channels: readonly LicenceChannel[];
    territory: LicenceTerritory;
    basePrice: number;
    rates: LicenceRates;
  },
  renewal30DaysBasisPoints: number,
): { price: number; parts: RenewalPricePart[] } | null {
  if (term.duration === 'perpetual') return null;
  const rateOf = (addOn: LicenceAddOn) => {
    const basisPoints = term.rates[addOn];
    if (basisPoints === undefined || !Number.isSafeInteger(basisPoints) || basisPoints < 0) {
      throw new Error(`Term 1 froze no rate for ${addOn}`);
    }
    return basisPoints;
  };
  const rated: { part: RenewalPricePart['part']; basisPoints: number }[] = [
    { part: 'renewal_30_days', basisPoints: renewal30DaysBasisPoints },
  ];
  if (term.duration !== '30_days') {
    rated.push({ part: term.duration, basisPoints: rateOf(term.duration) });
  }
  for (const channel of ['paid_ads', 'spark_ads'] as const) {
    if (term.channels.includes(channel))
      rated.push({ part: channel, basisPoints: rateOf(channel) });
  }
  if (term.territory !== 'tunisia') {
    rated.push({ part: term.territory, basisPoints: rateOf(term.territory) });
  }
  const parts = rated.map((part) => ({ ...part, amount: share(term.basePrice, part.basisPoints) }));
  return { price: parts.reduce((sum, part) => sum + part.amount, 0), parts };
}

import {
  licenceTermsOrDefault,
  type LicenceQuote,
  type LicenceRates,
  type LicenceTerms,
} from '@clipmarket/contracts/licences';
import type { DbOrTx } from '../../platform/db/client.js';
import { priceLicence } from '../licences/index.js';
import type { LicencesForRequests } from './content-requests.ports.js';

/** A creator's price for a request: their base price and the licence's add-ons (millimes). */
export interface LicensedPrice {
  basePrice: number;
  addOnPrice: number;
  /** What the line costs: base + add-ons. */
  total: number;
  rates: LicenceRates;
  quote: LicenceQuote;
}

/** The wire shape of a licence's price (contracts `licenceQuoteSchema`). */
export function toLicenceQuote(
  terms: LicenceTerms,
  rates: LicenceRates,
  basePrice: number,
): LicenceQuote {
  const { addOnPrice, breakdown } = priceLicence(terms, rates, basePrice);
  return {
    base_price: basePrice,
    add_on_price: addOnPrice,
    breakdown: breakdown.map((line) => ({
      add_on: line.addOn,
      basis_points: line.basisPoints,
      amount: line.amount,
    })),
  };
}

/**
 * Each creator's price for these terms (issue 27 §1): their base price plus the add-ons at
 * their own rates (else the suggested ones), batched. Creators without a base price are absent.
 */
export async function licensedPricesOf(
  q: DbOrTx,
  licences: Pick<LicencesForRequests, 'ratesOf'>,
  basePrices: ReadonlyMap<number, number>,
  storedTerms: LicenceTerms | null | undefined,
): Promise<Map<number, LicensedPrice>> {
  const terms = licenceTermsOrDefault(storedTerms);
  const rates = await licences.ratesOf(q, [...basePrices.keys()]);
  const result = new Map<number, LicensedPrice>();
  for (const [influencerId, basePrice] of basePrices) {
    const own = rates.get(influencerId) ?? {};
    const quote = toLicenceQuote(terms, own, basePrice);
    result.set(influencerId, {
      basePrice,
      addOnPrice: quote.add_on_price,
      total: basePrice + quote.add_on_price,
      rates: own,
      quote,
    });
  }
  return result;
}

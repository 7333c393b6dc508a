/**
 * The one function that turns what is bought into priced lines (ADR 015). Server only: the web
 * shows what it computed and never sends an amount that is trusted (DESIGN §3).
 *
 * Every amount is an integer number of millimes; rates are integer basis points (1900 = 19 %).
 * Rounding is half up, to the millime, and happens three times at most, on totals, never per
 * line: the promotion on the sum of the platform's fees, the VAT on the taxable total.
 */

import type { PricedLineLabel } from '@clipmarket/contracts/checkout';
import { englishLicenceWords, wordLicenceTerms } from '@clipmarket/contracts/licences';

export type PricedItemKind = 'platform_fee' | 'content_fee' | 'wallet_pack' | 'licence_renewal';

/** What a line is for, as a code and parameters: worded in each reader's language. */
export type LineLabel = PricedLineLabel;

export interface ItemToPrice {
  kind: PricedItemKind;
  /** The line's English wording (`describeLine`): the gateway's label, and old lines' only one. */
  description: string;
  /** What it is for, worded where it is shown (the checkout, the invoices). */
  label?: LineLabel;
  quantity: number;
  unitAmount: number;
}

export interface PricingRates {
  vatRateBasisPoints: number;
  fiscalStampMillimes: number;
}

export interface PricedLine extends ItemToPrice {
  amount: number;
  /** Whether the line is the platform's own fee: the promotion and the VAT apply to it. */
  isPlatformFee: boolean;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Sum of the lines, before promotion and tax. */
  subtotal: number;
  promotionBasisPoints: number;
  /** Taken off the lines the promotion applies to (a positive number). */
  discount: number;
  /** The platform's fees after the promotion: what VAT is computed on. */
  taxableAmount: number;
  vatRateBasisPoints: number;
  vatAmount: number;
  stampAmount: number;
  total: number;
}

/**
 * Which lines are the platform's own service. Content fees are the creators' money, collected
 * for them; a wallet pack is a deposit, taxed when it pays for a platform fee. Neither carries
 * the platform's VAT nor takes a promotion.
 */
const isPlatformFee = (kind: PricedItemKind) => kind === 'platform_fee';

/** `amount × basisPoints / 10 000`, rounded half up, exact (BigInt: no float ever touches money). */
export function applyBasisPoints(amount: number, basisPoints: number): number {
  assertMillimes(amount, 'amount');
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new Error(`A rate is 0 to 10000 basis points, got ${basisPoints}`);
  }
  return Number((BigInt(amount) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

function assertMillimes(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole, non-negative number of millimes, got ${value}`);
  }
}

export function priceOrder(input: {
  items: ItemToPrice[];
  promotionBasisPoints?: number;
  /**
   * Which lines the promotion takes from: the platform's fees by default; a promo code made
   * for wallet packs also takes from the pack (a discount the platform gives, ADR 015).
   */
  promotionAppliesTo?: readonly PricedItemKind[];
  rates: PricingRates;
}): PricedOrder {
  if (input.items.length === 0) throw new Error('An order prices at least one item');
  const lines = input.items.map((item) => {
    assertMillimes(item.unitAmount, 'unitAmount');
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new Error(`quantity must be a positive whole number, got ${item.quantity}`);
    }
    const amount = item.unitAmount * item.quantity;
    assertMillimes(amount, 'line amount');
    return { ...item, amount, isPlatformFee: isPlatformFee(item.kind) };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const sumOf = (kept: (line: PricedLine) => boolean) =>
    lines.filter(kept).reduce((sum, line) => sum + line.amount, 0);
  const promotionBasisPoints = input.promotionBasisPoints ?? 0;
  const inScope = new Set(input.promotionAppliesTo ?? ['platform_fee']);
  const platformFees = sumOf((line) => line.isPlatformFee);
  // Two roundings at most: the platform's fees and the other discounted lines apart, since
  // only the first part lowers the VAT base.
  const feeDiscount = inScope.has('platform_fee')
    ? applyBasisPoints(platformFees, promotionBasisPoints)
    : 0;
  const otherDiscount = applyBasisPoints(
    sumOf((line) => !line.isPlatformFee && inScope.has(line.kind)),
    promotionBasisPoints,
  );
  const discount = feeDiscount + otherDiscount;
  const taxableAmount = platformFees - feeDiscount;
  const vatAmount = applyBasisPoints(taxableAmount, input.rates.vatRateBasisPoints);
  assertMillimes(input.rates.fiscalStampMillimes, 'fiscalStampMillimes');
  const stampAmount = input.rates.fiscalStampMillimes;
  return {
    lines,
    subtotal,
    promotionBasisPoints,
    discount,
    taxableAmount,
    vatRateBasisPoints: input.rates.vatRateBasisPoints,
    vatAmount,
    stampAmount,
    total: subtotal - discount + vatAmount + stampAmount,
  };
}

/**
 * A line's wording in English, from its label: what is stored as its `description` and sent
 * where no language applies. `Platform fee — CR-000010 “Spring launch”`.
 */
export function describeLine(label: LineLabel): string {
  const kinds: Record<PricedItemKind, string> = {
    platform_fee: 'Platform fee',
    content_fee: 'Content fee',
    wallet_pack: 'Wallet pack',
    licence_renewal: 'Licence renewal',
  };
  const { reference, title, licence } = label.params;
  const detail = [reference, title === undefined ? undefined : `“${title}”`]
    .filter((part) => part !== undefined)
    .join(' ');
  const worded = detail ? `${kinds[label.code]} — ${detail}` : kinds[label.code];
  // The usage licence the line pays for (issue 27 §1): "— licence: organic + paid ads, 90 days".
  return licence
    ? `${worded} — ${englishLicenceWords.prefix} ${wordLicenceTerms(licence, englishLicenceWords)}`
    : worded;
}

/** An item with its label and the English description worded from it. */
export function labelledItem(
  label: LineLabel,
  amounts: { quantity: number; unitAmount: number },
): ItemToPrice {
  return { kind: label.code, description: describeLine(label), label, ...amounts };
}

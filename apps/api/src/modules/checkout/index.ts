import type { CheckoutQuote } from '@clipmarket/contracts/checkout';
import type { PricedOrder } from './pricing.js';

export {
  applyBasisPoints,
  describeLine,
  labelledItem,
  priceOrder,
  type ItemToPrice,
  type LineLabel,
  type PricedItemKind,
  type PricedLine,
  type PricedOrder,
} from './pricing.js';

/** The checkout's wire shape of a priced order (contracts `checkoutQuoteSchema`). */
export function toCheckoutQuote(
  order: PricedOrder,
  extra: { promoCode: string | null },
): CheckoutQuote {
  return {
    lines: order.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      ...(line.label ? { label: line.label } : {}),
      quantity: line.quantity,
      unit_amount: line.unitAmount,
      amount: line.amount,
    })),
    subtotal: order.subtotal,
    promo_code: order.promotionBasisPoints > 0 ? extra.promoCode : null,
    promotion_basis_points: order.promotionBasisPoints,
    discount: order.discount,
    taxable_amount: order.taxableAmount,
    vat_rate_basis_points: order.vatRateBasisPoints,
    vat_amount: order.vatAmount,
    stamp_amount: order.stampAmount,
    total: order.total,
  };
}

export { pricePlatformFee, postPlatformFee, type FeePurchase } from './platform-fee.js';

import type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { LedgerService } from '../ledger/index.js';
import type { PromoCodesFor } from '../promo-codes/index.js';
import type { SettingsReader } from '../settings/index.js';
import { labelledItem, priceOrder, type PricedOrder } from './pricing.js';

/** What is bought with the platform fee: a request sent, an opportunity published (spec §9). */
export interface FeePurchase<Kind extends PromoPurchaseKind> {
  purchaseKind: Kind;
  purchaseId: number;
  advertiserUserId: number;
  /** Its public reference and title, worded on the checkout's line and the invoice. */
  reference: string;
  title: string;
}

/**
 * The platform fee's priced order (ADR 015): the fee setting, VAT and stamp, less a promo code
 * made for this kind of purchase. The code the purchase itself holds for a payment left open
 * does not count against it (`purchaseId`): the purchase redeems it again when paid.
 */
export async function pricePlatformFee<Kind extends PromoPurchaseKind>(
  q: DbOrTx,
  deps: { settings: SettingsReader; promoCodes: PromoCodesFor<Kind> },
  purchase: FeePurchase<Kind>,
  promoCode: string | undefined,
): Promise<{ order: PricedOrder; promoCode: string | null }> {
  const promotion = promoCode
    ? await deps.promoCodes.check(q, {
        code: promoCode,
        advertiserUserId: purchase.advertiserUserId,
        purchaseKind: purchase.purchaseKind,
        purchaseId: purchase.purchaseId,
      })
    : null;
  const order = priceOrder({
    items: [
      labelledItem(
        {
          code: 'platform_fee',
          params: { reference: purchase.reference, title: purchase.title },
        },
        { quantity: 1, unitAmount: await deps.settings.get(q, 'platform_fee_millimes') },
      ),
    ],
    promotionBasisPoints: promotion?.basisPoints ?? 0,
    rates: {
      vatRateBasisPoints: await deps.settings.get(q, 'vat_rate_basis_points'),
      fiscalStampMillimes: await deps.settings.get(q, 'fiscal_stamp_millimes'),
    },
  });
  return { order, promoCode: promotion?.code ?? null };
}

/**
 * The fee leaves the advertiser's wallet for the platform's accounts (revenue, VAT, stamp, less
 * a promotion the platform gives): one balanced transaction, once per purchase (its key).
 */
export async function postPlatformFee(
  tx: Tx,
  ledger: LedgerService,
  input: {
    idempotencyKey: string;
    kind: string;
    advertiserUserId: number;
    order: PricedOrder;
    reference: Record<string, number>;
  },
): Promise<void> {
  const { order } = input;
  try {
    await ledger.post(tx, {
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      postings: [
        {
          account: { kind: 'advertiser_wallet', ownerUserId: input.advertiserUserId },
          amount: -order.total,
        },
        { account: { kind: 'platform_revenue' }, amount: order.subtotal },
        { account: { kind: 'promotions_given' }, amount: -order.discount },
        { account: { kind: 'vat_payable' }, amount: order.vatAmount },
        { account: { kind: 'stamp_payable' }, amount: order.stampAmount },
      ],
      reference: input.reference,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        'Your wallet does not hold enough to pay the platform fee: top it up or pay by card.',
      );
    }
    throw error;
  }
}

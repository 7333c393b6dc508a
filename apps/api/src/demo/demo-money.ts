import type { DbOrTx } from '../platform/db/client.js';
import { AppError } from '../platform/http/errors.js';
import type { PaymentsService } from '../modules/payments/index.js';
import type { PromoCodesService } from '../modules/promo-codes/index.js';
import { findAccountByEmail } from '../modules/users/index.js';
import type { WalletService } from '../modules/wallet/index.js';

/** A promo code admins find on their page and brands may try: 10 % off a wallet pack. */
export const DEMO_PROMO_CODE = 'BIENVENUE10';

/**
 * The packs the demo brand has bought: the wallet, purchases and invoices pages show them. The
 * third pays the demo deliveries (five content fees), the fourth the prices the demo
 * opportunities' approvals hold; what is left pays the E2E journeys.
 */
export const DEMO_PACKS = [
  { amount: 500_000, promo_code: undefined },
  { amount: 200_000, promo_code: DEMO_PROMO_CODE },
  { amount: 2_000_000, promo_code: undefined },
  { amount: 1_000_000, promo_code: undefined },
] as const;

export interface DemoMoneyDeps {
  wallet: Pick<WalletService, 'buy' | 'getWallet'>;
  payments: Pick<PaymentsService, 'find' | 'settleWithGateway'>;
  promoCodes: Pick<PromoCodesService, 'create'>;
  /** Pays on the gateway's checkout with a success card (the built-in sandbox). */
  payAtGateway: (paymentRef: string) => Promise<void>;
}

/**
 * The demo brand's money, made through the real flow: the promo code, then packs bought at
 * the checkout, paid at the (sandbox) gateway and read back, so the ledger, the invoices and
 * the wallet agree as they would in production. Idempotent: a brand with as many purchases as
 * the demo's packs (or more) is left alone; an existing code is kept.
 */
export async function seedDemoMoney(
  db: DbOrTx,
  deps: DemoMoneyDeps,
): Promise<{ promoCodesCreated: number; packsBought: number }> {
  const admin = await findAccountByEmail(db, 'admin@clipmarket.tn');
  const brand = await findAccountByEmail(db, 'brand@clipmarket.tn');
  if (!admin || !brand) return { promoCodesCreated: 0, packsBought: 0 };

  let promoCodesCreated = 0;
  try {
    await deps.promoCodes.create(admin.id, {
      code: DEMO_PROMO_CODE,
      percent_basis_points: 1_000,
      starts_at: new Date('2026-01-01T00:00:00Z').toISOString(),
      ends_at: null,
      max_redemptions: 500,
      max_redemptions_per_advertiser: 1,
      applies_to: ['wallet_pack', 'content_request', 'opportunity'],
      is_active: true,
    });
    promoCodesCreated = 1;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'PROMO_CODE_TAKEN')) throw error;
  }

  // The packs not bought yet, in order: a wallet seeded before the third pack gets it.
  const bought = (await deps.wallet.getWallet(brand.id)).purchases.length;
  const missing = DEMO_PACKS.slice(bought);
  for (const pack of missing) {
    const { payment_id: paymentId } = await deps.wallet.buy(brand.id, pack);
    const payment = await deps.payments.find(db, paymentId);
    await deps.payAtGateway(payment!.gatewayRef!);
    await deps.payments.settleWithGateway(paymentId);
  }
  return { promoCodesCreated, packsBought: missing.length };
}

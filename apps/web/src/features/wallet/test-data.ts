import type { CheckoutQuote } from '@clipmarket/contracts/checkout';
import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import type { Wallet } from './api/get-wallet';

/** Test data of the wallet's screens, in millimes like the API. */
export function makeQuote(
  amount: number,
  basisPoints = 0,
  code: string | null = null,
): CheckoutQuote {
  const discount = Math.round((amount * basisPoints) / 10_000);
  return {
    lines: [
      { kind: 'wallet_pack', description: 'Wallet pack', quantity: 1, unit_amount: amount, amount },
    ],
    subtotal: amount,
    promo_code: code,
    promotion_basis_points: basisPoints,
    discount,
    taxable_amount: 0,
    vat_rate_basis_points: 1900,
    vat_amount: 0,
    stamp_amount: 1000,
    total: amount - discount + 1000,
  };
}

export function makePurchase(overrides: Partial<WalletPurchase> = {}): WalletPurchase {
  return {
    wallet_purchase_id: 42,
    reference: 'WP-000042',
    created_at: '2026-11-20T10:00:00.000Z',
    purchased_amount: 150_000,
    available_amount: 150_000,
    balance: 150_000,
    status: 'paid',
    total: 151_000,
    payment_id: 9,
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balance: 0,
    reserved: 0,
    available: 0,
    purchases: [],
    kept_in_wallet: [],
    pack_limits: { min: 100_000, max: 2_000_000 },
    ...overrides,
  };
}

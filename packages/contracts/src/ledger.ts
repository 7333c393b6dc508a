/**
 * The ledger's account kinds (ADR 014). Every amount is an integer number of millimes
 * (1 TND = 1000). An account's balance is the sum of its entries: positive entries add to it,
 * negative ones take from it, and every transaction's entries sum to zero.
 *
 * `owner`: whose account it is (one per advertiser, one per creator, or the platform's one).
 * `mayGoNegative`: only the platform's own books may; a person's account never does.
 */
export const ledgerAccountKinds = {
  /** An advertiser's prepaid money, free to spend. */
  advertiser_wallet: { owner: 'user', mayGoNegative: false },
  /** An advertiser's money put aside by holds (content fees reserved at sending). */
  advertiser_reserved: { owner: 'user', mayGoNegative: false },
  /** What Clipmarket owes a creator for approved content, until paid out. */
  creator_earnings: { owner: 'user', mayGoNegative: false },
  /** Money received through the payment gateway (negative: it came from outside). */
  gateway_clearing: { owner: 'platform', mayGoNegative: true },
  /** Clipmarket's own fees, before tax. */
  platform_revenue: { owner: 'platform', mayGoNegative: true },
  /** Discounts given by promo codes on the platform's fees (negative: a contra-revenue). */
  promotions_given: { owner: 'platform', mayGoNegative: true },
  /** VAT collected on the platform's fees, owed to the tax office. */
  vat_payable: { owner: 'platform', mayGoNegative: true },
  /** Fiscal stamps collected on invoices, owed to the tax office. */
  stamp_payable: { owner: 'platform', mayGoNegative: true },
  /** Creator earnings paid out by bank transfer or D17 (money that left the platform). */
  payouts_sent: { owner: 'platform', mayGoNegative: true },
} as const;

export type LedgerAccountKind = keyof typeof ledgerAccountKinds;

export const ledgerAccountKindNames = Object.keys(ledgerAccountKinds) as LedgerAccountKind[];

/** An account named by its kind and, for a person's account, its owner. */
export type LedgerAccountRef =
  | { kind: LedgerAccountKind; ownerUserId: number }
  | { kind: LedgerAccountKind; ownerUserId?: null };

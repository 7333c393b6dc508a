import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WalletPurchaseStatus } from '@clipmarket/contracts/wallet';
import { users } from '../users/users.schema.js';

/**
 * A wallet pack bought by an advertiser (issue 9 §5). `amount` is what the wallet receives;
 * the payer pays `total` (the pack, less a promotion, plus the fiscal stamp), as priced at the
 * checkout and kept in `priced_order`. Amounts in millimes.
 */
export const walletPurchases = pgTable(
  'wallet_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    stampAmount: bigint('stamp_amount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    promoCode: text('promo_code'),
    /** The checkout's priced lines (pricing.ts `PricedOrder`), as shown and as invoiced. */
    pricedOrder: jsonb('priced_order').notNull(),
    status: text('status').$type<WalletPurchaseStatus>().notNull().default('pending'),
    /** The gateway payment that pays for it (null only while it is being opened). */
    paymentId: integer('payment_id'),
    /** The wallet's balance once this pack was credited (the purchases list shows it). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('wallet_purchases_owner_idx').on(t.ownerUserId, t.id)],
);

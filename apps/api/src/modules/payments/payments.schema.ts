import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { KeptInWalletReason } from '@clipmarket/contracts/payments';
import type { PaymentState } from '@clipmarket/contracts/workflows/payment';
import { users } from '../users/users.schema.js';

/**
 * A payment through the gateway (the payment process in contracts). What it pays for is named
 * by `purpose` and `purpose_id` (a wallet purchase, an order); the module that owns that
 * purchase reacts to `payment.paid`. Amounts in millimes.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    purposeId: integer('purpose_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    state: text('state').$type<PaymentState>().notNull().default('created'),
    version: integer('version').notNull().default(0),
    stateEnteredAt: timestamp('state_entered_at', { withTimezone: true }).notNull().defaultNow(),
    gateway: text('gateway').notNull().default('konnect'),
    /** The gateway's reference (Konnect's `paymentRef`): unique, what its webhook names. */
    gatewayRef: text('gateway_ref').unique(),
    payUrl: text('pay_url'),
    failureReason: text('failure_reason'),
    /**
     * Paid, but its purchase did not take the money (paid another way meanwhile, a newer
     * attempt, changed): why it stayed in the payer's wallet, shown in the wallet's history.
     */
    keptInWalletReason: text('kept_in_wallet_reason').$type<KeptInWalletReason>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_purpose_idx').on(t.purpose, t.purposeId),
    // The admin list (newest first, keyset on created_at and id), with or without a state;
    // the reconciliation reads open states oldest first.
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_state_created_idx').on(t.state, t.createdAt, t.id),
    // The wallet's history lists an owner's payments kept in the wallet.
    index('payments_kept_in_wallet_idx')
      .on(t.ownerUserId, t.paidAt)
      .where(sql`${t.keptInWalletReason} is not null`),
  ],
);

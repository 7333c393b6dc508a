import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One attempt to pay on the sandbox's checkout page, as Konnect lists a payment's transactions. */
export interface SandboxAttempt {
  status: 'success' | 'failed_payment';
  cardLast4: string;
  at: string;
}

/**
 * Payments of the Konnect-compatible sandbox (ADR 017): what Konnect would keep on its side.
 * Not Clipmarket's payments: those are the payments module's; this table stands for the gateway.
 */
export const konnectSandboxPayments = pgTable('konnect_sandbox_payments', {
  paymentRef: text('payment_ref').primaryKey(),
  receiverWalletId: text('receiver_wallet_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  token: text('token').notNull(),
  description: text('description').notNull().default(''),
  orderId: text('order_id'),
  webhook: text('webhook'),
  successUrl: text('success_url'),
  failUrl: text('fail_url'),
  lifespanMinutes: integer('lifespan_minutes').notNull(),
  status: text('status').$type<'pending' | 'completed'>().notNull().default('pending'),
  reachedAmount: bigint('reached_amount', { mode: 'number' }).notNull().default(0),
  attempts: jsonb('attempts').$type<SandboxAttempt[]>().notNull().default([]),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { WalletPurchaseStatus } from '@clipmarket/contracts/wallet';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import type { PricedOrder } from '../checkout/index.js';
import { walletPurchases } from './wallet.schema.js';

export type WalletPurchaseRow = typeof walletPurchases.$inferSelect;

/** How many purchases the wallet page lists (newest first). */
export const WALLET_PURCHASES_SHOWN = 200;

/** The SQL of the wallet module: its one table, `wallet_purchases`. */
export const walletRepository = {
  async insertPurchase(
    tx: Tx,
    values: { ownerUserId: number; order: PricedOrder; promoCode: string | null },
  ): Promise<WalletPurchaseRow> {
    const [row] = await tx
      .insert(walletPurchases)
      .values({
        ownerUserId: values.ownerUserId,
        amount: values.order.subtotal,
        discount: values.order.discount,
        stampAmount: values.order.stampAmount,
        total: values.order.total,
        promoCode: values.promoCode,
        pricedOrder: values.order,
      })
      .returning();
    return row!;
  },

  async find(db: DbOrTx, id: number): Promise<WalletPurchaseRow | undefined> {
    const [row] = await db.select().from(walletPurchases).where(eq(walletPurchases.id, id));
    return row;
  },

  async lock(tx: Tx, id: number): Promise<WalletPurchaseRow | undefined> {
    const [row] = await tx
      .select()
      .from(walletPurchases)
      .where(eq(walletPurchases.id, id))
      .for('update');
    return row;
  },

  async listOfOwner(db: DbOrTx, ownerUserId: number): Promise<WalletPurchaseRow[]> {
    return db
      .select()
      .from(walletPurchases)
      .where(eq(walletPurchases.ownerUserId, ownerUserId))
      .orderBy(desc(walletPurchases.id))
      .limit(WALLET_PURCHASES_SHOWN);
  },

  async setPayment(db: DbOrTx, id: number, paymentId: number): Promise<void> {
    await db.update(walletPurchases).set({ paymentId }).where(eq(walletPurchases.id, id));
  },

  async markPaid(tx: Tx, id: number, values: { paidAt: Date; balanceAfter: number }) {
    await tx
      .update(walletPurchases)
      .set({ status: 'paid', paidAt: values.paidAt, balanceAfter: values.balanceAfter })
      .where(eq(walletPurchases.id, id));
  },

  /** The payer gave up on a purchase still waiting: answers whether it was pending. */
  async markCancelled(tx: Tx, id: number): Promise<boolean> {
    const rows = await tx
      .update(walletPurchases)
      .set({ status: 'cancelled' })
      .where(and(eq(walletPurchases.id, id), eq(walletPurchases.status, 'pending')))
      .returning({ id: walletPurchases.id });
    return rows.length > 0;
  },

  /** A purchase still waiting ends with its payment (failed or expired), never a paid one. */
  async markUnpaid(
    tx: Tx,
    id: number,
    status: Exclude<WalletPurchaseStatus, 'paid' | 'pending' | 'cancelled'>,
  ) {
    await tx
      .update(walletPurchases)
      .set({ status })
      .where(and(eq(walletPurchases.id, id), inArray(walletPurchases.status, ['pending'])));
  },
};

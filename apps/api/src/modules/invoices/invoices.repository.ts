import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { InvoicePurchaseKind } from '@clipmarket/contracts/invoices';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { invoiceCounters, invoices } from './invoices.schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

/** The only SQL of the invoices module. */
export const invoicesRepository = {
  /**
   * Serialises the issuing of one purchase's invoice until the transaction ends: a second,
   * concurrent call waits, then finds the first one's invoice.
   */
  async lockPurchase(tx: Tx, kind: InvoicePurchaseKind, purchaseId: number): Promise<void> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invoice:${kind}:${purchaseId}`}, 0))`,
    );
  },

  async findByPurchase(
    db: DbOrTx,
    kind: InvoicePurchaseKind,
    purchaseId: number,
  ): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseKind, kind), eq(invoices.purchaseId, purchaseId)));
    return row;
  },

  /**
   * The year's next number. The counter row is created or incremented in one statement and
   * stays locked until the transaction ends: concurrent issuers queue on it, and a rollback
   * gives the number back (no gap).
   */
  async takeNumber(tx: Tx, year: number): Promise<number> {
    const [row] = rowsOf<{ last_number: number }>(
      await tx.execute(sql`
        insert into ${invoiceCounters} (year, last_number) values (${year}, 1)
        on conflict (year) do update set last_number = ${invoiceCounters}.last_number + 1
        returning last_number`),
    );
    if (!row) throw new Error(`No invoice number taken for ${year}`);
    return Number(row.last_number);
  },

  async insert(tx: Tx, values: NewInvoiceRow): Promise<InvoiceRow> {
    const [row] = await tx.insert(invoices).values(values).returning();
    if (!row) throw new Error('Invoice not inserted');
    return row;
  },

  async find(db: DbOrTx, invoiceId: number): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  },

  /** An owner's invoices, newest first, before an id (keyset pages). */
  async listForOwner(
    db: DbOrTx,
    query: { ownerUserId: number; beforeId?: number | undefined; limit: number },
  ): Promise<InvoiceRow[]> {
    return db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.ownerUserId, query.ownerUserId),
          query.beforeId ? lt(invoices.id, query.beforeId) : undefined,
        ),
      )
      .orderBy(desc(invoices.id))
      .limit(query.limit);
  },
};
export type InvoicesRepository = typeof invoicesRepository;

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client.js';
import { invoiceSubmissions } from '../invoices.schema.js';

export type InvoiceSubmissionRow = typeof invoiceSubmissions.$inferSelect;

/** The SQL of the invoices' submissions to the electronic-invoice platform. */
export const teifSubmissionsRepository = {
  /** The invoice's submission, pending, in the transaction that issues it (once). */
  async insertPending(tx: Tx, invoiceId: number): Promise<void> {
    await tx.insert(invoiceSubmissions).values({ invoiceId }).onConflictDoNothing();
  },

  /** Holds the submission until the transaction ends: one sender at a time. */
  async lock(tx: Tx, invoiceId: number): Promise<InvoiceSubmissionRow | undefined> {
    const [row] = await tx
      .select()
      .from(invoiceSubmissions)
      .where(eq(invoiceSubmissions.invoiceId, invoiceId))
      .for('update');
    return row;
  },

  /** One more attempt, counted before the platform is called (a throw still counts). */
  async recordAttempt(tx: Tx, invoiceId: number, at: Date): Promise<void> {
    await tx
      .update(invoiceSubmissions)
      .set({ attempts: sql`${invoiceSubmissions.attempts} + 1`, submittedAt: at })
      .where(eq(invoiceSubmissions.invoiceId, invoiceId));
  },

  /** The platform's answer, kept once: a submission answered stays as it was answered. */
  async recordAnswer(
    db: DbOrTx,
    invoiceId: number,
    answer:
      | { state: 'accepted'; reference: string; at: Date }
      | { state: 'rejected'; error: string; at: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(invoiceSubmissions)
      .set({
        state: answer.state,
        reference: answer.state === 'accepted' ? answer.reference : null,
        error: answer.state === 'rejected' ? answer.error : null,
        answeredAt: answer.at,
      })
      .where(
        and(eq(invoiceSubmissions.invoiceId, invoiceId), eq(invoiceSubmissions.state, 'pending')),
      )
      .returning({ invoiceId: invoiceSubmissions.invoiceId });
    return rows.length > 0;
  },

  async find(db: DbOrTx, invoiceId: number): Promise<InvoiceSubmissionRow | undefined> {
    const [row] = await db
      .select()
      .from(invoiceSubmissions)
      .where(eq(invoiceSubmissions.invoiceId, invoiceId));
    return row;
  },

  /** The submissions of a page of invoices. */
  async ofInvoices(db: DbOrTx, invoiceIds: readonly number[]): Promise<InvoiceSubmissionRow[]> {
    if (invoiceIds.length === 0) return [];
    return db
      .select()
      .from(invoiceSubmissions)
      .where(inArray(invoiceSubmissions.invoiceId, [...invoiceIds]));
  },
};
export type TeifSubmissionsRepository = typeof teifSubmissionsRepository;

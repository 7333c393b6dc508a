import type { InvoicePurchaseKind } from '@clipmarket/contracts/invoices';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/jobs/job-queue.js';
import type { PricedOrder } from '../checkout/index.js';
import type { InvoiceBuyer } from '../users/index.js';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository.js';
import {
  INVOICE_TIME_ZONE,
  type InvoiceOrderSnapshot,
  type InvoiceParty,
} from './invoices.types.js';
import { validateTeif } from './teif/teif-schema.js';
import type {
  InvoiceSubmissionRow,
  TeifSubmissionsRepository,
} from './teif/teif-submissions.repository.js';
import { renderTeifXml } from './teif/teif-xml.js';

export type { InvoiceRow } from './invoices.repository.js';
export type { InvoiceSubmissionRow } from './teif/teif-submissions.repository.js';

/** An invoice of a list, with its submission to the electronic-invoice platform (if any). */
export type ListedInvoice = InvoiceRow & { submission: InvoiceSubmissionRow | null };

export { INVOICE_TIME_ZONE };

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: INVOICE_TIME_ZONE, year: 'numeric' });

/** The year an invoice issued at `date` is numbered in. */
export function invoiceYearOf(date: Date): number {
  return Number(yearFormat.format(date));
}

/** `2026-000001`. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

export interface IssueInvoiceInput {
  ownerUserId: number;
  purchaseKind: InvoicePurchaseKind;
  purchaseId: number;
  /** The checkout's priced order, as paid. */
  order: PricedOrder;
  paidAt: Date;
}

export interface IssuedInvoice {
  invoiceId: number;
  number: string;
}

/** The seller printed on every invoice: Clipmarket's legal info (configuration). */
export interface InvoiceSeller {
  name: string;
  taxRegistrationNumber: string;
  address: string;
}

/** One line per description; the list shows the first and how many more there are. */
function labelOf(order: InvoiceOrderSnapshot): string {
  const [first] = order.lines;
  if (!first) throw new Error('An invoice bills at least one line');
  return order.lines.length > 1
    ? `${first.description} (+${order.lines.length - 1})`
    : first.description;
}

/** Only what an invoice prints: a snapshot that later changes never reach. */
function snapshotOf(order: InvoiceOrderSnapshot): InvoiceOrderSnapshot {
  return {
    lines: order.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      ...(line.label ? { label: { code: line.label.code, params: { ...line.label.params } } } : {}),
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.amount,
      isPlatformFee: line.isPlatformFee,
    })),
    subtotal: order.subtotal,
    promotionBasisPoints: order.promotionBasisPoints,
    discount: order.discount,
    taxableAmount: order.taxableAmount,
    vatRateBasisPoints: order.vatRateBasisPoints,
    vatAmount: order.vatAmount,
    stampAmount: order.stampAmount,
    total: order.total,
  };
}

/**
 * Invoices (issue 9 §6, ADR 018): issued by the purchase's module inside the transaction that
 * records the payment, numbered without gaps per year, read by their owner (and admins).
 */
export function createInvoicesService(deps: {
  repository: InvoicesRepository;
  seller: InvoiceSeller;
  findBuyer: (db: DbOrTx, userId: number) => Promise<InvoiceBuyer | null>;
  /** The submission's pending row and job, staged in the issuing transaction (issue 27 §4). */
  stageSubmission: (tx: Tx, invoiceId: number) => Promise<void>;
  submissions: Pick<TeifSubmissionsRepository, 'ofInvoices'>;
  log: Pick<Logger, 'error'>;
  /** The clock: an invoice is dated and numbered when it is issued. */
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Issues the invoice of a paid purchase in the caller's transaction and answers its id and
   * number. Idempotent: the purchase's invoice, once issued, is answered again. The number is
   * taken in this transaction: if it rolls back, so does the number.
   */
  async function issue(tx: Tx, input: IssueInvoiceInput): Promise<IssuedInvoice> {
    await repository.lockPurchase(tx, input.purchaseKind, input.purchaseId);
    const existing = await repository.findByPurchase(tx, input.purchaseKind, input.purchaseId);
    if (existing) return { invoiceId: existing.id, number: existing.number };

    const buyer = await deps.findBuyer(tx, input.ownerUserId);
    if (!buyer) throw new Error(`User ${input.ownerUserId} is not an advertiser: no invoice`);
    const buyerParty: InvoiceParty = {
      name: buyer.companyName,
      taxRegistrationNumber: buyer.taxRegistrationNumber,
      address: buyer.address,
      phone: buyer.companyPhone,
    };
    const sellerParty: InvoiceParty = {
      name: deps.seller.name,
      taxRegistrationNumber: deps.seller.taxRegistrationNumber,
      address: deps.seller.address,
      phone: null,
    };
    const order = snapshotOf(input.order);
    const issuedAt = now();
    const year = invoiceYearOf(issuedAt);
    const sequence = await repository.takeNumber(tx, year);
    const row = await repository.insert(tx, {
      number: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      issuedAt,
      paidAt: input.paidAt,
      ownerUserId: input.ownerUserId,
      purchaseKind: input.purchaseKind,
      purchaseId: input.purchaseId,
      language: buyer.language,
      label: labelOf(order),
      seller: sellerParty,
      buyer: buyerParty,
      priced: order,
      subtotal: order.subtotal,
      discount: order.discount,
      vatAmount: order.vatAmount,
      stampAmount: order.stampAmount,
      total: order.total,
    });
    await deps.stageSubmission(tx, row.id);
    return { invoiceId: row.id, number: row.number };
  }

  /** The caller's invoices, newest first. */
  async function listForOwner(
    db: DbOrTx,
    query: { ownerUserId: number; beforeId?: number | undefined; limit: number },
  ): Promise<{ items: ListedInvoice[]; nextBeforeId: number | null }> {
    const rows = await repository.listForOwner(db, { ...query, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const submissions = new Map(
      (
        await deps.submissions.ofInvoices(
          db,
          page.map((row) => row.id),
        )
      ).map((s) => [s.invoiceId, s]),
    );
    const items = page.map((row) => ({ ...row, submission: submissions.get(row.id) ?? null }));
    const last = items.at(-1);
    return { items, nextBeforeId: rows.length > query.limit && last ? last.id : null };
  }

  /** An invoice its owner or an admin may read; anyone else is told it does not exist. */
  async function getReadable(
    db: DbOrTx,
    reader: { userId: number; role: string },
    invoiceId: number,
  ): Promise<InvoiceRow> {
    const row = await repository.find(db, invoiceId);
    if (!row || (row.ownerUserId !== reader.userId && reader.role !== 'ADMIN')) {
      throw notFound('Invoice');
    }
    return row;
  }

  /**
   * An invoice its owner or an admin may read as TEIF XML (issue 27 §4), checked against the
   * schema before it leaves: a file that fails is our bug, logged loudly and answered 500.
   */
  async function getTeifFile(
    db: DbOrTx,
    reader: { userId: number; role: string },
    invoiceId: number,
  ): Promise<{ invoice: InvoiceRow; xml: string }> {
    const invoice = await getReadable(db, reader, invoiceId);
    const xml = renderTeifXml(invoice);
    const validation = await validateTeif(xml);
    if (!validation.isValid) {
      deps.log.error(
        { invoiceId, number: invoice.number, errors: validation.errors },
        'TEIF file of an invoice fails its schema: not sent',
      );
      throw new AppError('INTERNAL', 'The electronic invoice could not be produced');
    }
    return { invoice, xml };
  }

  return { issue, listForOwner, getReadable, getTeifFile };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

import type { InvoicePurchaseKind } from '@clipmarket/contracts/invoices';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type { PricedOrder } from '../checkout/index.js';
import type { InvoiceBuyer } from '../users/index.js';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository.js';
import type { InvoiceOrderSnapshot, InvoiceParty } from './invoices.types.js';

export type { InvoiceRow } from './invoices.repository.js';

/** Invoices are dated and numbered in Tunisian time (UTC+1): a new year starts at its midnight. */
export const INVOICE_TIME_ZONE = 'Africa/Tunis';

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
    return { invoiceId: row.id, number: row.number };
  }

  /** The caller's invoices, newest first. */
  async function listForOwner(
    db: DbOrTx,
    query: { ownerUserId: number; beforeId?: number | undefined; limit: number },
  ): Promise<{ items: InvoiceRow[]; nextBeforeId: number | null }> {
    const rows = await repository.listForOwner(db, { ...query, limit: query.limit + 1 });
    const items = rows.slice(0, query.limit);
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

  return { issue, listForOwner, getReadable };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

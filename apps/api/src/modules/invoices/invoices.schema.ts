import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { InvoicePurchaseKind } from '@clipmarket/contracts/invoices';
import { users } from '../users/users.schema.js';
import type { InvoiceOrderSnapshot, InvoiceParty } from './invoices.types.js';

/**
 * The last number given in each year (ADR 018). An invoice takes its number by incrementing
 * its year's row in the transaction that issues it: the row stays locked until that
 * transaction ends, so numbers follow one another without gaps, and a rollback gives the
 * number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * One invoice per paid purchase, numbered `2026-000001`. Everything it prints is a snapshot
 * taken when it was issued (seller's and buyer's legal info, lines, totals): a later change of
 * profile, settings or prices never changes an issued invoice. Amounts in millimes.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `2026-000001`: the year and the number within it. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    purchaseKind: text('purchase_kind').$type<InvoicePurchaseKind>().notNull(),
    purchaseId: integer('purchase_id').notNull(),
    /** The owner's interface language when it was issued: the PDF's default language. */
    language: text('language', { enum: ['en', 'fr', 'tn'] }).notNull(),
    /** What the list shows: the first line's description (and how many more lines). */
    label: text('label').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    /** The priced order as it was paid: lines, promotion, VAT, stamp, total. */
    priced: jsonb('priced').$type<InvoiceOrderSnapshot>().notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    stampAmount: bigint('stamp_amount', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_purchase_unique').on(t.purchaseKind, t.purchaseId),
    unique('invoices_year_sequence_unique').on(t.year, t.sequence),
    index('invoices_owner_idx').on(t.ownerUserId, t.id.desc()),
  ],
);

export type InvoiceSubmissionState = 'pending' | 'accepted' | 'rejected';

/**
 * The submission of an invoice's TEIF XML to the electronic-invoice platform (issue 27 §4,
 * El Fatoora): one row per invoice, sent by a job through the submission adapter (a local
 * implementation by default), with the platform's reference once accepted.
 */
export const invoiceSubmissions = pgTable('invoice_submissions', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  state: text('state').$type<InvoiceSubmissionState>().notNull().default('pending'),
  /** The platform's reference of the accepted invoice. */
  reference: text('reference'),
  /** The platform's answer when it refused the file. */
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

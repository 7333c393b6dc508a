import { z } from 'zod';
import { pricedLineLabelSchema } from './checkout.js';
import { languageSchema } from './enums.js';
import { idParamSchema, MAX_ID } from './primitives.js';

/**
 * Invoices (issue 9 §6, ADR 018): one per paid purchase, numbered without gaps per year
 * (`2026-000001`). Amounts in millimes.
 */
export const invoicePurchaseKinds = [
  'wallet_pack',
  'content_request',
  'opportunity',
  'content',
  /** Issue 27 §1: a line's usage licence renewed (one invoice per renewed term). */
  'licence_renewal',
] as const;
export type InvoicePurchaseKind = (typeof invoicePurchaseKinds)[number];

/** A submission to the electronic-invoice platform (El Fatoora, issue 27 §4). */
export const einvoiceStates = ['pending', 'accepted', 'rejected'] as const;
export type EinvoiceState = (typeof einvoiceStates)[number];

export const INVOICES_PAGE_SIZE = 20;
export const INVOICES_MAX_PAGE_SIZE = 100;

/** `GET /v2/invoices`: the caller's invoices, newest first; `before_id` pages on. */
export const invoicesQuerySchema = z.strictObject({
  before_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(INVOICES_MAX_PAGE_SIZE).default(INVOICES_PAGE_SIZE),
});
export type InvoicesQuery = z.input<typeof invoicesQuerySchema>;

export const invoiceSummarySchema = z.object({
  invoice_id: z.number().int(),
  /** `2026-000001`. */
  number: z.string(),
  issued_at: z.string(),
  /** What was bought in English, as issued (the first line's description, and how many more). */
  label: z.string(),
  /**
   * What was bought as a code and parameters (the first line's), to word in the reader's
   * language; null for invoices issued before labels (show `label`).
   */
  line_label: pricedLineLabelSchema.nullable(),
  /** How many lines the invoice bills. */
  line_count: z.number().int(),
  purchase_kind: z.enum(invoicePurchaseKinds),
  /** Total including tax and stamp, in millimes. */
  total: z.number().int(),
  /**
   * Its TEIF file's submission to El Fatoora (issue 27 §4): pending, accepted with the
   * platform's reference, or rejected; null for invoices issued before submissions.
   */
  einvoice: z
    .object({
      state: z.enum(einvoiceStates),
      reference: z.string().nullable(),
    })
    .nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoicesResponseSchema = z.object({
  data: z.object({
    items: z.array(invoiceSummarySchema),
    /** Pass it back as `before_id` for the next page; null on the last page. */
    next_before_id: z.number().int().nullable(),
  }),
});
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

export const invoiceParamsSchema = idParamSchema('invoice_id');

/** `GET /v2/invoices/{invoice_id}/pdf`: in the owner's language unless `lang` names another. */
export const invoicePdfQuerySchema = z.strictObject({
  lang: languageSchema.optional(),
});

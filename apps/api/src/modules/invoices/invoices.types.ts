/**
 * What an invoice keeps of the purchase it bills: the checkout's priced order (`PricedOrder`,
 * ADR 015) as it was paid, spelled out for the stored snapshot (schema files import no module's
 * index); a test checks that a `PricedOrder` is one.
 */

import type { PricedLineLabel } from '@clipmarket/contracts/checkout';

/** Invoices are dated and numbered in Tunisian time (UTC+1): a new year starts at its midnight. */
export const INVOICE_TIME_ZONE = 'Africa/Tunis';

export interface InvoiceLine {
  kind: 'platform_fee' | 'content_fee' | 'wallet_pack' | 'licence_renewal';
  /** The English wording as issued; the only text of invoices issued before labels. */
  description: string;
  /** What the line is for, worded in the PDF's and the reader's language (newer invoices). */
  label?: PricedLineLabel;
  quantity: number;
  /** Excluding tax, in millimes. */
  unitAmount: number;
  amount: number;
  isPlatformFee: boolean;
}

export interface InvoiceOrderSnapshot {
  lines: InvoiceLine[];
  subtotal: number;
  promotionBasisPoints: number;
  discount: number;
  taxableAmount: number;
  vatRateBasisPoints: number;
  vatAmount: number;
  stampAmount: number;
  total: number;
}

/** A party's legal info as printed: company name, matricule fiscal, address, phone. */
export interface InvoiceParty {
  name: string;
  taxRegistrationNumber: string | null;
  address: string | null;
  phone: string | null;
}

import type { InvoicePurchaseKind } from '@clipmarket/contracts/invoices';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import type { PricedOrder } from '../checkout/index.js';
import type { InvoiceBuyer } from '../users/index.js';
import { invoicesRepository } from './invoices.repository.js';
import { createInvoicesRoutes } from './invoices.routes.js';
import { createInvoicesService, type InvoiceSeller } from './invoices.service.js';

export type {
  InvoiceSeller,
  InvoicesService,
  IssuedInvoice,
  IssueInvoiceInput,
} from './invoices.service.js';
export type { InvoiceOrderSnapshot, InvoiceParty } from './invoices.types.js';

/** What a purchase module needs of invoices (the `service`): an invoice per paid purchase. */
export interface InvoicesFor<Kind extends InvoicePurchaseKind> {
  issue(
    tx: Tx,
    input: {
      ownerUserId: number;
      purchaseKind: Kind;
      purchaseId: number;
      order: PricedOrder;
      paidAt: Date;
    },
  ): Promise<unknown>;
}

/**
 * Invoices (issue 9 §6, ADR 018): `service.issue(tx, …)` inside the transaction that records
 * a paid purchase (numbered without gaps per year), the owner's list and the PDF.
 */
export function createInvoicesModule(deps: {
  db: Db;
  seller: InvoiceSeller;
  /** Users' `findInvoiceBuyer`: the advertiser's legal info, on the issuing transaction. */
  findBuyer: (db: DbOrTx, userId: number) => Promise<InvoiceBuyer | null>;
  now?: () => Date;
}) {
  const service = createInvoicesService({
    repository: invoicesRepository,
    seller: deps.seller,
    findBuyer: deps.findBuyer,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { routes: createInvoicesRoutes(service, deps.db), service };
}

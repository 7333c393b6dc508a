import type { InvoicePurchaseKind } from '@clipmarket/contracts/invoices';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import type { JobStager } from '../../platform/events/event-bus.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { PricedOrder } from '../checkout/index.js';
import type { InvoiceBuyer } from '../users/index.js';
import { invoicesRepository } from './invoices.repository.js';
import { createInvoicesRoutes } from './invoices.routes.js';
import { createInvoicesService, type InvoiceSeller } from './invoices.service.js';
import type { ElectronicInvoicePlatform } from './teif/einvoice-platform.js';
import { teifSubmissionsRepository } from './teif/teif-submissions.repository.js';
import { createTeifSubmission } from './teif/teif-submission.js';

export type {
  InvoiceSeller,
  InvoicesService,
  IssuedInvoice,
  IssueInvoiceInput,
} from './invoices.service.js';
export type { InvoiceOrderSnapshot, InvoiceParty } from './invoices.types.js';
export {
  createEinvoicePlatform,
  createLocalEinvoicePlatform,
  einvoicePlatformNames,
  type EinvoicePlatformName,
  type EinvoiceSubmission,
  type ElectronicInvoicePlatform,
} from './teif/einvoice-platform.js';
export { TEIF_SUBMISSION_JOB } from './teif/teif-submission.js';

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
 * a paid purchase (numbered without gaps per year), the owner's list and the PDF; each also
 * as TEIF XML, sent by a job to the electronic-invoice platform (issue 27 §4, ADR 045).
 */
export function createInvoicesModule(deps: {
  db: Db;
  seller: InvoiceSeller;
  /** Users' `findInvoiceBuyer`: the advertiser's legal info, on the issuing transaction. */
  findBuyer: (db: DbOrTx, userId: number) => Promise<InvoiceBuyer | null>;
  /** El Fatoora's adapter (`EINVOICE_PLATFORM`; the local one by default). */
  einvoicePlatform: ElectronicInvoicePlatform;
  events: JobStager;
  /** Where the submission job is registered (a test's second module passes a no-op). */
  jobs: Pick<JobQueue, 'register'>;
  log: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const submission = createTeifSubmission({
    db: deps.db,
    invoices: invoicesRepository,
    submissions: teifSubmissionsRepository,
    platform: deps.einvoicePlatform,
    stager: deps.events,
    jobs: deps.jobs,
    log: deps.log,
    now,
  });
  const service = createInvoicesService({
    repository: invoicesRepository,
    seller: deps.seller,
    findBuyer: deps.findBuyer,
    stageSubmission: submission.stage,
    submissions: teifSubmissionsRepository,
    log: deps.log,
    now,
  });
  return { routes: createInvoicesRoutes(service, deps.db), service, submission };
}

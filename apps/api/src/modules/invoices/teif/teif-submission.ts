import type { Db, Tx } from '../../../platform/db/client.js';
import type { JobStager } from '../../../platform/events/event-bus.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { defineJob, type JobQueue, type Logger } from '../../../platform/jobs/job-queue.js';
import type { InvoicesRepository } from '../invoices.repository.js';
import type { ElectronicInvoicePlatform } from './einvoice-platform.js';
import type { TeifSubmissionsRepository } from './teif-submissions.repository.js';
import { renderTeifXml } from './teif-xml.js';

export const TEIF_SUBMISSION_JOB = 'invoice-teif-submission';

/**
 * Every issued invoice is sent to the electronic-invoice platform (issue 27 §4, ADR 045): a
 * pending `invoice_submissions` row and a job, both in the transaction that issues the invoice;
 * the job sends the TEIF file through the platform adapter and keeps the answer (accepted with
 * its reference, or refused with the platform's error). A platform that cannot be reached
 * throws: the job is retried with doubling delays, every attempt counted; after the last one
 * it waits in the dead-letter queue, still pending, until an admin retries it.
 */
export function createTeifSubmission(deps: {
  db: Db;
  invoices: Pick<InvoicesRepository, 'find'>;
  submissions: TeifSubmissionsRepository;
  platform: ElectronicInvoicePlatform;
  stager: JobStager;
  /** Registers the job; the app's one invoices module does it (a test's second one does not). */
  jobs: Pick<JobQueue, 'register'>;
  log: Logger;
  now: () => Date;
}) {
  const { db, submissions, log } = deps;

  /** Sends one invoice's file, once it is owed; answers the submission's state afterwards. */
  async function submit(invoiceId: number): Promise<'pending' | 'accepted' | 'rejected' | null> {
    const owed = await inTransaction(db, async (tx) => {
      const row = await submissions.lock(tx, invoiceId);
      if (!row || row.state !== 'pending') return row ? row.state : null;
      await submissions.recordAttempt(tx, invoiceId, deps.now());
      return 'owed' as const;
    });
    if (owed !== 'owed') return owed;
    const invoice = await deps.invoices.find(db, invoiceId);
    if (!invoice) throw new Error(`Invoice ${invoiceId} has a submission but no invoice`);
    let xml: string;
    try {
      xml = renderTeifXml(invoice);
    } catch (error) {
      // The file cannot be written (our bug, e.g. a seller without a matricule): refused as
      // the platform would refuse it, and logged loudly.
      log.error({ err: error, invoiceId }, 'TEIF file of an invoice could not be written');
      await submissions.recordAnswer(db, invoiceId, {
        state: 'rejected',
        error: error instanceof Error ? error.message : String(error),
        at: deps.now(),
      });
      return 'rejected';
    }
    const answer = await deps.platform.submit(xml, invoice.number);
    if (answer.accepted) {
      await submissions.recordAnswer(db, invoiceId, {
        state: 'accepted',
        reference: answer.reference,
        at: deps.now(),
      });
      return 'accepted';
    }
    log.error(
      { invoiceId, number: invoice.number, error: answer.error },
      'the electronic-invoice platform refused an invoice',
    );
    await submissions.recordAnswer(db, invoiceId, {
      state: 'rejected',
      error: answer.error,
      at: deps.now(),
    });
    return 'rejected';
  }

  const submitJob = defineJob<{ invoiceId: number }>({
    name: TEIF_SUBMISSION_JOB,
    retryLimit: 8,
    retryDelaySeconds: 60,
    async handle({ invoiceId }) {
      await submit(invoiceId);
    },
  });
  deps.jobs.register(submitJob);

  /** In the issuing transaction: the pending submission and its job, both or neither. */
  async function stage(tx: Tx, invoiceId: number): Promise<void> {
    await submissions.insertPending(tx, invoiceId);
    await deps.stager.stageJob(tx, submitJob, { invoiceId });
  }

  return { submit, stage, submitJob };
}

export type TeifSubmission = ReturnType<typeof createTeifSubmission>;

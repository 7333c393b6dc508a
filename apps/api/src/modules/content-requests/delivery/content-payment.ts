import type { z } from 'zod';
import type { contentPaymentBodySchema } from '@clipmarket/contracts/content-delivery';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx, Tx } from '../../../platform/db/client.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import { AppError, notFound } from '../../../platform/http/errors.js';
import { defineJob, type JobQueue, type Logger } from '../../../platform/jobs/job-queue.js';
import {
  InvalidTransitionError,
  systemActor,
  type Workflow,
} from '../../../platform/workflow/workflow.js';
import { labelledItem, priceOrder } from '../../checkout/index.js';
import { earningsOf, walletOf, type LedgerService } from '../../ledger/index.js';
import { firstTermsOf, startFirstTerm } from '../../licences/index.js';
import type { PaymentsService } from '../../payments/index.js';
import { payoutSourceKey, type PayoutsForRequests } from './view.js';
import type { ContentRequestsEvents } from '../content-requests.events.js';
import {
  contentRequestsRepository as repository,
  ledgerReferenceOf,
  type LineRow,
} from '../content-requests.repository.js';
import type { Caller, InvoicesForRequests } from '../content-requests.ports.js';
import type { ContentRequestsService } from '../content-requests.service.js';
import type { DeliveryLinesReader } from './ports.js';

type PaymentBody = z.infer<typeof contentPaymentBodySchema>;

/** The payment purpose of a line's content fee paid through the gateway (payments' `purpose`). */
export const CONTENT_FEE_PURPOSE = 'content-fee';
/** The invoice kind of a content fee (one invoice per line). */
const INVOICE_KIND = 'content';

/**
 * Payment of a line's content fee (issue 11 §4): once the video is approved, the price frozen at
 * sending goes to the creator's earnings — captured from the hold reserved at sending, else taken
 * from the wallet, else paid through the gateway (into the wallet, then taken from there). In the
 * paying transaction: `mark_paid`, `paid_at`, the creator's payout scheduled and the invoice.
 *
 * Our choice: the content fee is collected on behalf of the creator, so its invoice carries no
 * VAT and no stamp — the price reserved at sending is exactly what is paid.
 *
 * A line approved with a hold is paid without waiting on anyone: by its advertiser, in the
 * approval's transaction (`captureHeld`); by the timer or an admin, by a job staged in that
 * transaction (the approval is then a step inside the engine's save, where a second step
 * cannot run). Paying twice never moves money
 * twice: the line is locked and must be `approved`, and every movement has its own key.
 */
export function createContentPayment(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  payments: PaymentsService;
  invoices: InvoicesForRequests;
  payouts: PayoutsForRequests;
  requests: Pick<ContentRequestsService, 'onLineEntered'>;
  lines: DeliveryLinesReader;
  webUrl: string;
  log: Logger;
}) {
  const { db, workflow, ledger, payments } = deps;

  async function ownLine(q: DbOrTx, caller: Caller, lineId: number) {
    const line = await repository.findLine(q, lineId);
    const isAdvertiser =
      (caller.role === 'BRAND' || caller.role === 'AGENCY') &&
      line?.advertiserUserId === caller.userId;
    if (!line || !isAdvertiser) throw notFound('Content request line');
    return line;
  }

  /** The line locked for paying: it must be approved (a paid line answers 409). */
  async function lockApproved(tx: Tx, lineId: number) {
    const line = (await repository.lockLine(tx, lineId))!;
    if (line.state !== 'approved') {
      throw new InvalidTransitionError(contentRequestLineProcess.name, 'pay', line.state);
    }
    return line;
  }

  /**
   * Everything paying does once the money is at hand, in one transaction: the fee to the
   * creator's earnings (the hold captured, or from the wallet), `mark_paid`, `paid_at`, the
   * payout, the invoice.
   */
  async function completePayment(tx: Tx, line: LineRow, paymentId: number | null) {
    const described = await deps.lines.describe(tx, line.id);
    const reference = ledgerReferenceOf(line);
    const lineRef = described.source.reference;
    if (line.holdId !== null) {
      await ledger.settle(tx, {
        holdId: line.holdId,
        idempotencyKey: `line:${line.id}:content-fee`,
        captures: [{ account: earningsOf(line.influencerUserId), amount: line.price }],
      });
    } else if (line.price > 0) {
      await ledger.post(tx, {
        idempotencyKey: `line:${line.id}:content-fee`,
        kind: 'content-fee.paid',
        postings: [
          { account: walletOf(line.advertiserUserId), amount: -line.price },
          { account: earningsOf(line.influencerUserId), amount: line.price },
        ],
        reference,
      });
    }
    await workflow.apply(tx, {
      process: contentRequestLineProcess,
      subjectId: line.id,
      transition: 'mark_paid',
      actor: systemActor,
    });
    const paidAt = new Date();
    await repository.updateLine(tx, line.id, {
      paidAt,
      ...(paymentId === null ? {} : { paymentId }),
    });
    // Issue 27 §1: the usage licence bought with the video runs from the payment.
    await startFirstTerm(tx, line.id, paidAt);
    if (line.price > 0) {
      await deps.payouts.schedule(tx, {
        creatorUserId: line.influencerUserId,
        amount: line.price,
        sourceKey: payoutSourceKey(line.id),
        source: {
          content_request_influencer_id: line.id,
          reference: lineRef,
          title: described.title,
        },
        paidAt,
      });
    }
    const licence = (await firstTermsOf(tx, [line.id])).get(line.id);
    await deps.invoices.issue(tx, {
      ownerUserId: line.advertiserUserId,
      purchaseKind: INVOICE_KIND,
      purchaseId: line.id,
      order: priceOrder({
        items: [
          labelledItem(
            {
              code: 'content_fee',
              params: {
                reference: lineRef,
                title: described.title,
                // The usage licence bought with the video (issue 27 §1), named on the invoice.
                ...(licence ? { licence: licence.terms } : {}),
              },
            },
            { quantity: 1, unitAmount: line.price },
          ),
        ],
        rates: { vatRateBasisPoints: 0, fiscalStampMillimes: 0 },
      }),
      paidAt,
    });
  }

  const autoPayJob = defineJob<{ lineId: number; version: number }>({
    name: 'content-request-auto-pay',
    retryLimit: 5,
    handle: async ({ lineId, version }) => {
      await inTransaction(db, async (tx) => {
        const line = await repository.lockLine(tx, lineId);
        // Paid by its advertiser meanwhile, or moved on: nothing to do.
        if (!line || line.state !== 'approved' || line.version !== version) return;
        if (line.holdId === null) return;
        await completePayment(tx, line, null);
      });
    },
  });
  deps.jobs.register(autoPayJob);

  // Approved by the timer or an admin: a job pays from the hold (the advertiser's own approval
  // captures it in its transaction, `captureHeld`).
  deps.requests.onLineEntered(async (tx, { lineId, state, version, transition }) => {
    if (state !== 'approved' || transition === 'approve') return;
    const line = (await repository.findLine(tx, lineId))!;
    if (line.holdId !== null) await deps.events.stageJob(tx, autoPayJob, { lineId, version });
  });

  payments.registerPurpose(CONTENT_FEE_PURPOSE, {
    /** A content fee pays one line: its reference, `CR-000010-1`. */
    async referencesOf(q, lineIds) {
      const described = await deps.lines.describeMany(q, lineIds);
      return new Map([...described].map(([lineId, line]) => [lineId, line.source.reference]));
    },
    /** The advertiser's review of the line, where its fee is paid. */
    pagesOf: async (_db, lineIds) =>
      new Map(lineIds.map((lineId) => [lineId, `/manage-content/${lineId}`])),
    // The line first, the wallet after: the order of a payment from the wallet.
    async lockPurchase(tx, payment) {
      await repository.lockLine(tx, payment.purposeId);
    },
    /** The gateway's payment is in the wallet: the fee goes from there to the creator. */
    async onPaid(tx, payment) {
      const line = await repository.lockLine(tx, payment.purposeId);
      if (!line) return { keptInWallet: 'purchase_changed' as const };
      if (line.state === 'approved' && line.paymentId === payment.id) {
        await completePayment(tx, line, payment.id);
        return;
      }
      // Paid another way meanwhile (from the wallet, its hold), or a newer attempt: the money
      // stays in the wallet, visibly (the payment says why, the advertiser is told).
      const reason =
        line.paidAt !== null
          ? ('already_paid' as const)
          : line.state === 'approved'
            ? ('replaced' as const)
            : ('purchase_changed' as const);
      const described = await deps.lines.describe(tx, line.id);
      deps.log.warn(
        { lineId: line.id, paymentId: payment.id, reason },
        'content fee kept in wallet',
      );
      await deps.events.emit(tx, 'content-request.payment-kept-in-wallet', {
        paymentId: payment.id,
        advertiserUserId: line.advertiserUserId,
        contentRequestId: line.contentRequestId,
        lineId: line.id,
        title: described.title,
        amount: payment.amount,
        reason,
      });
      return { keptInWallet: reason };
    },
    async onUnpaid() {
      // Nothing was taken: the line stays approved, to be paid again.
    },
  });

  return {
    /**
     * In the advertiser's approval's transaction: a line approved with its fee reserved at
     * sending is paid at once (the hold captured, `mark_paid`, payout, invoice). Nothing for a
     * line without a hold: its advertiser pays from the wallet or by card.
     */
    async captureHeld(tx: Tx, lineId: number) {
      const line = await lockApproved(tx, lineId);
      if (line.holdId !== null) await completePayment(tx, line, null);
    },

    /** `GET …/payment`: what paying costs and how it can be paid. */
    async quote(caller: Caller, lineId: number) {
      const line = await ownLine(db, caller, lineId);
      if (line.state !== 'approved') {
        throw new InvalidTransitionError(contentRequestLineProcess.name, 'pay', line.state);
      }
      const { available } = await ledger.walletBalances(db, caller.userId);
      return {
        content_fee: line.price,
        funds_secured: line.holdId !== null,
        wallet_available: available,
        wallet_covers: line.holdId !== null || available >= line.price,
      };
    },

    /** `POST …/payment` (the route adds the `Idempotency-Key`). */
    async pay(caller: Caller, lineId: number, body: PaymentBody) {
      await ownLine(db, caller, lineId);
      const direct = await inTransaction(db, async (tx) => {
        const line = await lockApproved(tx, lineId);
        if (line.holdId !== null) {
          await completePayment(tx, line, null);
          return true;
        }
        if (body.method !== 'wallet') return false;
        const { available } = await ledger.walletBalances(tx, caller.userId);
        if (available < line.price) {
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            'Your wallet does not cover this content fee: top it up or pay by card.',
          );
        }
        const payment = await payments.payFromWallet(tx, {
          ownerUserId: caller.userId,
          purpose: CONTENT_FEE_PURPOSE,
          purposeId: line.id,
          amount: line.price,
          description: `Clipmarket ${(await deps.lines.describe(tx, line.id)).source.reference} content fee`,
        });
        await completePayment(tx, line, payment.id);
        return true;
      });
      if (direct) return { status: 'paid' as const, payment_url: null };

      const { payment, urls } = await inTransaction(db, async (tx) => {
        const line = await lockApproved(tx, lineId);
        const recorded = await payments.record(tx, {
          ownerUserId: caller.userId,
          purpose: CONTENT_FEE_PURPOSE,
          purposeId: line.id,
          amount: line.price,
          description: `Clipmarket ${(await deps.lines.describe(tx, line.id)).source.reference} content fee`,
        });
        await repository.updateLine(tx, line.id, { paymentId: recorded.id });
        // The result page follows this very payment (`?payment=`), not whatever paid the line:
        // a card payment arriving once the line was paid another way says it stayed in the wallet.
        const resultUrl = (status: 'success' | 'failed') =>
          `${deps.webUrl}/manage-content/${line.id}/payment/${status}?payment=${recorded.id}`;
        return {
          payment: recorded,
          urls: { successUrl: resultUrl('success'), failUrl: resultUrl('failed') },
        };
      });
      const opened = await payments.open(payment, urls);
      return { status: 'awaiting_payment' as const, payment_url: opened.payUrl };
    },
  };
}

export type ContentPayment = ReturnType<typeof createContentPayment>;

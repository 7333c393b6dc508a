import type { KeptInWalletReason } from '@clipmarket/contracts/payments';
import {
  opportunityReference,
  type ApprovalPayment,
  type ApprovalQuote,
} from '@clipmarket/contracts/opportunities';
import { isAdvertiserRole } from '@clipmarket/contracts/enums';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/jobs/job-queue.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentRow, PaymentsService } from '../payments/index.js';
import { acceptanceRefusal, type OpportunityApplications } from './opportunities.applications.js';
import type { OpportunitiesEvents } from './opportunities.events.js';
import { ownOpportunityOrNotFound } from './opportunities.ownership.js';
import type {
  Caller,
  LinesForOpportunities,
  UsersForOpportunities,
} from './opportunities.ports.js';
import {
  opportunitiesRepository as repository,
  type ApplicationRow,
  type OpportunityRow,
} from './opportunities.repository.js';

/** The payment purpose of an approval paid by card (payments' `purpose`; id: the application). */
export const APPROVAL_PURPOSE = 'opportunity-approval';

/**
 * Approving an application when the wallet does not cover the creator's price (spec §4 "from
 * the wallet; when the wallet does not cover it, through the checkout"): a card payment of what
 * the wallet is missing (price − available), credited to the wallet by the payments module, and
 * in that same transaction the approval itself (`acceptApplication`, the very acceptance of
 * `decide`): the price held, the line opened, "funds secured". When the approval is no longer
 * possible once the money arrives (the spot taken, the application withdrawn or answered, the
 * opportunity closed, the wallet spent meanwhile), the money stays in the wallet and the payment
 * says why. Nothing is recorded on the application: the purchase's payment is its newest one
 * (`payments.latestOf`).
 */
export function createApprovalPayment(deps: {
  db: Db;
  events: EventBus<OpportunitiesEvents>;
  ledger: LedgerService;
  payments: PaymentsService;
  users: Pick<UsersForOpportunities, 'roleOfUser'>;
  applications: Pick<OpportunityApplications, 'acceptApplication'>;
  lines: Pick<LinesForOpportunities, 'licensedPrice'>;
  webUrl: string;
  log: Logger;
}) {
  const { db, payments } = deps;

  /** The application of the caller's opportunity; another's, or of another opportunity: 404. */
  function applicationOf(row: OpportunityRow, application: ApplicationRow | undefined) {
    if (!application || application.contentOpportunityId !== row.id) {
      throw notFound('Application');
    }
    return application;
  }

  /** What the wallet is missing to hold the price, after `acceptanceRefusal` (thrown). */
  async function missingOf(q: DbOrTx, row: OpportunityRow, application: ApplicationRow) {
    const refused = acceptanceRefusal(row, application);
    if (refused) throw refused;
    // The agreed price and the licence's add-ons (issue 27 §1): what the approval holds.
    const { total: price } = await deps.lines.licensedPrice(q, {
      influencerId: application.influencerId,
      basePrice: application.price,
      terms: row.licence,
    });
    const { available } = await deps.ledger.walletBalances(q, row.advertiserUserId);
    return { available, price, missing: Math.max(0, price - available) };
  }

  async function keepInWallet(
    tx: Tx,
    row: OpportunityRow,
    payment: PaymentRow,
    reason: KeptInWalletReason,
  ) {
    deps.log.warn(
      {
        contentOpportunityId: row.id,
        applicationId: payment.purposeId,
        paymentId: payment.id,
        reason,
      },
      'approval payment kept in the wallet',
    );
    await deps.events.emit(tx, 'opportunity.payment-kept-in-wallet', {
      paymentId: payment.id,
      advertiserUserId: row.advertiserUserId,
      contentOpportunityId: row.id,
      title: row.title,
      amount: payment.amount,
      reason,
    });
    return { keptInWallet: reason };
  }

  /** The opportunity, then the application: the order of every approval (`decide` too). */
  async function lockBoth(tx: Tx, applicationId: number) {
    const found = await repository.findApplication(tx, applicationId);
    if (!found) return null;
    const row = (await repository.lock(tx, found.contentOpportunityId))!;
    const application = (await repository.lockApplication(tx, applicationId))!;
    return { row, application };
  }

  payments.registerPurpose(APPROVAL_PURPOSE, {
    /** An approval is bought for one opportunity: its reference, `OP-000010`. */
    async referencesOf(q, applicationIds) {
      const opportunities = await repository.opportunityIdsOfApplications(q, applicationIds);
      return new Map(
        [...opportunities].map(([id, opportunityId]) => [id, opportunityReference(opportunityId)]),
      );
    },
    /** The opportunity's applications, where the approval is made. */
    async pagesOf(q, applicationIds) {
      const opportunities = await repository.opportunityIdsOfApplications(q, applicationIds);
      return new Map(
        [...opportunities].map(([id, opportunityId]) => [
          id,
          `/publish-opportunity/${opportunityId}/applications`,
        ]),
      );
    },
    // The opportunity and the application first, the wallet after: the order of `decide`.
    async lockPurchase(tx, payment) {
      await lockBoth(tx, payment.purposeId);
    },
    /** The missing amount is in the wallet now: the approval holds the whole price from there. */
    async onPaid(tx, payment) {
      const locked = await lockBoth(tx, payment.purposeId);
      if (!locked) return { keptInWallet: 'purchase_changed' as const };
      const { row, application } = locked;
      // Approved meanwhile (from the wallet once topped up, or by another payment).
      if (application.state === 'accepted') return keepInWallet(tx, row, payment, 'already_paid');
      const latest = await payments.latestOf(tx, APPROVAL_PURPOSE, application.id);
      if (latest?.id !== payment.id) return keepInWallet(tx, row, payment, 'replaced');
      const role = await deps.users.roleOfUser(tx, payment.ownerUserId);
      if (!role || !isAdvertiserRole(role)) {
        return keepInWallet(tx, row, payment, 'purchase_changed');
      }
      const refused = await deps.applications.acceptApplication(tx, row, application, {
        role,
        userId: payment.ownerUserId,
      });
      if (refused) return keepInWallet(tx, row, payment, 'purchase_changed');
    },
    async onUnpaid() {
      // Nothing was held: the application stays under review, to approve again.
    },
  });

  return {
    /** `GET …/approval-payment`: the price, the wallet, and what it is missing. */
    async quote(caller: Caller, id: number, applicationId: number): Promise<ApprovalQuote> {
      const row = ownOpportunityOrNotFound(await repository.find(db, id), caller.userId);
      const application = applicationOf(row, await repository.findApplication(db, applicationId));
      const { available, price, missing } = await missingOf(db, row, application);
      return {
        price,
        wallet_available: available,
        wallet_covers: missing === 0,
        missing,
      };
    },

    /**
     * `POST …/approval-payment` (the route adds the `Idempotency-Key`): a card payment of what
     * the wallet is missing, opened at the gateway. Pressed again while its session is open for
     * the same amount, that session; for another amount (the wallet changed), a new one.
     */
    async start(caller: Caller, id: number, applicationId: number): Promise<ApprovalPayment> {
      const started = await inTransaction(db, async (tx) => {
        const row = ownOpportunityOrNotFound(await repository.lock(tx, id), caller.userId);
        const application = applicationOf(row, await repository.lockApplication(tx, applicationId));
        const { missing } = await missingOf(tx, row, application);
        if (missing === 0) {
          throw new AppError(
            'WALLET_COVERS_PRICE',
            'Your wallet covers this price: approve the application from your wallet.',
          );
        }
        const latest = await payments.latestOf(tx, APPROVAL_PURPOSE, application.id);
        const open = await payments.findOpenSession(tx, latest?.id ?? null);
        if (open && open.amount === missing) return { payment: open, urls: null };
        const recorded = await payments.record(tx, {
          ownerUserId: caller.userId,
          purpose: APPROVAL_PURPOSE,
          purposeId: application.id,
          amount: missing,
          description: `Clipmarket ${opportunityReference(row.id)} creator's price`,
        });
        // The result page follows this very payment (`?payment=`): it says why when its money
        // stayed in the wallet.
        const resultUrl = (status: 'success' | 'failed') =>
          `${deps.webUrl}/publish-opportunity/${row.id}/applications/${application.id}/payment/${status}?payment=${recorded.id}`;
        return {
          payment: recorded,
          urls: { successUrl: resultUrl('success'), failUrl: resultUrl('failed') },
        };
      });
      const opened = started.urls
        ? await payments.open(started.payment, started.urls)
        : started.payment;
      if (!opened.payUrl) throw new Error(`Payment ${opened.id} has no checkout page`);
      return { payment_id: opened.id, payment_url: opened.payUrl, amount: opened.amount };
    },
  };
}

export type ApprovalPaymentService = ReturnType<typeof createApprovalPayment>;

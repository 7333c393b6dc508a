import type { KeptInWalletReason } from '@clipmarket/contracts/payments';
import {
  opportunityMessages,
  opportunityReference,
  type OpportunityCheckoutBody,
  type OpportunityQuote,
} from '@clipmarket/contracts/opportunities';
import { formatMoney } from '@clipmarket/contracts/money-format';
import { deadlineOf, requestToday } from '@clipmarket/contracts/request-dates';
import { priceBelowSuggested, suggestedPriceGridOf } from '@clipmarket/contracts/suggested-prices';
import { opportunityProcess } from '@clipmarket/contracts/workflows/opportunity';
import { englishTranslate } from '@clipmarket/contracts/validation-messages';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError } from '../../platform/http/errors.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import { systemActor, type Workflow } from '../../platform/workflow/workflow.js';
import {
  postPlatformFee,
  pricePlatformFee,
  toCheckoutQuote,
  type PricedOrder,
} from '../checkout/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentRow, PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { OpportunitiesEvents } from './opportunities.events.js';
import {
  OPPORTUNITY_PURCHASE_KIND as PURCHASE_KIND,
  type Caller,
  type InvoicesForOpportunities,
  type PromoCodesForOpportunities,
  type UsersForOpportunities,
} from './opportunities.ports.js';
import {
  opportunitiesRepository as repository,
  type OpportunityRow,
} from './opportunities.repository.js';
import { findOwnOpportunity, ownOpportunityOrNotFound } from './opportunities.ownership.js';

/** The payment purpose of an opportunity's platform fee (payments' `purpose`). */
export const OPPORTUNITY_PURPOSE = 'opportunity';

/** Interested creators who have not applied hear of the deadline this long before it. */
const APPLY_REMINDER_HOURS_BEFORE = 48;

/** Applications close at the end of the deadline's day, in Tunisia's time. */
export const applicationsCloseAt = (row: Pick<OpportunityRow, 'applicationDeadline'>) =>
  deadlineOf(row.applicationDeadline!, '23:59');

/**
 * Step 3 of an opportunity (issue 23 §2, spec §9): the platform fee's quote, its payment from the
 * wallet (one transaction) or through the gateway (the payment's `onPaid`), and publishing — the
 * `publish` and `open` steps at once (no start date: live from its payment), the application
 * deadline's job armed.
 */
export function createOpportunityPublishing(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<OpportunitiesEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForOpportunities;
  invoices: InvoicesForOpportunities;
  users: UsersForOpportunities;
  webUrl: string;
  log: Logger;
  /** The deadline's end of applications (the applications part: close or expire). */
  onApplicationDeadline: (opportunityId: number) => Promise<void>;
  /** Two days before it: the interested creators who have not applied are reminded. */
  onApplyReminder: (opportunityId: number) => Promise<void>;
}) {
  const { db, workflow, events, payments } = deps;

  const priceFee = (q: DbOrTx, row: OpportunityRow, promoCode: string | undefined) =>
    pricePlatformFee(
      q,
      deps,
      {
        purchaseKind: PURCHASE_KIND,
        purchaseId: row.id,
        advertiserUserId: row.advertiserUserId,
        reference: opportunityReference(row.id),
        title: row.title,
      },
      promoCode,
    );

  /** Everything a published opportunity needs, spec §8's messages with the field names. */
  async function checkReady(q: DbOrTx, row: OpportunityRow, now = new Date()) {
    const required = opportunityMessages.requiredFields;
    const present: Array<[string, boolean]> = [
      ['title', row.title.trim().length > 0],
      ['content_type', !!row.contentType],
      ['video_duration', !!row.videoDuration],
      ['format', !!row.format],
      ['platforms', row.platforms.length > 0],
      ['spots', !!row.spots],
      ['price_min', row.priceMin !== null],
      ['price_max', row.priceMax !== null],
      ['application_deadline', !!row.applicationDeadline],
      ['delivery_date', !!row.deliveryDate],
      ['delivery_slot', !!row.deliverySlot],
      ['brief', row.brief.trim().length > 0],
    ];
    const problems: Array<{ field: string; message: string }> = present
      .filter(([, given]) => !given)
      .map(([field]) => ({ field, message: required }));
    if (row.applicationDeadline && row.applicationDeadline < requestToday(now)) {
      problems.push({
        field: 'application_deadline',
        message: 'The application deadline has passed',
      });
    }
    if (row.deliveryDeadline && row.deliveryDeadline.getTime() <= now.getTime()) {
      problems.push({ field: 'delivery_date', message: 'The delivery deadline has passed' });
    }
    if (row.visibility === 'private') {
      const invited = (await repository.invitationsOf(q, [row.id])).get(row.id) ?? [];
      if (invited.length === 0) {
        problems.push({
          field: 'invited_influencer_ids',
          message: 'Invite at least one creator to a private opportunity',
        });
      }
    }
    if (problems.length > 0) throw new AppError('OPPORTUNITY_INCOMPLETE', required, problems);
    // Issue 23 §2: a band no creator of the sizes asked for would apply to (suggested prices).
    const values = await deps.settings.getAll(q);
    const floor = priceBelowSuggested(
      suggestedPriceGridOf((key) => values[key]),
      {
        price_max: row.priceMax,
        video_duration: row.videoDuration,
        size_bands: row.sizeBands,
      },
    );
    if (floor !== null) {
      throw new AppError(
        'PRICE_BELOW_SUGGESTED',
        `Creators of these sizes usually ask at least ${formatMoney(floor, 'en')} for a ` +
          `${row.videoDuration} s video: raise the maximum price to at least that.`,
        [{ field: 'price_max', message: opportunityMessages.priceBelowSuggested }],
      );
    }
    const missingInfo = await deps.users.missingLegalInfo(q, row.advertiserUserId);
    if (missingInfo.length > 0) {
      throw new AppError(
        'LEGAL_INFO_REQUIRED',
        'Please complete your account settings before paying: an invoice names your company.',
        missingInfo.map((field) => ({ field, message: englishTranslate('required', { field }) })),
      );
    }
  }

  async function isPublishable(q: DbOrTx, row: OpportunityRow) {
    try {
      await checkReady(q, row);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  const closeApplicationsJob = defineJob<{ opportunityId: number }>({
    name: 'opportunity-application-deadline',
    retryLimit: 5,
    handle: ({ opportunityId }) => deps.onApplicationDeadline(opportunityId),
  });
  deps.jobs.register(closeApplicationsJob);
  const applyReminderJob = defineJob<{ opportunityId: number }>({
    name: 'opportunity-apply-reminder',
    retryLimit: 5,
    handle: ({ opportunityId }) => deps.onApplyReminder(opportunityId),
  });
  deps.jobs.register(applyReminderJob);

  /** In the payment's transaction: the fee posted, the invoice, published and live, the deadline armed. */
  async function publishPaid(tx: Tx, row: OpportunityRow, order: PricedOrder, paymentId: number) {
    await postPlatformFee(tx, deps.ledger, {
      idempotencyKey: `opportunity:${row.id}:fee`,
      kind: 'opportunity.fee',
      advertiserUserId: row.advertiserUserId,
      order,
      reference: { content_opportunity_id: row.id, payment_id: paymentId },
    });
    const at = new Date();
    await deps.invoices.issue(tx, {
      ownerUserId: row.advertiserUserId,
      purchaseKind: PURCHASE_KIND,
      purchaseId: row.id,
      order,
      paidAt: at,
    });
    await repository.update(tx, row.id, { paymentId, pricedOrder: order, publishedAt: at });
    for (const transition of ['publish', 'open'] as const) {
      await workflow.apply(tx, {
        process: opportunityProcess,
        subjectId: row.id,
        transition,
        actor: systemActor,
      });
    }
    await events.stageJob(
      tx,
      closeApplicationsJob,
      { opportunityId: row.id },
      { startAfter: applicationsCloseAt(row) },
    );
    const remindAt = applicationsCloseAt(row).getTime() - APPLY_REMINDER_HOURS_BEFORE * 3_600_000;
    if (remindAt > at.getTime()) {
      await events.stageJob(
        tx,
        applyReminderJob,
        { opportunityId: row.id },
        { startAfter: new Date(remindAt) },
      );
    }
    await events.emit(tx, 'opportunity.published', {
      contentOpportunityId: row.id,
      advertiserUserId: row.advertiserUserId,
      title: row.title,
    });
  }

  const openPaymentOf = async (q: DbOrTx, row: OpportunityRow) =>
    row.state === 'draft' ? payments.findOpenSession(q, row.paymentId) : null;

  async function keepInWallet(
    tx: Tx,
    row: OpportunityRow,
    payment: PaymentRow,
    reason: KeptInWalletReason,
  ) {
    deps.log.warn(
      { contentOpportunityId: row.id, paymentId: payment.id, reason },
      'opportunity payment kept in the wallet',
    );
    await events.emit(tx, 'opportunity.payment-kept-in-wallet', {
      paymentId: payment.id,
      advertiserUserId: row.advertiserUserId,
      contentOpportunityId: row.id,
      title: row.title,
      amount: payment.amount,
      reason,
    });
    return { keptInWallet: reason };
  }

  /** The caller's draft, locked; another's, a discarded one, or an unknown id are not found. */
  async function lockOwnDraft(tx: Tx, caller: Caller, id: number) {
    const row = ownOpportunityOrNotFound(await repository.lock(tx, id), caller.userId);
    if (row.state !== 'draft') {
      throw new AppError('INVALID_TRANSITION', 'This opportunity is published already.');
    }
    return row;
  }

  async function redeemPromo(tx: Tx, caller: Caller, id: number, promoCode: string | null) {
    await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: id });
    if (promoCode) {
      await deps.promoCodes.redeem(tx, {
        code: promoCode,
        advertiserUserId: caller.userId,
        purchaseKind: PURCHASE_KIND,
        purchaseId: id,
      });
    }
  }

  payments.registerPurpose(OPPORTUNITY_PURPOSE, {
    referencesOf: async (_db, ids) => new Map(ids.map((id) => [id, opportunityReference(id)])),
    pagesOf: async (_db, ids) => new Map(ids.map((id) => [id, `/publish-opportunity/${id}`])),
    async lockPurchase(tx, payment) {
      await repository.lock(tx, payment.purposeId);
    },
    async onPaid(tx, payment) {
      const row = await repository.lock(tx, payment.purposeId);
      if (!row) return { keptInWallet: 'purchase_changed' as const };
      if (row.state !== 'draft') return keepInWallet(tx, row, payment, 'already_paid');
      if (row.paymentId !== payment.id || !row.pricedOrder) {
        return keepInWallet(tx, row, payment, 'replaced');
      }
      if (!(await isPublishable(tx, row))) {
        await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
        await repository.update(tx, row.id, { paymentId: null });
        return keepInWallet(tx, row, payment, 'purchase_changed');
      }
      await publishPaid(tx, row, row.pricedOrder as PricedOrder, payment.id);
    },
    async onUnpaid(tx, payment) {
      const row = await repository.lock(tx, payment.purposeId);
      if (!row || row.state !== 'draft' || row.paymentId !== payment.id) return;
      await repository.update(tx, row.id, { paymentId: null });
      await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
    },
  });

  return {
    async quote(caller: Caller, id: number, promoCode: string | undefined) {
      const row = await findOwnOpportunity(db, caller.userId, id);
      const { order, promoCode: code } = await priceFee(db, row, promoCode);
      const { available } = await deps.ledger.walletBalances(db, caller.userId);
      const open = await openPaymentOf(db, row);
      const quote: OpportunityQuote = {
        fee: toCheckoutQuote(order, { promoCode: code }),
        wallet_available: available,
        wallet_covers_fee: available >= order.total,
        open_payment: open && {
          payment_id: open.id,
          payment_url: open.payUrl,
          promo_code: row.promoCode,
          expires_at: open.expiresAt.toISOString(),
        },
      };
      return quote;
    },

    /**
     * Pays the platform fee and publishes. From the wallet: all in one transaction. Through the
     * gateway: the payment is recorded with the draft, published by the payment's `onPaid`.
     */
    async checkout(caller: Caller, id: number, body: OpportunityCheckoutBody) {
      const description = `Clipmarket ${opportunityReference(id)} platform fee`;
      if (body.method === 'wallet') {
        return inTransaction(db, async (tx) => {
          const row = await lockOwnDraft(tx, caller, id);
          await checkReady(tx, row);
          const { order, promoCode } = await priceFee(tx, row, body.promo_code);
          const payment = await payments.payFromWallet(tx, {
            ownerUserId: caller.userId,
            purpose: OPPORTUNITY_PURPOSE,
            purposeId: row.id,
            amount: order.total,
            description,
          });
          await redeemPromo(tx, caller, row.id, promoCode);
          await repository.update(tx, row.id, { promoCode });
          await publishPaid(tx, row, order, payment.id);
          return {
            content_opportunity_id: row.id,
            state: 'live' as const,
            payment_url: null,
            payment_id: payment.id,
          };
        });
      }
      const started = await inTransaction(db, async (tx) => {
        const row = await lockOwnDraft(tx, caller, id);
        await checkReady(tx, row);
        const { order, promoCode } = await priceFee(tx, row, body.promo_code);
        // Pay pressed again for the same price: the session already open answers.
        const open = await openPaymentOf(tx, row);
        if (open && open.amount === order.total && row.promoCode === promoCode) {
          return { payment: open, urls: null };
        }
        await redeemPromo(tx, caller, row.id, promoCode);
        const recorded = await payments.record(tx, {
          ownerUserId: caller.userId,
          purpose: OPPORTUNITY_PURPOSE,
          purposeId: row.id,
          amount: order.total,
          description,
        });
        await repository.update(tx, row.id, {
          paymentId: recorded.id,
          promoCode,
          pricedOrder: order,
        });
        const resultUrl = (status: 'success' | 'failed') =>
          `${deps.webUrl}/publish-opportunity/${row.id}/payment/${status}?payment=${recorded.id}`;
        return {
          payment: recorded,
          urls: { successUrl: resultUrl('success'), failUrl: resultUrl('failed') },
        };
      });
      const opened = started.urls
        ? await payments.open(started.payment, started.urls)
        : started.payment;
      return {
        content_opportunity_id: id,
        state: 'draft' as const,
        payment_url: opened.payUrl,
        payment_id: opened.id,
      };
    },
  };
}

export type OpportunityPublishing = ReturnType<typeof createOpportunityPublishing>;

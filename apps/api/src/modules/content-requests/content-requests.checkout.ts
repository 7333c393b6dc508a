import type { z } from 'zod';
import type { KeptInWalletReason } from '@clipmarket/contracts/payments';
import {
  contentRequestCheckoutBodySchema,
  contentRequestMessages,
  contentRequestReference,
  type ContentRequestQuote,
  type VideoDuration,
} from '@clipmarket/contracts/content-requests';
import {
  ACCEPTANCE_REMINDER_HOURS_BEFORE,
  contentRequestLineProcess,
} from '@clipmarket/contracts/workflows/content-request-line';
import { licenceTermsOrDefault } from '@clipmarket/contracts/licences';
import { requestDateProblems } from '@clipmarket/contracts/request-dates';
import { englishTranslate } from '@clipmarket/contracts/validation-messages';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/jobs/job-queue.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import {
  postPlatformFee,
  pricePlatformFee,
  toCheckoutQuote,
  type PricedOrder,
} from '../checkout/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentRow, PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { Drafts } from './content-requests.drafts.js';
import { licensedPricesOf } from './content-requests.licence-prices.js';
import type { ContentRequestsEvents } from './content-requests.events.js';
import type { LineProcess } from './content-requests.line-process.js';
import {
  CONTENT_REQUEST_PURCHASE_KIND as PURCHASE_KIND,
  type Caller,
  type CreatorPricesForRequests,
  type InvoicesForRequests,
  type LicencesForRequests,
  type PromoCodesForRequests,
  type UsersForRequests,
} from './content-requests.ports.js';
import {
  contentRequestsRepository as repository,
  type ContentRequestRow,
} from './content-requests.repository.js';
import type { RequestViews } from './content-requests.views.js';

/** The payment purpose of a content request's platform fee (payments' `purpose`). */
export const CONTENT_REQUEST_PURPOSE = 'content-request';

type CheckoutBody = z.infer<typeof contentRequestCheckoutBodySchema>;

/**
 * The checkout of a request (issue 10 §5–§6, ADR 020, 021): its quote, the platform fee paid
 * from the wallet (one transaction) or through the gateway (sent by the payment's `onPaid`),
 * and sending — one line per creator at the frozen price entering the line process, the
 * content fees reserved when the wallet covers them all.
 */
export function createCheckout(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForRequests;
  invoices: InvoicesForRequests;
  users: UsersForRequests;
  creatorPrices: CreatorPricesForRequests;
  licences: LicencesForRequests;
  drafts: Pick<Drafts, 'findOwn' | 'checkDraft' | 'checkCreators'>;
  views: Pick<RequestViews, 'toRequests'>;
  lineProcess: Pick<LineProcess, 'acceptanceReminderJob'>;
  webUrl: string;
  log: Logger;
}) {
  const { db, workflow, events, ledger, payments, settings, users } = deps;
  const { findOwn, checkDraft, checkCreators } = deps.drafts;
  const { toRequests } = deps.views;
  const { acceptanceReminderJob } = deps.lineProcess;

  /** The platform fee's priced order, with a promo code made for content requests. */
  const priceFee = (q: DbOrTx, row: ContentRequestRow, promoCode: string | undefined) =>
    pricePlatformFee(
      q,
      deps,
      {
        purchaseKind: PURCHASE_KIND,
        purchaseId: row.id,
        advertiserUserId: row.advertiserUserId,
        reference: contentRequestReference(row.id),
        title: row.title,
      },
      promoCode,
    );

  /** What the checkout needs before paying: spec §5's messages, a stable code each. */
  async function checkReady(q: DbOrTx, row: ContentRequestRow) {
    const missing: { field: string; message: string }[] = [];
    const required = contentRequestMessages.requiredFields;
    if (!row.title.trim()) missing.push({ field: 'title', message: required });
    if (!row.contentType) missing.push({ field: 'content_type', message: required });
    if (!row.videoDuration) missing.push({ field: 'video_duration', message: required });
    if (!row.format) missing.push({ field: 'format', message: required });
    if (!row.productName.trim()) missing.push({ field: 'product_name', message: required });
    if (!row.description.trim()) missing.push({ field: 'description', message: required });
    if (row.platforms.length === 0) missing.push({ field: 'platforms', message: required });
    if (!row.deliveryDate) missing.push({ field: 'delivery_date', message: required });
    if (!row.deliverySlot) missing.push({ field: 'delivery_slot', message: required });
    // The form's step 2 checks the same rules: a deadline in the future, publishing after it.
    const dates = requestDateProblems({
      delivery_date: row.deliveryDate,
      delivery_slot: row.deliverySlot,
      publishing_deadline: row.publishingDeadline,
    });
    for (const { field, message } of dates) missing.push({ field, message });
    if (!row.script.trim()) {
      missing.push({ field: 'script', message: contentRequestMessages.scriptRequired });
    }
    if (missing.length > 0) {
      throw new AppError('CONTENT_REQUEST_INCOMPLETE', required, missing);
    }
    if (row.influencerIds.length === 0) {
      throw new AppError('NO_CREATOR', contentRequestMessages.selectCreator, [
        { field: 'influencer_ids', message: contentRequestMessages.selectCreator },
      ]);
    }
    await checkDraft(q, row.advertiserUserId, {
      influencer_ids: row.influencerIds,
      script: row.script,
    });
    const missingInfo = await users.missingLegalInfo(q, row.advertiserUserId);
    if (missingInfo.length > 0) {
      // Every field the settings still need, so that one message lists them all.
      throw new AppError(
        'LEGAL_INFO_REQUIRED',
        'Please complete your account settings before paying: an invoice names your company.',
        missingInfo.map((field) => ({ field, message: englishTranslate('required', { field }) })),
      );
    }
  }

  async function pricesOf(q: DbOrTx, row: ContentRequestRow) {
    const prices = await deps.creatorPrices.pricesFor(
      q,
      row.influencerIds,
      row.videoDuration as VideoDuration,
    );
    const unpriced = row.influencerIds.filter((id) => !prices.has(id));
    if (unpriced.length > 0) {
      throw new AppError('VALIDATION_FAILED', 'Some chosen creators have no price', [
        {
          field: 'influencer_ids',
          message: `These creators have no price: ${unpriced.join(', ')}`,
        },
      ]);
    }
    return prices;
  }

  /** The fee leaves the wallet for the platform's accounts, once per request. */
  const postFee = (tx: Tx, row: ContentRequestRow, order: PricedOrder, paymentId: number) =>
    postPlatformFee(tx, ledger, {
      idempotencyKey: `content-request:${row.id}:fee`,
      kind: 'content-request.fee',
      advertiserUserId: row.advertiserUserId,
      order,
      reference: { content_request_id: row.id, payment_id: paymentId },
    });

  /**
   * Sends a paid request, in the payment's transaction: one line per creator at their frozen
   * price, each entering the line process (its acceptance timer armed by the engine), the
   * content fees reserved when the wallet still covers them all, the event and the reminders.
   */
  async function send(tx: Tx, row: ContentRequestRow, order: PricedOrder, paymentId: number) {
    // Each line's price is the creator's base price plus the licence's add-ons at their rates
    // (issue 27 §1): what the hold reserves and the content fee pays.
    const prices = await licensedPricesOf(tx, deps.licences, await pricesOf(tx, row), row.licence);
    const creators = await checkCreators(tx, row.influencerIds);
    const at = new Date();
    await repository.update(tx, row.id, {
      status: 'sent',
      sentAt: at,
      paymentId,
      pricedOrder: order,
    });
    const lines = await repository.insertLines(
      tx,
      row.influencerIds.map((influencerId, index) => ({
        contentRequestId: row.id,
        lineNumber: index + 1,
        influencerId,
        influencerUserId: creators.get(influencerId)!.userId,
        advertiserUserId: row.advertiserUserId,
        price: prices.get(influencerId)!.total,
        enteredAt: at,
      })),
    );
    // Term 1 of each line's licence, frozen with the line: terms, prices and the rates used.
    const terms = licenceTermsOrDefault(row.licence);
    const exclusivityCategoryId = await deps.licences.exclusivityCategoryOf(
      tx,
      row.advertiserUserId,
    );
    for (const line of lines) {
      const price = prices.get(line.influencerId)!;
      await deps.licences.freezeFirstTerm(tx, {
        lineId: line.id,
        terms,
        basePrice: price.basePrice,
        rates: price.rates,
        exclusivityCategoryId,
      });
    }
    const contentFees = lines.reduce((sum, line) => sum + line.price, 0);
    const { available } = await ledger.walletBalances(tx, row.advertiserUserId);
    const reserve = contentFees > 0 && available >= contentFees;
    const windowHours = await settings.get(tx, 'acceptance_window_hours');
    for (const line of lines) {
      await workflow.started(tx, contentRequestLineProcess, line.id, at);
      if (reserve && line.price > 0) {
        const hold = await ledger.reserve(tx, {
          idempotencyKey: `content-request-line:${line.id}`,
          ownerUserId: row.advertiserUserId,
          amount: line.price,
          reference: { content_request_id: row.id, content_request_influencer_id: line.id },
        });
        await repository.updateLine(tx, line.id, { holdId: hold.id });
      }
      const remindAt = at.getTime() + (windowHours - ACCEPTANCE_REMINDER_HOURS_BEFORE) * 3_600_000;
      if (remindAt > at.getTime()) {
        await events.stageJob(
          tx,
          acceptanceReminderJob,
          { lineId: line.id, version: 0 },
          { startAfter: new Date(remindAt) },
        );
      }
    }
    await events.emit(tx, 'content-request.sent', {
      contentRequestId: row.id,
      advertiserUserId: row.advertiserUserId,
      lines: lines.map((line) => ({ lineId: line.id, influencerUserId: line.influencerUserId })),
    });
  }

  /**
   * The request's payment still open at the gateway (its payer went there and came back) and
   * payable for a while yet; null otherwise.
   */
  const openPaymentOf = async (q: DbOrTx, row: ContentRequestRow) =>
    row.status === 'awaiting_payment' ? payments.findOpenSession(q, row.paymentId) : null;

  /** Whether a request can be sent now (reads only: nothing to undo when it cannot). */
  async function isSendable(q: DbOrTx, row: ContentRequestRow): Promise<boolean> {
    try {
      await checkReady(q, row);
      await pricesOf(q, row);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  async function completePaid(
    tx: Tx,
    row: ContentRequestRow,
    order: PricedOrder,
    payment: PaymentRow,
  ) {
    await postFee(tx, row, order, payment.id);
    await deps.invoices.issue(tx, {
      ownerUserId: row.advertiserUserId,
      purchaseKind: PURCHASE_KIND,
      purchaseId: row.id,
      order,
      paidAt: new Date(),
    });
    await send(tx, row, order, payment.id);
  }

  /**
   * A card payment the request no longer needs stays in the advertiser's wallet, visibly: the
   * payment records why and the advertiser is told (the wallet's history lists it).
   */
  async function keepInWallet(
    tx: Tx,
    row: ContentRequestRow,
    payment: PaymentRow,
    reason: KeptInWalletReason,
  ) {
    deps.log.warn(
      { contentRequestId: row.id, paymentId: payment.id, reason },
      'request payment kept in the wallet',
    );
    await events.emit(tx, 'content-request.payment-kept-in-wallet', {
      paymentId: payment.id,
      advertiserUserId: row.advertiserUserId,
      contentRequestId: row.id,
      lineId: null,
      title: row.title,
      amount: payment.amount,
      reason,
    });
    return { keptInWallet: reason };
  }

  payments.registerPurpose(CONTENT_REQUEST_PURPOSE, {
    referencesOf: async (_db, ids) => new Map(ids.map((id) => [id, contentRequestReference(id)])),
    pagesOf: async (_db, ids) => new Map(ids.map((id) => [id, `/request-content/${id}`])),
    // The request first, the wallet after: the order of a payment from the wallet.
    async lockPurchase(tx, payment) {
      await repository.lock(tx, payment.purposeId);
    },
    /** The gateway's payment is in the wallet: the fee is taken from there and the request sent. */
    async onPaid(tx, payment) {
      const row = await repository.lock(tx, payment.purposeId);
      if (!row) return { keptInWallet: 'purchase_changed' as const };
      // Sent already (paid another way, e.g. from the wallet in another tab): the money stays.
      if (row.status === 'sent') return keepInWallet(tx, row, payment, 'already_paid');
      // A newer attempt (another card session, another price) is the one the request waits for.
      if (row.paymentId !== payment.id || !row.pricedOrder) {
        return keepInWallet(tx, row, payment, 'replaced');
      }
      if (!(await isSendable(tx, row))) {
        // Changed meanwhile (a creator no longer available, the deadline passed): the payment
        // stays in the wallet and the request goes back to draft, to be fixed and paid from there.
        await repository.update(tx, row.id, { status: 'draft' });
        await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
        return keepInWallet(tx, row, payment, 'purchase_changed');
      }
      await completePaid(tx, row, row.pricedOrder as PricedOrder, payment);
    },
    async onUnpaid(tx, payment) {
      const row = await repository.lock(tx, payment.purposeId);
      if (!row || row.status !== 'awaiting_payment' || row.paymentId !== payment.id) return;
      await repository.update(tx, row.id, { status: 'draft' });
      await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
    },
  });

  return {
    async quote(
      caller: Caller,
      id: number,
      promoCode: string | undefined,
    ): Promise<ContentRequestQuote> {
      const row = await findOwn(db, caller.userId, id);
      const { order, promoCode: code } = await priceFee(db, row, promoCode);
      const [view] = await toRequests(db, [row], caller.role);
      const contentFees = view!.creators;
      const total = contentFees.reduce((sum, c) => sum + (c.price ?? 0), 0);
      const { available } = await ledger.walletBalances(db, caller.userId);
      const open = await openPaymentOf(db, row);
      return {
        open_payment: open && {
          payment_id: open.id,
          payment_url: open.payUrl,
          promo_code: row.promoCode,
          expires_at: open.expiresAt.toISOString(),
        },
        fee: toCheckoutQuote(order, { promoCode: code }),
        content_fees: contentFees,
        content_fees_total: total,
        wallet_available: available,
        wallet_covers_fee: available >= order.total,
        wallet_covers_content_fees: available >= order.total + total,
      };
    },

    /**
     * Pays the platform fee and sends the request. From the wallet: all in one transaction.
     * Through the gateway: the payment is recorded with the request (awaiting payment) and the
     * request is sent by the payment's `onPaid`.
     */
    async checkout(caller: Caller, id: number, body: CheckoutBody) {
      if (body.method === 'wallet') {
        return inTransaction(db, async (tx) => {
          const row = await repository.lock(tx, id);
          if (!row || row.advertiserUserId !== caller.userId) throw notFound('Content request');
          if (row.status === 'sent') {
            throw new AppError('INVALID_TRANSITION', 'This request was sent already.');
          }
          await checkReady(tx, row);
          const { order, promoCode } = await priceFee(tx, row, body.promo_code);
          const payment = await payments.payFromWallet(tx, {
            ownerUserId: caller.userId,
            purpose: CONTENT_REQUEST_PURPOSE,
            purposeId: row.id,
            amount: order.total,
            description: `Clipmarket ${contentRequestReference(row.id)} platform fee`,
          });
          await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
          if (promoCode) {
            await deps.promoCodes.redeem(tx, {
              code: promoCode,
              advertiserUserId: caller.userId,
              purchaseKind: PURCHASE_KIND,
              purchaseId: row.id,
            });
          }
          await repository.update(tx, row.id, { promoCode, paymentId: payment.id });
          await completePaid(tx, row, order, payment);
          return {
            content_request_id: row.id,
            status: 'sent' as const,
            payment_url: null,
            payment_id: payment.id,
          };
        });
      }
      const started = await inTransaction(db, async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row || row.advertiserUserId !== caller.userId) throw notFound('Content request');
        if (row.status === 'sent') {
          throw new AppError('INVALID_TRANSITION', 'This request was sent already.');
        }
        await checkReady(tx, row);
        await pricesOf(tx, row);
        const { order, promoCode } = await priceFee(tx, row, body.promo_code);
        // Pay pressed again (twice, or back from the gateway's page) for the same price: the
        // session already open answers, so the payer goes on there and pays it once.
        const open = await openPaymentOf(tx, row);
        if (open && open.amount === order.total && row.promoCode === promoCode) {
          return { payment: open, urls: null };
        }
        await deps.promoCodes.release(tx, { purchaseKind: PURCHASE_KIND, purchaseId: row.id });
        if (promoCode) {
          await deps.promoCodes.redeem(tx, {
            code: promoCode,
            advertiserUserId: caller.userId,
            purchaseKind: PURCHASE_KIND,
            purchaseId: row.id,
          });
        }
        const recorded = await payments.record(tx, {
          ownerUserId: caller.userId,
          purpose: CONTENT_REQUEST_PURPOSE,
          purposeId: row.id,
          amount: order.total,
          description: `Clipmarket ${contentRequestReference(row.id)} platform fee`,
        });
        await repository.update(tx, row.id, {
          status: 'awaiting_payment',
          paymentId: recorded.id,
          promoCode,
          pricedOrder: order,
        });
        // The result page follows this very payment (`?payment=`), not whatever paid the request.
        const resultUrl = (status: 'success' | 'failed') =>
          `${deps.webUrl}/request-content/${row.id}/payment/${status}?payment=${recorded.id}`;
        return {
          payment: recorded,
          urls: { successUrl: resultUrl('success'), failUrl: resultUrl('failed') },
        };
      });
      const opened = started.urls
        ? await payments.open(started.payment, started.urls)
        : started.payment;
      return {
        content_request_id: id,
        status: 'awaiting_payment' as const,
        payment_url: opened.payUrl,
        payment_id: opened.id,
      };
    },
  };
}

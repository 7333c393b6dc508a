import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { KeptInWalletReason } from '@clipmarket/contracts/payments';
import { paymentProcess, type PaymentState } from '@clipmarket/contracts/workflows/payment';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import { systemActor, type Workflow } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import { PaymentGatewayError, type PaymentGateway } from './gateway/payment-gateway.js';
import type { PaymentsEvents } from './payments.events.js';
import { payments } from './payments.schema.js';

export type PaymentRow = typeof payments.$inferSelect;

/** Minutes a payment link stays payable (Konnect's `lifespan`). */
export const PAYMENT_LIFESPAN_MINUTES = 30;
/** The expiry check runs this long after the lifespan, so a last-second payment is seen. */
const EXPIRY_GRACE_MS = 2 * 60_000;

/**
 * What the module that sells a purpose (a wallet pack, an order) does when its payment ends,
 * inside the transaction that applies the gateway's answer: the purchase completes or fails
 * atomically with its payment, exactly once.
 */
export interface PaymentPurposeHooks {
  /**
   * Locks the purchase before the payer's wallet is credited. The purchase's own paths lock it
   * first and the wallet after (a payment from the wallet): the gateway's confirmation takes
   * them in the same order, so the two cannot wait for each other (a deadlock).
   */
  lockPurchase?(tx: Tx, payment: PaymentRow): Promise<void>;
  /**
   * The payer's wallet has just received the payment's amount: spend it on the purchase. When
   * the purchase cannot take it (paid another way meanwhile, a newer attempt, changed), answer
   * why: the money stays in the wallet and the payment records the reason, so the payer sees it.
   */
  onPaid(tx: Tx, payment: PaymentRow): Promise<void | { keptInWallet: KeptInWalletReason }>;
  onUnpaid(tx: Tx, payment: PaymentRow, state: 'failed' | 'expired'): Promise<void>;
  /**
   * The public references of purchases of this purpose (`CR-000010`, `CR-000010-1`,
   * `WP-000042`) by their ids, for admins' lists: people quote these, not the table ids.
   */
  referencesOf(db: DbOrTx, purposeIds: number[]): Promise<Map<number, string>>;
  /**
   * The payer's page of each purchase (a path of the web app, e.g. `/request-content/10`), by
   * purchase id: where the wallet's history of kept payments links to. None for a wallet pack.
   */
  pagesOf?(db: DbOrTx, purposeIds: number[]): Promise<Map<number, string>>;
}

export interface StartPaymentInput {
  ownerUserId: number;
  purpose: string;
  purposeId: number;
  amount: number;
  description: string;
  /** Where the payer returns (`…/payment/success`, `…/payment/failed`). */
  successUrl: string;
  failUrl: string;
}

/**
 * Payments through the gateway (ADR 017). The gateway is called outside any transaction; what
 * it answers is applied through the payment process, once, whatever the number of webhook
 * calls, returns and polls. Money lands in the payer's wallet in the same transaction that
 * marks the payment paid, and the purchase's module (its `PaymentPurposeHooks`) spends it from
 * there in that same transaction.
 */
/** A gateway session closer than this to its end is not offered again: a new one is opened. */
const OPEN_SESSION_MARGIN_MS = 3 * 60_000;

export function createPaymentsService(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<PaymentsEvents>;
  jobs: JobQueue;
  gateway: PaymentGateway;
  ledger: LedgerService;
  log: Logger;
  /** The API's public address: the gateway calls the webhook there. */
  publicUrl: string;
}) {
  const { db, workflow, events, gateway, ledger } = deps;
  const purposeHooks = new Map<string, PaymentPurposeHooks>();

  /**
   * Asks each purpose's module about its purchases (one call per purpose, each purchase once)
   * and answers by payment id.
   */
  async function askPurposes(
    rows: PaymentRow[],
    ask: (
      hooks: PaymentPurposeHooks,
      purposeIds: number[],
    ) => Promise<Map<number, string>> | undefined,
  ): Promise<Map<number, string>> {
    const found = new Map<number, string>();
    const byPurpose = new Map<string, PaymentRow[]>();
    for (const row of rows)
      byPurpose.set(row.purpose, [...(byPurpose.get(row.purpose) ?? []), row]);
    for (const [purpose, ofPurpose] of byPurpose) {
      const hooks = purposeHooks.get(purpose);
      const answers =
        hooks && (await ask(hooks, [...new Set(ofPurpose.map((row) => row.purposeId))]));
      if (!answers) continue;
      for (const row of ofPurpose) {
        const answer = answers.get(row.purposeId);
        if (answer) found.set(row.id, answer);
      }
    }
    return found;
  }

  workflow.register(paymentProcess, {
    async lock(tx, paymentId) {
      const row = await lockPayment(tx, paymentId);
      return row && { state: row.state, version: row.version, ownerUserId: row.ownerUserId };
    },
    async save(tx, paymentId, next) {
      await tx
        .update(payments)
        .set({
          state: next.state,
          version: next.version,
          stateEnteredAt: next.enteredAt,
          ...(next.state === 'failed' ? { failureReason: next.reason } : {}),
          ...(next.state === 'paid' ? { paidAt: next.enteredAt } : {}),
        })
        .where(eq(payments.id, paymentId));
    },
  });

  const expiryCheck = defineJob<{ paymentId: number }>({
    name: 'payment-expiry-check',
    retryLimit: 5,
    retryDelaySeconds: 30,
    handle: async ({ paymentId }) => {
      await settleWithGateway(paymentId, { expireIfUnpaid: true });
    },
  });
  deps.jobs.register(expiryCheck);

  async function find(db: DbOrTx, paymentId: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  }

  async function findByRef(paymentRef: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.gatewayRef, paymentRef));
    return row;
  }

  /**
   * Confirms the payment and credits the payer's wallet, in one transaction. Called again (a
   * second webhook, a poll), it finds the payment paid and does nothing.
   */
  async function confirm(tx: Tx, payment: PaymentRow): Promise<void> {
    await workflow.apply(tx, {
      process: paymentProcess,
      subjectId: payment.id,
      transition: 'confirm',
      actor: systemActor,
    });
    const hooks = purposeHooks.get(payment.purpose);
    await hooks?.lockPurchase?.(tx, payment);
    await ledger.post(tx, {
      idempotencyKey: `payment:${payment.id}:received`,
      kind: 'payment.received',
      postings: [
        { account: { kind: 'gateway_clearing' }, amount: -payment.amount },
        {
          account: { kind: 'advertiser_wallet', ownerUserId: payment.ownerUserId },
          amount: payment.amount,
        },
      ],
      reference: { payment_id: payment.id, gateway_ref: payment.gatewayRef ?? '' },
    });
    const outcome = await hooks?.onPaid(tx, payment);
    if (outcome) {
      await tx
        .update(payments)
        .set({ keptInWalletReason: outcome.keptInWallet })
        .where(eq(payments.id, payment.id));
      deps.log.warn(
        { paymentId: payment.id, purpose: payment.purpose, reason: outcome.keptInWallet },
        'payment kept in the wallet',
      );
    }
    await events.emit(tx, 'payment.paid', {
      paymentId: payment.id,
      ownerUserId: payment.ownerUserId,
      purpose: payment.purpose,
      purposeId: payment.purposeId,
      amount: payment.amount,
    });
  }

  async function endUnpaid(
    tx: Tx,
    payment: PaymentRow,
    transition: 'fail' | 'expire',
    reason?: string,
  ): Promise<void> {
    await workflow.apply(tx, {
      process: paymentProcess,
      subjectId: payment.id,
      transition,
      actor: systemActor,
      reason: reason ?? null,
    });
    await purposeHooks
      .get(payment.purpose)
      ?.onUnpaid(tx, payment, transition === 'fail' ? 'failed' : 'expired');
    await events.emit(tx, 'payment.unpaid', {
      paymentId: payment.id,
      ownerUserId: payment.ownerUserId,
      purpose: payment.purpose,
      purposeId: payment.purposeId,
      state: transition === 'fail' ? 'failed' : 'expired',
    });
  }

  /**
   * Reads the payment back from the gateway and applies what it says: the one way a payment
   * becomes paid. With `expireIfUnpaid`, a payment whose lifespan has passed expires.
   */
  async function settleWithGateway(
    paymentId: number,
    options: { expireIfUnpaid?: boolean } = {},
  ): Promise<PaymentState> {
    const payment = await find(db, paymentId);
    if (!payment) throw notFound('Payment');
    if (payment.state === 'paid' || payment.state === 'failed') return payment.state;
    const truth = payment.gatewayRef ? await gateway.getPayment(payment.gatewayRef) : null;
    return inTransaction(db, async (tx) => {
      // Locked and read again: a concurrent webhook may have applied the answer first.
      const current = (await lockPayment(tx, paymentId))!;
      const isPaid =
        truth?.status === 'completed' &&
        truth.amount === current.amount &&
        truth.reachedAmount >= current.amount;
      if (isPaid && (current.state === 'pending' || current.state === 'expired')) {
        await confirm(tx, current);
        return 'paid';
      }
      const isPastLifespan = current.expiresAt.getTime() <= Date.now();
      if (options.expireIfUnpaid && isPastLifespan && !isPaid) {
        if (current.state === 'created' || current.state === 'pending') {
          await endUnpaid(tx, current, 'expire');
          return 'expired';
        }
      }
      return current.state;
    });
  }

  async function recordPayment(
    tx: Tx,
    // The return addresses are `open`'s: a purchase may name the payment in them.
    input: Omit<StartPaymentInput, 'successUrl' | 'failUrl'> &
      Partial<Pick<StartPaymentInput, 'successUrl' | 'failUrl'>>,
  ): Promise<PaymentRow> {
    const expiresAt = new Date(Date.now() + PAYMENT_LIFESPAN_MINUTES * 60_000);
    const [row] = await tx
      .insert(payments)
      .values({
        ownerUserId: input.ownerUserId,
        purpose: input.purpose,
        purposeId: input.purposeId,
        amount: input.amount,
        description: input.description,
        expiresAt,
      })
      .returning();
    await events.stageJob(
      tx,
      expiryCheck,
      { paymentId: row!.id },
      { startAfter: new Date(expiresAt.getTime() + EXPIRY_GRACE_MS) },
    );
    return row!;
  }

  async function openAtGateway(
    recorded: PaymentRow,
    urls: Pick<StartPaymentInput, 'successUrl' | 'failUrl'>,
  ): Promise<PaymentRow> {
    let opened;
    try {
      opened = await gateway.initPayment({
        amount: recorded.amount,
        orderId: String(recorded.id),
        description: recorded.description,
        lifespanMinutes: PAYMENT_LIFESPAN_MINUTES,
        webhookUrl: `${deps.publicUrl}/v2/payments/konnect/webhook`,
        successUrl: urls.successUrl,
        failUrl: urls.failUrl,
      });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      deps.log.error({ err: error, paymentId: recorded.id }, 'payment gateway refused to open');
      await inTransaction(db, (tx) => endUnpaid(tx, recorded, 'fail', error.message.slice(0, 300)));
      throw new AppError(
        'PAYMENT_GATEWAY_UNAVAILABLE',
        'The payment service cannot be reached right now. Please try again in a moment.',
      );
    }
    return inTransaction(db, async (tx) => {
      await tx
        .update(payments)
        .set({ gatewayRef: opened.paymentRef, payUrl: opened.payUrl })
        .where(eq(payments.id, recorded.id));
      await workflow.apply(tx, {
        process: paymentProcess,
        subjectId: recorded.id,
        transition: 'open',
        actor: systemActor,
      });
      return (await find(tx, recorded.id))!;
    });
  }

  async function lockPayment(tx: Tx, paymentId: number): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return row;
  }

  return {
    find,
    settleWithGateway,

    /**
     * A purchase's gateway payment still open (its payer went to the gateway and came back) and
     * payable for a while yet: offered again instead of a new session. Null otherwise.
     */
    async findOpenSession(
      q: DbOrTx,
      paymentId: number | null,
    ): Promise<(PaymentRow & { payUrl: string }) | null> {
      if (paymentId === null) return null;
      const payment = await find(q, paymentId);
      if (!payment || payment.state !== 'pending' || !payment.payUrl) return null;
      if (payment.expiresAt.getTime() - Date.now() < OPEN_SESSION_MARGIN_MS) return null;
      return { ...payment, payUrl: payment.payUrl };
    },

    /**
     * A purchase's newest payment (its latest attempt), whatever its state: for a purchase that
     * does not record its payment itself, the one `findOpenSession` offers again and the one a
     * paid attempt is compared with (an older one was replaced).
     */
    async latestOf(q: DbOrTx, purpose: string, purposeId: number): Promise<PaymentRow | undefined> {
      const [row] = await q
        .select()
        .from(payments)
        .where(and(eq(payments.purpose, purpose), eq(payments.purposeId, purposeId)))
        .orderBy(desc(payments.id))
        .limit(1);
      return row;
    },

    /** The owner's paid payments that stayed in their wallet (the wallet's history), newest first. */
    listKeptInWallet(q: DbOrTx, ownerUserId: number): Promise<PaymentRow[]> {
      return q
        .select()
        .from(payments)
        .where(and(eq(payments.ownerUserId, ownerUserId), isNotNull(payments.keptInWalletReason)))
        .orderBy(desc(payments.paidAt), desc(payments.id))
        .limit(100);
    },

    /** The public reference of each payment's purchase, by payment id; absent when unknown. */
    purchaseReferencesOf(db: DbOrTx, rows: PaymentRow[]): Promise<Map<number, string>> {
      return askPurposes(rows, (hooks, ids) => hooks.referencesOf(db, ids));
    },

    /** The payer's page of each payment's purchase, by payment id; absent when it has none. */
    purchasePagesOf(db: DbOrTx, rows: PaymentRow[]): Promise<Map<number, string>> {
      return askPurposes(rows, (hooks, ids) => hooks.pagesOf?.(db, ids));
    },

    /** Called once per purpose by the module that sells it, when it is created. */
    registerPurpose(purpose: string, hooks: PaymentPurposeHooks) {
      if (purposeHooks.has(purpose)) throw new Error(`Payment purpose ${purpose} registered twice`);
      purposeHooks.set(purpose, hooks);
    },

    /**
     * Records a payment in the caller's transaction (with the purchase it pays for), its expiry
     * check staged with it: whatever happens next, a payment that is never opened or paid
     * expires, and its purpose's `onUnpaid` runs. `open` then takes it to the gateway.
     */
    record: recordPayment,

    /**
     * Opens a recorded payment at the gateway (outside any transaction) and answers it with its
     * checkout page. A gateway that cannot be reached or refuses leaves the payment failed,
     * with a 502 the payer can retry.
     */
    open: openAtGateway,

    /** `record` and `open` at once, for a payment that pays for nothing else to record. */
    async start(input: StartPaymentInput): Promise<PaymentRow> {
      const payment = await inTransaction(db, (tx) => recordPayment(tx, input));
      return openAtGateway(payment, input);
    },

    /**
     * A payment from the payer's wallet (ADR 020): no gateway, recorded and paid at once
     * (`created → paid` by `pay_from_wallet`) in the caller's transaction. The caller moves the
     * money from the wallet with the ledger in that same transaction; nothing is credited here.
     */
    async payFromWallet(
      tx: Tx,
      input: Pick<
        StartPaymentInput,
        'ownerUserId' | 'purpose' | 'purposeId' | 'amount' | 'description'
      >,
    ): Promise<PaymentRow> {
      const now = new Date();
      const [row] = await tx
        .insert(payments)
        .values({ ...input, gateway: 'wallet', expiresAt: now })
        .returning();
      await workflow.apply(tx, {
        process: paymentProcess,
        subjectId: row!.id,
        transition: 'pay_from_wallet',
        actor: systemActor,
      });
      await events.emit(tx, 'payment.paid', {
        paymentId: row!.id,
        ownerUserId: input.ownerUserId,
        purpose: input.purpose,
        purposeId: input.purposeId,
        amount: input.amount,
      });
      return (await find(tx, row!.id))!;
    },

    /**
     * The payer gave up on an open payment (the purpose's own cancel, in the caller's
     * transaction): it expires now and its purpose's `onUnpaid` runs. Answers false when it is
     * no longer open (paid, failed or expired already). A gateway payment still completed
     * later is confirmed as any late payment is (`expired → paid`).
     */
    async abandon(tx: Tx, paymentId: number): Promise<boolean> {
      const current = await lockPayment(tx, paymentId);
      if (!current || (current.state !== 'created' && current.state !== 'pending')) return false;
      await endUnpaid(tx, current, 'expire', 'Cancelled by the payer');
      return true;
    },

    /** Konnect's webhook: a hint only. Unknown references change nothing. */
    async onGatewayNotice(paymentRef: string): Promise<PaymentState | null> {
      const payment = await findByRef(paymentRef);
      if (!payment) return null;
      return settleWithGateway(payment.id);
    },

    /**
     * The payer's payment named by the gateway's reference (back from the gateway's page), read
     * back first, with whether the gateway's last attempt was refused: a payment left unpaid
     * without a refused attempt was cancelled by its payer. Another payer's is a 404.
     */
    async attemptForOwner(ownerUserId: number, paymentRef: string) {
      const found = await findByRef(paymentRef);
      if (!found || found.ownerUserId !== ownerUserId) throw notFound('Payment');
      let cardRefused = false;
      try {
        if (found.state === 'pending') await settleWithGateway(found.id);
        cardRefused = (await gateway.getPayment(paymentRef))?.lastAttemptFailed ?? false;
      } catch (error) {
        // The gateway being down: the payment is told as it stands, no refusal claimed.
        deps.log.warn({ err: error, paymentId: found.id }, 'payment read-back failed');
      }
      const payment = (await find(db, found.id))!;
      return { payment, cardRefused: payment.state !== 'paid' && cardRefused };
    },

    /**
     * The payer's view of their payment. A pending one is read back from the gateway first, so
     * the result page resolves even when the webhook was lost.
     */
    async getForOwner(ownerUserId: number, paymentId: number): Promise<PaymentRow> {
      const payment = await find(db, paymentId);
      if (!payment || payment.ownerUserId !== ownerUserId) throw notFound('Payment');
      if (payment.state === 'pending') {
        try {
          await settleWithGateway(payment.id);
        } catch (error) {
          // The gateway being down must not hide the payment: it stays pending.
          deps.log.warn({ err: error, paymentId }, 'payment read-back failed');
        }
        return (await find(db, paymentId))!;
      }
      return payment;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

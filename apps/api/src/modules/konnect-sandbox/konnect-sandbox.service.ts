import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { konnectSandboxPayments, type SandboxAttempt } from './konnect-sandbox.schema.js';

export type SandboxPayment = typeof konnectSandboxPayments.$inferSelect;

/** Konnect's sandbox cards (reference/tunisia-money.md): two that pay, one that is refused. */
export const SANDBOX_CARDS = {
  '4509211111111119': 'success',
  '5440212711111110': 'success',
  '5471251111111116': 'failure',
} as const;

export interface InitPaymentBody {
  receiverWalletId: string;
  token: string;
  amount: number;
  description?: string;
  lifespan?: number;
  orderId?: string;
  webhook?: string;
  successUrl?: string;
  failUrl?: string;
}

export type PayOutcome =
  | { kind: 'paid'; payment: SandboxPayment }
  | { kind: 'refused'; payment: SandboxPayment }
  | { kind: 'unknown-card'; payment: SandboxPayment }
  | { kind: 'already-paid'; payment: SandboxPayment }
  | { kind: 'expired'; payment: SandboxPayment }
  | { kind: 'not-found' };

/** Konnect's default payment lifespan, in minutes, when init-payment names none. */
const DEFAULT_LIFESPAN_MINUTES = 10;

/**
 * The gateway's side of a payment (ADR 017): created by init-payment, paid or refused on the
 * hosted checkout page, read back by reference. `notify` calls the payment's webhook the way
 * Konnect does: GET `?payment_ref=…`, possibly more than once.
 */
export function createKonnectSandboxService(deps: {
  db: Db;
  notify: (webhookUrl: string) => Promise<void>;
  /** The only origin whose webhooks are called (PUBLIC_URL's): see the routes. */
  ownOrigin: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function find(paymentRef: string): Promise<SandboxPayment | undefined> {
    const [row] = await deps.db
      .select()
      .from(konnectSandboxPayments)
      .where(eq(konnectSandboxPayments.paymentRef, paymentRef));
    return row;
  }

  const withRef = (url: string, paymentRef: string) => {
    const target = new URL(url);
    target.searchParams.set('payment_ref', paymentRef);
    return target.toString();
  };

  return {
    find,
    withRef,
    isExpired: (payment: SandboxPayment) =>
      payment.status !== 'completed' && payment.expiresAt <= now(),

    async initPayment(body: InitPaymentBody): Promise<SandboxPayment> {
      const lifespanMinutes = body.lifespan ?? DEFAULT_LIFESPAN_MINUTES;
      const [row] = await deps.db
        .insert(konnectSandboxPayments)
        .values({
          // Konnect's references are 24 hexadecimal characters.
          paymentRef: crypto.randomBytes(12).toString('hex'),
          receiverWalletId: body.receiverWalletId,
          amount: body.amount,
          token: body.token,
          description: body.description ?? '',
          orderId: body.orderId ?? null,
          webhook: body.webhook ?? null,
          successUrl: body.successUrl ?? null,
          failUrl: body.failUrl ?? null,
          lifespanMinutes,
          expiresAt: new Date(now().getTime() + lifespanMinutes * 60_000),
        })
        .returning();
      return row!;
    },

    /** One attempt with a card on the checkout page; the webhook is called after commit. */
    async pay(paymentRef: string, cardNumber: string): Promise<PayOutcome> {
      const outcome = await inTransaction(deps.db, async (tx): Promise<PayOutcome> => {
        const [payment] = await tx
          .select()
          .from(konnectSandboxPayments)
          .where(eq(konnectSandboxPayments.paymentRef, paymentRef))
          .for('update');
        if (!payment) return { kind: 'not-found' };
        if (payment.status === 'completed') return { kind: 'already-paid', payment };
        if (payment.expiresAt <= now()) return { kind: 'expired', payment };
        const card = SANDBOX_CARDS[cardNumber.replace(/\D/g, '') as keyof typeof SANDBOX_CARDS];
        if (!card) return { kind: 'unknown-card', payment };
        const attempt: SandboxAttempt = {
          status: card === 'success' ? 'success' : 'failed_payment',
          cardLast4: cardNumber.replace(/\D/g, '').slice(-4),
          at: now().toISOString(),
        };
        const [updated] = await tx
          .update(konnectSandboxPayments)
          .set({
            attempts: [...payment.attempts, attempt],
            ...(card === 'success' ? { status: 'completed', reachedAmount: payment.amount } : {}),
          })
          .where(eq(konnectSandboxPayments.paymentRef, paymentRef))
          .returning();
        return { kind: card === 'success' ? 'paid' : 'refused', payment: updated! };
      });
      const webhook = 'payment' in outcome ? outcome.payment.webhook : null;
      const settled = outcome.kind === 'paid' || outcome.kind === 'refused';
      // A row stored before init-payment checked its links: its foreign webhook is not called.
      if (
        settled &&
        webhook &&
        URL.canParse(webhook) &&
        new URL(webhook).origin === deps.ownOrigin
      ) {
        await deps.notify(withRef(webhook, paymentRef));
      }
      return outcome;
    },
  };
}

export type KonnectSandboxService = ReturnType<typeof createKonnectSandboxService>;

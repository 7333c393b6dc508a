import { z } from 'zod';
import {
  PaymentGatewayError,
  type GatewayPayment,
  type InitPaymentInput,
  type InitializedPayment,
  type PaymentGateway,
} from './payment-gateway.js';

export interface KonnectClientOptions {
  /** e.g. `https://api.konnect.network/api/v2`, or the built-in sandbox's address. */
  baseUrl: string;
  /** `x-api-key` header: `<id>:<secret>`. */
  apiKey: string;
  /** The merchant wallet that receives the money (`receiverWalletId`). */
  walletId: string;
  /** Injected in tests to reach the app in-process; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const initAnswer = z.object({ payUrl: z.string().url(), paymentRef: z.string().min(1) });

const paymentAnswer = z.object({
  payment: z.object({
    id: z.string().optional(),
    status: z.string(),
    amount: z.number().int(),
    reachedAmount: z.number().int().optional(),
    orderId: z.string().nullish(),
    expirationDate: z.string().nullish(),
    transactions: z.array(z.object({ status: z.string().optional() }).loose()).optional(),
  }),
});

/**
 * Konnect's REST API (reference/tunisia-money.md): `POST /payments/init-payment`, amounts in
 * millimes for TND, `x-api-key` header; `GET /payments/{paymentRef}` for the truth. Its webhook
 * carries no signature, so nothing is decided without reading the payment back here.
 */
export function createKonnectClient(options: KonnectClientOptions): PaymentGateway {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    try {
      return await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          'x-api-key': options.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentGatewayError(`Konnect unreachable: ${(error as Error).message}`);
    }
  }

  return {
    async initPayment(input: InitPaymentInput): Promise<InitializedPayment> {
      const response = await call('POST', '/payments/init-payment', {
        receiverWalletId: options.walletId,
        token: 'TND',
        amount: input.amount,
        type: 'immediate',
        description: input.description,
        acceptedPaymentMethods: ['wallet', 'bank_card', 'e-DINAR'],
        lifespan: input.lifespanMinutes,
        checkoutForm: false,
        addPaymentFeesToAmount: false,
        orderId: input.orderId,
        webhook: input.webhookUrl,
        successUrl: input.successUrl,
        failUrl: input.failUrl,
        theme: 'light',
        ...input.payer,
      });
      if (!response.ok) {
        throw new PaymentGatewayError(
          `Konnect refused init-payment (${response.status}): ${(await response.text()).slice(0, 300)}`,
          response.status,
        );
      }
      const parsed = initAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new PaymentGatewayError('Konnect answered init-payment oddly');
      return parsed.data;
    },

    async getPayment(paymentRef: string): Promise<GatewayPayment | null> {
      const response = await call('GET', `/payments/${encodeURIComponent(paymentRef)}`);
      if (response.status === 404) return null;
      if (!response.ok) {
        throw new PaymentGatewayError(
          `Konnect payment read failed (${response.status})`,
          response.status,
        );
      }
      const parsed = paymentAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new PaymentGatewayError('Konnect answered the payment oddly');
      const payment = parsed.data.payment;
      const lastTransaction = payment.transactions?.at(-1);
      return {
        paymentRef,
        // Only `completed` means paid: any other status is "not yet" (reference/tunisia-money.md).
        status: payment.status === 'completed' ? 'completed' : 'pending',
        amount: payment.amount,
        reachedAmount: payment.reachedAmount ?? 0,
        expiresAt: payment.expirationDate ? new Date(payment.expirationDate) : null,
        orderId: payment.orderId ?? null,
        lastAttemptFailed: Boolean(lastTransaction?.status?.startsWith('failed')),
      };
    },
  };
}

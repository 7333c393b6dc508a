import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromLanguageTag, parseAcceptLanguage, type Language } from '../../platform/i18n.js';
import { renderCheckoutPage } from './konnect-sandbox.page.js';
import type { KonnectSandboxService, SandboxPayment } from './konnect-sandbox.service.js';

export interface SandboxConfig {
  apiKey: string;
  walletId: string;
  /**
   * Where the hosted checkout page is reached from a browser (PUBLIC_URL). Its origin is the
   * only one the sandbox calls back (webhook) and sends the payer back to (success and fail
   * links): the sandbox serves Clipmarket alone, never a request forger's or phisher's address.
   */
  publicUrl: string;
  merchantName: string;
}

// Konnect's init-payment body (reference/tunisia-money.md); unknown fields are ignored as it does.
const initPaymentBody = z.object({
  receiverWalletId: z.string().min(1),
  token: z.enum(['TND', 'EUR', 'USD']),
  amount: z.number().int().positive(),
  description: z.string().max(280).optional(),
  lifespan: z.number().int().min(1).max(1440).optional(),
  orderId: z.string().max(100).optional(),
  webhook: z.string().url().optional(),
  successUrl: z.string().url().optional(),
  failUrl: z.string().url().optional(),
});

/** The links of init-payment the sandbox calls or redirects to. */
const linkFields = ['webhook', 'successUrl', 'failUrl'] as const;

const konnectError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ errors: [{ code, message }] });

function toKonnectPayment(payment: SandboxPayment, expired: boolean) {
  return {
    payment: {
      id: payment.paymentRef,
      // Konnect answers `completed` once paid; anything else is not paid (yet).
      status: payment.status === 'completed' ? 'completed' : expired ? 'expired' : 'pending',
      amount: payment.amount,
      reachedAmount: payment.reachedAmount,
      amountDue: payment.amount - payment.reachedAmount,
      token: payment.token,
      orderId: payment.orderId,
      receiverWalletId: payment.receiverWalletId,
      expirationDate: payment.expiresAt.toISOString(),
      transactions: payment.attempts.map((attempt) => ({
        status: attempt.status,
        method: 'bank_card',
        createdAt: attempt.at,
      })),
    },
  };
}

/** Whether `url` is on `origin` (scheme, host and port). */
export function isOnOrigin(url: string, origin: string): boolean {
  return URL.canParse(url) && new URL(url).origin === origin;
}

function languageOf(request: FastifyRequest): Language {
  const asked = (request.query as { lang?: unknown }).lang;
  return (
    (typeof asked === 'string' ? fromLanguageTag(asked) : null) ??
    parseAcceptLanguage(request.headers['accept-language']) ??
    'en'
  );
}

/**
 * The Konnect-compatible sandbox (ADR 017), under `/sandbox/konnect`: Konnect's REST API at
 * `/api/v2/…` and its hosted checkout page at `/pay/{paymentRef}`.
 */
export function createKonnectSandboxRoutes(service: KonnectSandboxService, config: SandboxConfig) {
  const ownOrigin = new URL(config.publicUrl).origin;
  /** A stored link, only when it is on the product's own origin (rows older than that rule). */
  const ownLink = (url: string | null) => (url && isOnOrigin(url, ownOrigin) ? url : null);
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post(
      '/api/v2/payments/init-payment',
      { schema: { hide: true } },
      async (request, reply) => {
        if (request.headers['x-api-key'] !== config.apiKey) {
          return konnectError(reply, 401, 'UNAUTHORIZED', 'Invalid API key');
        }
        const parsed = initPaymentBody.safeParse(request.body);
        if (!parsed.success) {
          return konnectError(reply, 400, 'VALIDATION_ERROR', z.prettifyError(parsed.error));
        }
        const foreign = linkFields.find((field) => {
          const url = parsed.data[field];
          return url !== undefined && !isOnOrigin(url, ownOrigin);
        });
        if (foreign) {
          return konnectError(
            reply,
            400,
            'URL_NOT_ALLOWED',
            `${foreign} must be an address on ${ownOrigin}`,
          );
        }
        if (parsed.data.receiverWalletId !== config.walletId) {
          return konnectError(reply, 404, 'WALLET_NOT_FOUND', 'Receiver wallet not found');
        }
        const payment = await service.initPayment(parsed.data);
        return {
          payUrl: `${config.publicUrl}/sandbox/konnect/pay/${payment.paymentRef}`,
          paymentRef: payment.paymentRef,
        };
      },
    );

    app.get('/api/v2/payments/:paymentRef', { schema: { hide: true } }, async (request, reply) => {
      const { paymentRef } = request.params as { paymentRef: string };
      const payment = await service.find(paymentRef);
      if (!payment) return konnectError(reply, 404, 'NOT_FOUND', 'Payment not found');
      return toKonnectPayment(payment, service.isExpired(payment));
    });

    const page = (
      reply: FastifyReply,
      status: number,
      input: Omit<Parameters<typeof renderCheckoutPage>[0], 'merchantName'>,
    ) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderCheckoutPage({ ...input, merchantName: config.merchantName }));

    app.get('/pay/:paymentRef', { schema: { hide: true } }, async (request, reply) => {
      const { paymentRef } = request.params as { paymentRef: string };
      const language = languageOf(request);
      const payment = (await service.find(paymentRef)) ?? null;
      if (!payment) return page(reply, 404, { language, payment, message: 'unknown' });
      if (payment.status === 'completed')
        return page(reply, 200, { language, payment, message: 'paid' });
      if (service.isExpired(payment))
        return page(reply, 410, { language, payment, message: 'expired' });
      return page(reply, 200, { language, payment });
    });

    app.post('/pay/:paymentRef', { schema: { hide: true } }, async (request, reply) => {
      const { paymentRef } = request.params as { paymentRef: string };
      const body = (request.body ?? {}) as { card?: string; action?: string };
      const language = languageOf(request);
      if (body.action === 'cancel') {
        const payment = await service.find(paymentRef);
        const failUrl = ownLink(payment?.failUrl ?? null);
        if (failUrl) return reply.redirect(service.withRef(failUrl, paymentRef), 303);
        return page(reply, payment ? 200 : 404, {
          language,
          payment: payment ?? null,
          ...(payment ? {} : { message: 'unknown' as const }),
        });
      }
      const outcome = await service.pay(paymentRef, body.card ?? '');
      switch (outcome.kind) {
        case 'not-found':
          return page(reply, 404, { language, payment: null, message: 'unknown' });
        case 'unknown-card':
          return page(reply, 400, { language, payment: outcome.payment, message: 'unknownCard' });
        case 'already-paid':
          return page(reply, 409, { language, payment: outcome.payment, message: 'paid' });
        case 'expired':
          return page(reply, 410, { language, payment: outcome.payment, message: 'expired' });
        case 'paid':
        case 'refused': {
          const target = ownLink(
            outcome.kind === 'paid' ? outcome.payment.successUrl : outcome.payment.failUrl,
          );
          if (target) return reply.redirect(service.withRef(target, paymentRef), 303);
          return page(reply, 200, {
            language,
            payment: outcome.payment,
            ...(outcome.kind === 'paid' ? { message: 'paid' as const } : {}),
          });
        }
      }
    });
  };
}

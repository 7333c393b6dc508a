import {
  konnectWebhookQuerySchema,
  paymentAttemptQuerySchema,
  paymentAttemptResponseSchema,
  paymentParamsSchema,
  paymentResponseSchema,
  type PaymentStatus,
} from '@clipmarket/contracts/payments';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { PaymentRow, PaymentsService } from './payments.service.js';

const tags = ['payments'];

/** A payment not yet answered by the gateway is, for its payer, pending. */
const statusOf = (row: PaymentRow): PaymentStatus =>
  row.state === 'created' ? 'pending' : row.state;

export function createPaymentsRoutes(service: PaymentsService): ModuleRoutes {
  return async (app) => {
    app.get(
      '/payments/:payment_id',
      {
        preHandler: app.requireRole('BRAND', 'AGENCY'),
        schema: {
          tags,
          security: bearerSecurity,
          summary: "A payment of the caller's, read back from the gateway while it is pending",
          params: paymentParamsSchema,
          response: { 200: paymentResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const payment = await service.getForOwner(
          currentUser(request).userId,
          request.params.payment_id,
        );
        return {
          data: {
            payment_id: payment.id,
            status: statusOf(payment),
            amount: payment.amount,
            pay_url: payment.state === 'pending' ? payment.payUrl : null,
            kept_in_wallet: payment.keptInWalletReason,
          },
        };
      },
    );

    app.get(
      '/payments/attempt',
      {
        preHandler: app.requireRole('BRAND', 'AGENCY'),
        schema: {
          tags,
          security: bearerSecurity,
          summary:
            "The caller's payment by the gateway's reference: its state, and whether the last attempt was a refused card (else cancelled)",
          querystring: paymentAttemptQuerySchema,
          response: { 200: paymentAttemptResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { payment, cardRefused } = await service.attemptForOwner(
          currentUser(request).userId,
          request.query.payment_ref,
        );
        return { data: { status: statusOf(payment), card_refused: cardRefused } };
      },
    );

    // Konnect calls this with a GET and no signature: the reference is only a reason to read
    // the payment back from Konnect (ADR 017). Unknown references are a 404 and change nothing.
    app.get(
      '/payments/konnect/webhook',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "Konnect's payment notification (GET ?payment_ref=…)",
          querystring: konnectWebhookQuerySchema,
          response: {
            200: z.object({ data: z.object({ received: z.literal(true) }) }),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const state = await service.onGatewayNotice(request.query.payment_ref);
        if (state === null) {
          return reply
            .status(404)
            .send({ error: { code: 'NOT_FOUND' as const, message: 'Payment not found' } });
        }
        return { data: { received: true as const } };
      },
    );
  };
}

import { idempotencyHeadersSchema } from '@clipmarket/contracts/checkout';
import {
  walletPurchaseBodySchema,
  walletPurchaseCreatedSchema,
  walletPurchaseParamsSchema,
  walletPurchaseResponseSchema,
  walletQuoteResponseSchema,
  walletResponseSchema,
} from '@clipmarket/contracts/wallet';
import { currentUser } from '../../platform/auth/guard.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { toCheckoutQuote } from '../checkout/index.js';
import type { WalletService } from './wallet.service.js';

const tags = ['wallet'];

export function createWalletRoutes(service: WalletService, idempotency: Idempotency): ModuleRoutes {
  return async (app) => {
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');

    app.get(
      '/wallet',
      {
        preHandler: advertisersOnly,
        schema: {
          tags,
          security: bearerSecurity,
          summary: "The caller's wallet: balances and pack purchases (millimes)",
          response: { 200: walletResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await service.getWallet(currentUser(request).userId) }),
    );

    app.post(
      '/wallet/purchases/quote',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'The checkout lines of a wallet pack, with a promo code if any',
          body: walletPurchaseBodySchema,
          response: { 200: walletQuoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: toCheckoutQuote(await service.quote(currentUser(request).userId, request.body), {
          promoCode: request.body.promo_code ?? null,
        }),
      }),
    );

    app.post(
      '/wallet/purchases',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Buys a wallet pack: answers the gateway page to pay on (Idempotency-Key)',
          headers: idempotencyHeadersSchema,
          body: walletPurchaseBodySchema,
          response: { 201: walletPurchaseCreatedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        return idempotency.once(request, reply, userId, 201, async () => ({
          data: await service.buy(userId, request.body),
        }));
      },
    );

    app.post(
      '/wallet/purchases/:wallet_purchase_id/cancel',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: bearerSecurity,
          summary:
            'Cancels a pending pack purchase: its payment ends unpaid and its promo code is ' +
            'given back (a paid, failed or expired one: 409)',
          params: walletPurchaseParamsSchema,
          response: { 200: walletPurchaseResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.cancel(currentUser(request).userId, request.params.wallet_purchase_id),
      }),
    );

    app.get(
      '/wallet/purchases/:wallet_purchase_id',
      {
        preHandler: advertisersOnly,
        schema: {
          tags,
          security: bearerSecurity,
          summary: "One of the caller's pack purchases, read back from the gateway while pending",
          params: walletPurchaseParamsSchema,
          response: { 200: walletPurchaseResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.getPurchase(
          currentUser(request).userId,
          request.params.wallet_purchase_id,
        ),
      }),
    );
  };
}

import { errorResponseSchema } from '@clipmarket/contracts/errors';
import {
  adminPromoCodeResponseSchema,
  adminPromoCodesResponseSchema,
  createPromoCodeBodySchema,
  promoCodeParamsSchema,
  updatePromoCodeBodySchema,
  verifyPromoCodeBodySchema,
  verifyPromoCodeResponseSchema,
} from '@clipmarket/contracts/promo-codes';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { PromoCodesService } from './promo-codes.service.js';

/**
 * Guessing codes is the abuse to stop: a few tries a minute per advertiser (and per address
 * before the token is read) is plenty for a person typing one.
 */
const VERIFY_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `promo-verify:user:${request.auth.userId}` : `promo-verify:ip:${request.ip}`,
};

export function createPromoCodesRoutes(service: PromoCodesService): ModuleRoutes {
  return async (app) => {
    const admin = { preHandler: app.requireRole('ADMIN') };

    app.post(
      '/promo-codes/verify',
      {
        preHandler: app.requireRole('BRAND', 'AGENCY'),
        config: { rateLimit: VERIFY_RATE_LIMIT },
        schema: {
          tags: ['promo-codes'],
          summary: 'Verify a promo code for a purchase ("Promo code is no longer valid!" if not)',
          security: bearerSecurity,
          body: verifyPromoCodeBodySchema,
          response: {
            200: verifyPromoCodeResponseSchema,
            ...errorResponses,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const valid = await service.verify({
          code: request.body.code,
          advertiserUserId: currentUser(request).userId,
          purchaseKind: request.body.purchase_kind,
          purchaseId: request.body.purchase_id,
        });
        return { data: { code: valid.code, percent_basis_points: valid.basisPoints } };
      },
    );

    app.get(
      '/admin/promo-codes',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Every promo code, newest first, with its redemptions that count',
          security: bearerSecurity,
          response: { 200: adminPromoCodesResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: await service.listForAdmin() }),
    );

    app.post(
      '/admin/promo-codes',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Create a promo code (the code is unique whatever its case)',
          security: bearerSecurity,
          body: createPromoCodeBodySchema,
          response: {
            201: adminPromoCodeResponseSchema,
            ...errorResponses,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const created = await service.create(currentUser(request).userId, request.body);
        return reply.status(201).send({ data: created });
      },
    );

    app.patch(
      '/admin/promo-codes/:promo_code_id',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Switch a promo code on or off, change its window, limits or purchases',
          security: bearerSecurity,
          params: promoCodeParamsSchema,
          body: updatePromoCodeBodySchema,
          response: { 200: adminPromoCodeResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.update(request.params.promo_code_id, request.body),
      }),
    );
  };
}

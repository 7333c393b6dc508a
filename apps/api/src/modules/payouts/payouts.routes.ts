import { errorResponseSchema } from '@clipmarket/contracts/errors';
import {
  adminPayoutListQuerySchema,
  adminPayoutListResponseSchema,
  adminPayoutSchema,
  creatorPayoutsResponseSchema,
  markPayoutPaidBodySchema,
  payoutBatchResponseSchema,
  payoutListQuerySchema,
} from '@clipmarket/contracts/payouts';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { PayoutsService } from './payouts.service.js';

const conflict = { 409: errorResponseSchema };

export function createPayoutsRoutes(service: PayoutsService): ModuleRoutes {
  return async (app) => {
    const admin = { preHandler: app.requireRole('ADMIN') };

    app.get(
      '/payouts',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          tags: ['payouts'],
          security: bearerSecurity,
          summary:
            "The creator's payouts (newest first), pending and paid totals, and whether they " +
            'have a bank or D17 number to be paid to',
          querystring: payoutListQuerySchema,
          response: { 200: creatorPayoutsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.listForCreator(currentUser(request).userId, request.query),
      }),
    );

    app.get(
      '/admin/payouts',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          security: bearerSecurity,
          summary: 'Creator payouts: due now, every unpaid one, or paid; the due totals per method',
          querystring: adminPayoutListQuerySchema,
          response: { 200: adminPayoutListResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.listForAdmin(request.query),
    );

    app.post(
      '/admin/payouts/batches',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          security: bearerSecurity,
          summary:
            'Gathers the due payouts with payment details into a batch: the bank CSV and the ' +
            'D17 list (409 when nothing is due)',
          response: { 201: payoutBatchResponseSchema, ...errorResponses, ...conflict },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.createBatch(currentUser(request).userId) }),
    );

    for (const method of ['bank', 'd17'] as const) {
      app.get(
        `/admin/payouts/batches/:batch_id/${method}.csv`,
        {
          ...admin,
          schema: {
            tags: ['admin'],
            security: bearerSecurity,
            summary: `A payout batch's ${method === 'bank' ? 'bank transfers' : 'D17 transfers'} (CSV), again`,
            params: idParamSchema('batch_id'),
            response: errorResponses,
          },
        },
        async (request, typedReply) => {
          // The body is the CSV text: the plain reply, not the schema's.
          const reply = typedReply as FastifyReply;
          const csv = await service.batchFile(request.params.batch_id, method);
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="payouts-${request.params.batch_id}-${method}.csv"`,
            )
            .header('cache-control', 'private, no-store')
            .send(csv);
        },
      );
    }

    app.post(
      '/admin/payouts/:payout_id/paid',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          security: bearerSecurity,
          summary:
            "The transfer was made: moves the creator's earnings to payouts sent, with its " +
            'reference (again with the same reference: the same answer; another: 409)',
          params: idParamSchema('payout_id'),
          body: markPayoutPaidBodySchema,
          response: { 200: z.object({ data: adminPayoutSchema }), ...errorResponses, ...conflict },
        },
      },
      async (request) => ({
        data: await service.markPaid(
          currentUser(request).userId,
          request.params.payout_id,
          request.body.reference,
        ),
      }),
    );
  };
}

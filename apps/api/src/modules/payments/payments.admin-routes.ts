import {
  adminPaymentParamsSchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminReconciliationResponseSchema,
  adminSettlePaymentResponseSchema,
} from '@clipmarket/contracts/admin-money';
import { errorResponseSchema } from '@clipmarket/contracts/errors';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { AdminPayments } from './payments.admin.js';

const tags = ['admin'];

/** `/admin/payments` (ADMIN, issue 9 point 8): the list, the reconciliation, the repair. */
export function createAdminPaymentsRoutes(admin: AdminPayments): ModuleRoutes {
  return async (app) => {
    const adminOnly = { preHandler: app.requireRole('ADMIN') };

    app.get(
      '/admin/payments',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Payments, newest first, with their owner and gateway reference',
          security: bearerSecurity,
          querystring: adminPaymentsQuerySchema,
          response: { 200: adminPaymentsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await admin.list(request.query) }),
    );

    app.get(
      '/admin/payments/reconciliation',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'Open and recent payments read back from the gateway: ours against theirs',
          security: bearerSecurity,
          response: { 200: adminReconciliationResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: await admin.reconcile() }),
    );

    app.post(
      '/admin/payments/:payment_id/settle',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: "Apply the gateway's answer to a payment now (repairs a lost webhook)",
          security: bearerSecurity,
          params: adminPaymentParamsSchema,
          response: {
            200: adminSettlePaymentResponseSchema,
            ...errorResponses,
            409: errorResponseSchema,
            502: errorResponseSchema,
          },
        },
      },
      async (request) => ({ data: await admin.settle(request.params.payment_id) }),
    );
  };
}

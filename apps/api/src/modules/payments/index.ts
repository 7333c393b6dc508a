import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentGateway } from './gateway/payment-gateway.js';
import type { PaymentsEvents } from './payments.events.js';
import { createAdminPayments } from './payments.admin.js';
import { createAdminPaymentsRoutes } from './payments.admin-routes.js';
import { createPaymentsRoutes } from './payments.routes.js';
import { createPaymentsService } from './payments.service.js';

export { createKonnectClient } from './gateway/konnect-client.js';
export type {
  GatewayPayment,
  InitPaymentInput,
  InitializedPayment,
  PaymentGateway,
} from './gateway/payment-gateway.js';
export { PaymentGatewayError } from './gateway/payment-gateway.js';
export type { PaymentsEvents } from './payments.events.js';
export type {
  PaymentPurposeHooks,
  PaymentRow,
  PaymentsService,
  StartPaymentInput,
} from './payments.service.js';

/**
 * Payments through the gateway (issue 9, ADR 017): the payment process, Konnect's webhook and
 * read-back, the expiry check. Purchases (wallet packs, checkout) start payments here and react
 * to `payment.paid` / `payment.unpaid`. Admins list them, reconcile them with the gateway and
 * repair one (`/admin/payments`).
 */
export function createPaymentsModule(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<PaymentsEvents>;
  jobs: JobQueue;
  gateway: PaymentGateway;
  ledger: LedgerService;
  log: Logger;
  publicUrl: string;
}) {
  const service = createPaymentsService(deps);
  const admin = createAdminPayments({ db: deps.db, gateway: deps.gateway, service });
  const routes: ModuleRoutes = async (app) => {
    await app.register(createPaymentsRoutes(service));
    await app.register(createAdminPaymentsRoutes(admin));
  };
  return { routes, service };
}

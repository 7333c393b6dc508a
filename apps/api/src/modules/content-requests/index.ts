import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { ContentRequestsEvents } from './content-requests.events.js';
import { createContentRequestsRoutes } from './content-requests.routes.js';
import type { SimilarCreatorsPort } from './content-requests.similar.js';
import {
  createContentRequestsService,
  type CreatorPricesForRequests,
  type InvoicesForRequests,
  type MediaForRequests,
  type PromoCodesForRequests,
  type UsersForRequests,
} from './content-requests.service.js';

export type { ContentRequestsEvents } from './content-requests.events.js';
export type { ContentRequestsService } from './content-requests.service.js';
export { CONTENT_REQUEST_PURPOSE, describeLineParties } from './content-requests.service.js';

/**
 * Content requests (issue 10, ADR 021): an advertiser's drafts, the checkout (platform fee from
 * the wallet or through the gateway), one line per creator in the `content-request-line`
 * process, its timers and reminders. Owns `content_requests` and `content_request_influencers`.
 */
export function createContentRequestsModule(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForRequests;
  invoices: InvoicesForRequests;
  users: UsersForRequests;
  media: MediaForRequests;
  creatorPrices: CreatorPricesForRequests;
  /** Discovery's similar creators, offered when a request's creators expire or decline. */
  similarCreators: SimilarCreatorsPort;
  idempotency: Idempotency;
  webUrl: string;
  log: Logger;
}) {
  const service = createContentRequestsService(deps);
  return {
    routes: createContentRequestsRoutes(service, deps.idempotency, deps.similarCreators),
    service,
  };
}

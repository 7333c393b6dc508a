import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { Workflow, WorkflowEvents } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { SettingsReader } from '../settings/index.js';
import { createOpportunityAdmin } from './opportunities.admin.js';
import { createOpportunityAdminRoutes } from './opportunities.admin-routes.js';
import { createOpportunityApplications } from './opportunities.applications.js';
import { createApprovalPayment } from './opportunities.approval-payment.js';
import { subscribeDiscoverHighlight } from './opportunities.discover-highlight.js';
import { createOpportunityDrafts } from './opportunities.drafts.js';
import type { OpportunitiesEvents } from './opportunities.events.js';
import type {
  CreatorsForOpportunities,
  InvoicesForOpportunities,
  LinesForOpportunities,
  MediaForOpportunities,
  PromoCodesForOpportunities,
  UsersForOpportunities,
} from './opportunities.ports.js';
import { createOpportunityPublishing } from './opportunities.publishing.js';
import { createOpportunitiesRoutes } from './opportunities.routes.js';

export type { OpportunityDrafts } from './opportunities.drafts.js';
export type { OpportunitiesEvents } from './opportunities.events.js';
export { opportunityDeliveryLines } from './opportunities.delivery-lines.js';
export { campaignReadsOfOpportunities } from './opportunities.campaign-reads.js';
/** Reputation (issue 27 §2): advertisers' answers to applications, opportunities' deadlines. */
export {
  reputationReadsOfOpportunities,
  type ApplicationAnswerFacts,
} from './opportunities.reputation-reads.js';
export { OPPORTUNITY_PURPOSE } from './opportunities.publishing.js';
export { APPROVAL_PURPOSE } from './opportunities.approval-payment.js';

/**
 * Opportunities (issue 23, ADR 033, 035): an advertiser's drafts (steps 1 and 2), the checkout
 * that publishes them (step 3), creators' discovery, interests and applications, the
 * advertiser's answers (an approval the wallet does not cover is paid by card); the product
 * team's list and early close (`/admin/opportunities`). An accepted application becomes a
 * delivery line of the content-requests module (`lines`), delivered as a request's. Owns
 * `content_opportunities`, their invitations, interests and applications.
 */
export function createOpportunitiesModule(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<OpportunitiesEvents & WorkflowEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsReader;
  promoCodes: PromoCodesForOpportunities;
  invoices: InvoicesForOpportunities;
  media: MediaForOpportunities;
  users: UsersForOpportunities;
  creators: CreatorsForOpportunities;
  lines: LinesForOpportunities;
  idempotency: Idempotency;
  webUrl: string;
  log: Logger;
}) {
  const drafts = createOpportunityDrafts(deps);
  const applications = createOpportunityApplications(deps);
  const publishing = createOpportunityPublishing({
    ...deps,
    onApplicationDeadline: applications.onApplicationDeadline,
    onApplyReminder: applications.onApplyReminder,
  });
  subscribeDiscoverHighlight(deps);
  const approvalPayment = createApprovalPayment({ ...deps, applications });
  const admin = createOpportunityAdmin(deps);
  const routes = createOpportunitiesRoutes(
    { drafts, publishing, applications, approvalPayment },
    deps.idempotency,
  );
  const adminRoutes = createOpportunityAdminRoutes(admin);
  return {
    routes: (async (app) => {
      await app.register(routes);
      await app.register(adminRoutes);
    }) satisfies ModuleRoutes,
    drafts,
    publishing,
    applications,
    admin,
  };
}

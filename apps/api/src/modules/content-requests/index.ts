import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { ContentVideosEvents } from '../content-videos/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { ContentRequestsEvents } from './content-requests.events.js';
import { createPublicationRoutes } from './content-requests.admin-routes.js';
import {
  createContentPayment,
  createContentRequestsVideoPort as createVideoPort,
  createDeliveryRoutes,
  createDisputes,
  createLineReview,
  createPublication,
  createRevisionNotes,
  relayVideoStatus,
  type PayoutsForRequests,
  type VideosForRequests,
} from './delivery/index.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import { createContentRequestsRoutes } from './content-requests.routes.js';
import type { SimilarCreatorsPort } from './content-requests.similar.js';
import type {
  CreatorPricesForRequests,
  LicencesForRequests,
  InvoicesForRequests,
  MediaForRequests,
  PromoCodesForRequests,
  UsersForRequests,
} from './content-requests.ports.js';
import { createOpportunityLines } from './content-requests.opportunity-lines.js';
import { createContentRequestsService } from './content-requests.service.js';

export type { ContentRequestsEvents } from './content-requests.events.js';
export type { ContentRequestsService } from './content-requests.service.js';
export type ContentRequestsModule = ReturnType<typeof createContentRequestsModule>;
export type { OpportunityLines, DeliveryRecord } from './content-requests.opportunity-lines.js';
export { RELEASING_STATES } from './content-requests.line-process.js';
export {
  payoutSourceKey,
  type DeliveryLineDescription,
  type DeliveryLines,
} from './delivery/index.js';
export { registerDeliveryLineSource } from './content-requests.delivery-lines.js';
export { campaignReadsOfRequests } from './content-requests.campaign-reads.js';
export { performanceReadsOfRequests } from './content-requests.performance-reads.js';
/** The media kit (issue 25): a creator's delivered lines, with their showcase switch. */
export { mediaKitReadsOfRequests, type DeliveredLine } from './content-requests.showcase.js';
/** Get inspired (issue 25 §3): the published lines both parties allowed showing. */
export { inspirationReadsOfRequests, type ConsentedLine } from './content-requests.inspiration.js';
/** Get started (issue 25 §4): how far a creator's delivery lines have gone. */
export {
  getStartedReadsOfRequests,
  type CreatorLinesProgress,
} from './content-requests.get-started.js';
/** Publication metrics (issue 24 §2): a line's approved publication links, and one link. */
export {
  metricsLinksOfRequests,
  type ApprovedPublicationLink,
} from './content-requests.metrics-links.js';
export { CONTENT_REQUEST_PURPOSE, describeLineParties } from './content-requests.service.js';
/** Tracked links' toolbox (issue 24 §5): a creator's delivery lines, and one line. */
export { toolboxLines, type ToolboxLine } from './content-requests.toolbox-lines.js';
/** Reputation (issue 27 §2): the lines' histories and an advertiser's delivery facts. */
export {
  reputationReadsOfRequests,
  type AdvertiserDeliveryFacts,
  type LineHistory,
  type LineStep,
} from './content-requests.reputation-reads.js';

/** Content-videos' `LinesForVideos` (but `submitVideo`, on the service), on delivery lines. */
export const createContentRequestsVideoPort = (
  users: Parameters<typeof createVideoPort>[0],
): ReturnType<typeof createVideoPort> => createVideoPort(users, deliveryLines);

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
  /** Usage licences (issue 27 §1): creators' rates, the freezing of each line's term 1. */
  licences: LicencesForRequests;
  /** Discovery's similar creators, offered when a request's creators expire or decline. */
  similarCreators: SimilarCreatorsPort;
  /** The content-videos module's `listForLine` and `latestOf` (`VideosForRequests`). */
  videos: VideosForRequests;
  /** The payouts module's `schedule` and `payoutOfSource` (`PayoutsForRequests`). */
  payouts: PayoutsForRequests;
  /** The videos' events (`content-video.ready`, `.failed`), relayed to the line's parties. */
  videoEvents: EventBus<ContentVideosEvents>;
  realtime: Pick<RealtimeHub, 'emitToUser'>;
  idempotency: Idempotency;
  webUrl: string;
  log: Logger;
}) {
  const service = createContentRequestsService(deps);
  relayVideoStatus({ db: deps.db, events: deps.videoEvents, realtime: deps.realtime });
  // Review and payment of the content fee (issue 11 §3–§4): their own files, on the same lines.
  const contentPayment = createContentPayment({ ...deps, requests: service, lines: deliveryLines });
  const review = createLineReview({ ...deps, requests: service, payment: contentPayment });
  const deliveryRoutes = createDeliveryRoutes(
    review,
    contentPayment,
    deps.idempotency,
    createRevisionNotes(deps),
  );
  // Publication links and disputes (issue 11 §5, §7): their own files, on the same lines.
  const publication = createPublication({ ...deps, service, lines: deliveryLines });
  const disputes = createDisputes({ ...deps, publication, lines: deliveryLines });
  const requestRoutes = createContentRequestsRoutes(
    service,
    deps.idempotency,
    deps.similarCreators,
  );
  const publicationRoutes = createPublicationRoutes(publication, disputes);
  return {
    routes: (async (app) => {
      await app.register(requestRoutes);
      await app.register(publicationRoutes);
      await app.register(deliveryRoutes);
    }) satisfies ModuleRoutes,
    service,
    /** The delivery lines of opportunities' approved applications (ADR 035). */
    opportunityLines: createOpportunityLines({
      workflow: deps.workflow,
      onLineEntered: service.onLineEntered,
      licences: deps.licences,
    }),
    /** Issue 11's steps as services (the routes above call them; demo data too). */
    review,
    contentPayment,
    publication,
  };
}

import type { WorkflowEvents } from './platform/workflow/workflow.js';
import type { CreatorValidationEvents } from './modules/creator-validation/index.js';
import type { AuthEvents } from './modules/auth/index.js';
import type { LedgerEvents } from './modules/ledger/index.js';
import type { PaymentsEvents } from './modules/payments/index.js';
import type { ContentRequestsEvents } from './modules/content-requests/index.js';
import type { PayoutsEvents } from './modules/payouts/index.js';
import type { ContentVideosEvents } from './modules/content-videos/index.js';
import type { OpportunitiesEvents } from './modules/opportunities/index.js';
import type { PublicationMetricsEvents } from './modules/publication-metrics/index.js';
import type { ReviewsEvents } from './modules/reviews/index.js';
import type { LicencesEvents } from './modules/licences/index.js';

/**
 * The one typed map of every domain event: type → payload. Each module declares the events
 * it emits in its `<module>.events.ts`; this file only gathers them for the composition root.
 */
export type DomainEvents = WorkflowEvents &
  AuthEvents &
  CreatorValidationEvents &
  LedgerEvents &
  PaymentsEvents &
  ContentRequestsEvents &
  PayoutsEvents &
  ContentVideosEvents &
  OpportunitiesEvents &
  PublicationMetricsEvents &
  LicencesEvents &
  ReviewsEvents;

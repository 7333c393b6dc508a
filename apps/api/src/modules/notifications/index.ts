import type { Db } from '../../platform/db/client.js';
import { publicUrlOf, type Env } from '../../platform/env.js';
import type { EventSubscriber } from '../../platform/events/event-bus.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { LedgerEvents } from '../ledger/index.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import type { CreatorValidationEvents } from '../creator-validation/index.js';
import type { ContentRequestsEvents } from '../content-requests/index.js';
import type { ContentVideosEvents } from '../content-videos/index.js';
import type { OpportunitiesEvents } from '../opportunities/index.js';
import type { PayoutsEvents } from '../payouts/index.js';
import type { LicencesEvents } from '../licences/index.js';
import type { PublicationMetricsEvents } from '../publication-metrics/index.js';
import type { ReviewsEvents } from '../reviews/index.js';
import type { WorkflowEvents } from '../../platform/workflow/workflow.js';
import type { SettingsReader } from '../settings/index.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import {
  createCampaignSummaries,
  type CampaignSummaryReads,
} from './notifications.campaign-summary.js';
import {
  createMediaKitViewSummaries,
  type MediaKitViewsReads,
} from './notifications.media-kit-views.js';
import { notificationTemplates } from './notification-templates.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { createNotificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';
import { subscribeContentRequestNotifications } from './notifications.content-requests.js';
import { subscribeOpportunityNotifications } from './notifications.opportunities.js';
import { subscribeReviewNotifications } from './notifications.reviews.js';
import { subscribePublicationMetricsNotifications } from './notifications.publication-metrics.js';
import { subscribeLicenceNotifications } from './notifications.licences.js';
import { subscribeNotifications } from './notifications.subscriptions.js';

export type { NotifyInput, NotifyResult, NotificationsService } from './notifications.service.js';
export { notificationTemplates, type NotificationTemplate } from './notification-templates.js';
export type { CampaignSummaryReads } from './notifications.campaign-summary.js';
export type { MediaKitViewsReads } from './notifications.media-kit-views.js';
/** For the demo data (apps/api/src/demo): an account's past notices, backdated. */
export { seedDemoNotifications, type DemoNotificationInsert } from './notifications.demo-seed.js';

export function createNotificationsModule(deps: {
  db: Db;
  env: Env;
  mail: MailQueue;
  realtime: RealtimeHub;
  events: EventSubscriber<
    CreatorValidationEvents &
      LedgerEvents &
      ContentRequestsEvents &
      WorkflowEvents &
      PayoutsEvents &
      ContentVideosEvents &
      OpportunitiesEvents &
      PublicationMetricsEvents &
      LicencesEvents &
      ReviewsEvents
  >;
  listAdminUserIds(): Promise<number[]>;
  /** Business settings: the creator payout delay in the payment_pending text (DESIGN §4). */
  settings: Pick<SettingsReader, 'get'>;
  /** The weekly campaign summary's job, and what it reads of campaigns and performance. */
  jobs: JobQueue;
  campaignSummaryReads: CampaignSummaryReads;
  /** The weekly media kit views notice's reads of the media kit (issue 25 §5). */
  mediaKitViewsReads: MediaKitViewsReads;
  log: Logger;
}) {
  const service = createNotificationsService({
    repository: createNotificationsRepository(deps.db),
    // E-mails leave through the mail job, after the notification is stored.
    mailer: { send: (message) => deps.mail.queue(deps.db, message) },
    realtime: deps.realtime,
    publicUrl: publicUrlOf(deps.env),
    readPaymentDelayDays: () => deps.settings.get(deps.db, 'creator_payout_delay_days'),
  });
  subscribeNotifications({
    events: deps.events,
    service,
    listAdminUserIds: deps.listAdminUserIds,
  });
  subscribeContentRequestNotifications({
    db: deps.db,
    events: deps.events,
    service,
    listAdminUserIds: deps.listAdminUserIds,
  });
  subscribeOpportunityNotifications({ db: deps.db, events: deps.events, service });
  subscribePublicationMetricsNotifications({ db: deps.db, events: deps.events, service });
  subscribeReviewNotifications({ db: deps.db, events: deps.events, service });
  subscribeLicenceNotifications({ db: deps.db, events: deps.events, service });
  const campaignSummaries = createCampaignSummaries({
    db: deps.db,
    jobs: deps.jobs,
    service,
    reads: deps.campaignSummaryReads,
    publicUrl: publicUrlOf(deps.env),
    log: deps.log,
  });
  const mediaKitViews = createMediaKitViewSummaries({
    db: deps.db,
    jobs: deps.jobs,
    service,
    reads: deps.mediaKitViewsReads,
    publicUrl: publicUrlOf(deps.env),
    log: deps.log,
  });
  return {
    routes: createNotificationsRoutes(service),
    /** The one entry point other modules use to notify a user. */
    notify: service.notify,
    deleteNotification: service.deleteNotification,
    service,
    /** Issue 24 §6: Mondays' summary (`sendWeeklySummaries(now)`; tests pass their `now`). */
    campaignSummaries,
    /** Issue 25 §5: Mondays' media kit views (`sendWeeklyViews(now)`; tests pass their `now`). */
    mediaKitViews,
  };
}

/** Inserts or updates every notification template of spec §4 (run at every start). */
export async function seedNotificationTemplates(db: Db): Promise<void> {
  await createNotificationsRepository(db).upsertTemplates(notificationTemplates);
}

import type { Db } from '../../platform/db/client.js';
import type { EventMeta, EventSubscriber } from '../../platform/events/event-bus.js';
import type { OpportunitiesEvents } from '../opportunities/index.js';
import { findNotificationParty, setTwinklingFlag } from '../users/index.js';
import { tellKeptInWallet } from './notifications.kept-in-wallet.js';
import type { NotificationsService } from './notifications.service.js';

/** The application's answer and the template that tells the creator. */
const answerTypes = {
  accept: 'application_accepted',
  debrief: 'application_debriefed',
  decline: 'application_declined',
  auto_decline: 'application_declined',
  closed: 'application_closed',
} as const;

/**
 * Opportunities (issue 23 §6): the advertiser hears of their payment (or of a card payment kept
 * in their wallet), of each application (or
 * once a day, as their `notification_preference` says); the creator of the answer to their
 * application and, when they read the brief and have not applied, of the deadline two days
 * ahead; the advertiser also hears why the team closed their opportunity. Their deliveries are a line's (notifications.content-requests.ts). Idempotent per
 * event and receiver.
 */
export function subscribeOpportunityNotifications(deps: {
  db: Db;
  events: EventSubscriber<OpportunitiesEvents>;
  service: NotificationsService;
}) {
  const { db, events, service } = deps;
  const once = (meta: EventMeta, receiverUserId: number, type: string) =>
    `${meta.eventId}:${receiverUserId}:${type}`;
  const prefersDaily = async (userId: number) =>
    (await findNotificationParty(db, userId))?.advertiser?.notificationPreference === 'daily';

  events.on('opportunity.published', 'notifications.opportunity-paid', async (event, meta) => {
    await setTwinklingFlag(db, event.advertiserUserId, 'twinkling_trak_payment', true);
    await service.notify({
      receiverUserId: event.advertiserUserId,
      module: 'payment',
      type: 'payment_success_opportunity',
      moduleItemId: event.contentOpportunityId,
      params: { opportunity_name: event.title },
      idempotencyKey: once(meta, event.advertiserUserId, 'payment_success_opportunity'),
    });
  });

  // A card payment (the platform fee, or an approval the wallet did not cover) that arrived
  // when it could no longer be used: the advertiser finds its amount in the wallet's history.
  events.on(
    'opportunity.payment-kept-in-wallet',
    'notifications.opportunity-payment-kept-in-wallet',
    (event, meta) => tellKeptInWallet({ db, service }, event, meta),
  );

  events.on(
    'opportunity.application-submitted',
    'notifications.application-received',
    async (event, meta) => {
      if (await prefersDaily(event.advertiserUserId)) return;
      await service.notify({
        receiverUserId: event.advertiserUserId,
        module: 'content_opportunity',
        type: 'application_received',
        moduleItemId: event.contentOpportunityId,
        sender: { userId: event.influencerUserId },
        params: { opportunity_name: event.title },
        idempotencyKey: once(meta, event.advertiserUserId, 'application_received'),
      });
    },
  );

  events.on(
    'opportunity.applications-of-the-day',
    'notifications.applications-daily-recap',
    async (event, meta) => {
      if (!(await prefersDaily(event.advertiserUserId))) return;
      await service.notify({
        receiverUserId: event.advertiserUserId,
        module: 'content_opportunity',
        type: 'applications_daily_recap',
        moduleItemId: event.contentOpportunityId,
        params: { opportunity_name: event.title },
        idempotencyKey: once(meta, event.advertiserUserId, 'applications_daily_recap'),
      });
    },
  );

  events.on(
    'opportunity.application-answered',
    'notifications.application-answered',
    async (event, meta) => {
      const type = answerTypes[event.decision];
      await setTwinklingFlag(db, event.influencerUserId, 'twinkling_discover_opportunities', true);
      await service.notify({
        receiverUserId: event.influencerUserId,
        module: 'content_opportunity',
        type,
        moduleItemId: event.applicationId,
        sender: { userId: event.advertiserUserId },
        params: { opportunity_name: event.title },
        idempotencyKey: once(meta, event.influencerUserId, type),
      });
    },
  );

  // The team closed the opportunity: its advertiser reads why (the applications page shows it
  // closed). No sender: the platform speaks.
  events.on(
    'opportunity.closed-by-team',
    'notifications.opportunity-closed-by-team',
    async (event, meta) => {
      await service.notify({
        receiverUserId: event.advertiserUserId,
        module: 'content_opportunity',
        type: 'opportunity_closed_by_team',
        moduleItemId: event.contentOpportunityId,
        params: { opportunity_name: event.title, reason: event.reason },
        idempotencyKey: once(meta, event.advertiserUserId, 'opportunity_closed_by_team'),
      });
    },
  );

  events.on('opportunity.apply-reminder', 'notifications.apply-reminder', async (event, meta) => {
    for (const influencerUserId of event.influencerUserIds) {
      await service.notify({
        receiverUserId: influencerUserId,
        module: 'content_opportunity',
        type: 'opportunity_reminder_apply',
        moduleItemId: event.contentOpportunityId,
        sender: { userId: event.advertiserUserId },
        params: { opportunity_name: event.title },
        idempotencyKey: once(meta, influencerUserId, 'opportunity_reminder_apply'),
      });
    }
  });
}

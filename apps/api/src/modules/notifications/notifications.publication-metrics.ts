import type { Db } from '../../platform/db/client.js';
import type { EventMeta, EventSubscriber } from '../../platform/events/event-bus.js';
import { describeLineParties } from '../content-requests/index.js';
import type { PublicationMetricsEvents } from '../publication-metrics/index.js';
import { setTwinklingFlag } from '../users/index.js';
import type { NotificationsService } from './notifications.service.js';

const platformNames = { instagram: 'Instagram', tiktok: 'TikTok' } as const;

/**
 * Publication metrics (issue 24 §6): the creator hears of the team's check of their submitted
 * figures (approved, or declined with the reason) and is reminded, once per link, of the 7-day
 * figures of a post no connected account can read. Both lead to the line's page, where the
 * figures are submitted; they light the creator's Accept Requests menu item like the line's
 * other notices.
 */
export function subscribePublicationMetricsNotifications(deps: {
  db: Db;
  events: EventSubscriber<PublicationMetricsEvents>;
  service: NotificationsService;
}) {
  const { db, events, service } = deps;

  async function tellCreator(
    lineId: number,
    creatorUserId: number,
    type: string,
    params: Record<string, string>,
    idempotencyKey: string,
  ) {
    const line = await describeLineParties(db, lineId);
    if (!line) return;
    await setTwinklingFlag(db, creatorUserId, 'twinkling_accept_request', true);
    await service.notify({
      receiverUserId: creatorUserId,
      module: 'content_request',
      type,
      moduleItemId: line.lineId,
      params: { request_name: line.title, request_reference: line.reference, ...params },
      idempotencyKey,
    });
  }

  events.on(
    'publication-metrics.submission-decided',
    'notifications.metric-submission-decided',
    async (event, meta: EventMeta) => {
      const type =
        event.decision === 'approved' ? 'metric_submission_approved' : 'metric_submission_declined';
      await tellCreator(
        event.lineId,
        event.creatorUserId,
        type,
        {
          platform_name: platformNames[event.platform],
          ...(event.reason ? { reason: event.reason } : {}),
        },
        `${meta.eventId}:${event.creatorUserId}:${type}`,
      );
    },
  );

  // Keyed by the link, not the event: the daily job may find the same link on several days.
  events.on(
    'publication-metrics.figures-due',
    'notifications.metric-figures-due',
    async (event) => {
      await tellCreator(
        event.lineId,
        event.creatorUserId,
        'metric_figures_due',
        { platform_name: platformNames[event.platform] },
        `metric_figures_due:${event.linkId}`,
      );
    },
  );
}

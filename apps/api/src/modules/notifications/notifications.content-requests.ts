import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db } from '../../platform/db/client.js';
import type { EventMeta, EventSubscriber } from '../../platform/events/event-bus.js';
import type { WorkflowEvents } from '../../platform/workflow/workflow.js';
import { describeLineParties, type ContentRequestsEvents } from '../content-requests/index.js';
import { setTwinklingFlag } from '../users/index.js';
import type { NotificationsService } from './notifications.service.js';

type LineParties = NonNullable<Awaited<ReturnType<typeof describeLineParties>>>;

/**
 * Content requests, part 1 (issue 10 §6): the creator hears of a new request, of reminders and
 * of a cancellation; the advertiser of each answer and expiry. Each also lights the menu item
 * behind it (spec §3 "Twinkling flags"): Accept Requests for creators, the requests for
 * advertisers. Idempotent per event and receiver, as every handler here.
 */
export function subscribeContentRequestNotifications(deps: {
  db: Db;
  events: EventSubscriber<ContentRequestsEvents & WorkflowEvents>;
  service: NotificationsService;
}) {
  const { db, events, service } = deps;
  const once = (meta: EventMeta, receiverUserId: number) => `${meta.eventId}:${receiverUserId}`;

  async function toCreator(line: LineParties, type: string, meta: EventMeta) {
    // The highlight first: a page open when the notification arrives marks it seen again.
    await setTwinklingFlag(db, line.influencerUserId, 'twinkling_accept_request', true);
    await service.notify({
      receiverUserId: line.influencerUserId,
      module: 'content_request',
      type,
      moduleItemId: line.lineId,
      sender: { userId: line.advertiserUserId },
      params: { request_name: line.title },
      idempotencyKey: once(meta, line.influencerUserId),
    });
  }

  async function toAdvertiser(line: LineParties, type: string, meta: EventMeta) {
    // The highlight first: a page open when the notification arrives marks it seen again.
    await setTwinklingFlag(db, line.advertiserUserId, 'twinkling_content_request', true);
    await service.notify({
      receiverUserId: line.advertiserUserId,
      module: 'content_request',
      type,
      moduleItemId: line.contentRequestId,
      sender: { userId: line.influencerUserId },
      params: { request_name: line.title },
      idempotencyKey: once(meta, line.advertiserUserId),
    });
  }

  events.on('content-request.sent', 'notifications.new-content-request', async (event, meta) => {
    for (const { lineId } of event.lines) {
      const line = await describeLineParties(db, lineId);
      if (line) await toCreator(line, 'new_content_request', meta);
    }
  });

  events.on(
    'content-request-line.reminder',
    'notifications.content-request-reminder',
    async (event, meta) => {
      const line = await describeLineParties(db, event.lineId);
      if (!line) return;
      await toCreator(
        line,
        event.kind === 'acceptance' ? 'reminder_acceptance' : 'reminder_submission',
        meta,
      );
    },
  );

  /** Transitions of a line and who hears of them; the others notify nobody (yet). */
  const byTransition: Partial<Record<string, { to: 'creator' | 'advertiser'; type: string }>> = {
    accept: { to: 'advertiser', type: 'request_accepted' },
    decline: { to: 'advertiser', type: 'request_declined' },
    expire: { to: 'advertiser', type: 'request_expired' },
    expire_delivery: { to: 'advertiser', type: 'request_delivery_expired' },
    cancel: { to: 'creator', type: 'request_cancelled' },
  };

  events.on('workflow.transitioned', 'notifications.content-request-line', async (event, meta) => {
    if (event.process !== contentRequestLineProcess.name) return;
    const notice = byTransition[event.transition];
    if (!notice) return;
    const line = await describeLineParties(db, event.subjectId);
    if (!line) return;
    if (notice.to === 'creator') await toCreator(line, notice.type, meta);
    else await toAdvertiser(line, notice.type, meta);
  });
}

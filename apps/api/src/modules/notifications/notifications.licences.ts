import type { Db } from '../../platform/db/client.js';
import type { EventSubscriber } from '../../platform/events/event-bus.js';
import { describeLineParties } from '../content-requests/index.js';
import type { LicencesEvents } from '../licences/index.js';
import { setTwinklingFlag } from '../users/index.js';
import type { NotificationsService } from './notifications.service.js';

const TUNIS_OFFSET_MS = 60 * 60_000;

/** `YYYY-MM-DD` of an instant in Tunisia (UTC+1 all year): the day a licence ends. */
export const tunisDateOf = (iso: string) =>
  new Date(Date.parse(iso) + TUNIS_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Usage licences (issue 27 §1): the advertiser is reminded 14 and 3 days before a licence
 * ends and told when it ended (HD closed); the creator hears of the end and of a renewal
 * (earnings). Bell and, with `allow_emails`, e-mail (`notify`); each once per term and kind by
 * the idempotency key, whatever the job's reruns. All lead to the licence page.
 */
export function subscribeLicenceNotifications(deps: {
  db: Db;
  events: EventSubscriber<LicencesEvents>;
  service: NotificationsService;
}) {
  const { db, events, service } = deps;

  async function tell(
    lineId: number,
    receiverUserId: number,
    type: string,
    params: Record<string, string | number>,
    idempotencyKey: string,
    sender?: number,
  ) {
    const line = await describeLineParties(db, lineId);
    if (!line) return;
    await service.notify({
      receiverUserId,
      module: 'content_request',
      type,
      moduleItemId: line.lineId,
      ...(sender === undefined ? {} : { sender: { userId: sender } }),
      params: { request_name: line.title, request_reference: line.reference, ...params },
      idempotencyKey,
    });
  }

  events.on('licence.expiring', 'notifications.licence-expiring', async (event) => {
    await setTwinklingFlag(db, event.advertiserUserId, 'twinkling_manage_content', true);
    await tell(
      event.lineId,
      event.advertiserUserId,
      'licence_expiring',
      { days_left: event.daysBefore, expiry_date: tunisDateOf(event.expiresAt) },
      `licence_expiring:${event.lineId}:${event.term}:${event.daysBefore}`,
    );
  });

  events.on('licence.expired', 'notifications.licence-expired', async (event) => {
    const params = { expiry_date: tunisDateOf(event.expiresAt) };
    await tell(
      event.lineId,
      event.advertiserUserId,
      'licence_expired',
      params,
      `licence_expired:${event.lineId}:${event.term}:advertiser`,
    );
    await tell(
      event.lineId,
      event.creatorUserId,
      'licence_expired_talent',
      params,
      `licence_expired:${event.lineId}:${event.term}:creator`,
    );
  });

  events.on('licence.renewed', 'notifications.licence-renewed', async (event) => {
    await setTwinklingFlag(db, event.creatorUserId, 'twinkling_get_paid', true);
    await tell(
      event.lineId,
      event.creatorUserId,
      'licence_renewed',
      { expiry_date: event.expiresAt ? tunisDateOf(event.expiresAt) : '' },
      `licence_renewed:${event.lineId}:${event.term}`,
      event.advertiserUserId,
    );
  });
}

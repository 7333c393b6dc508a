import type { Db } from '../../platform/db/client.js';
import type { EventMeta } from '../../platform/events/event-bus.js';
import { setTwinklingFlag } from '../users/index.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * A card payment that arrived when its purchase could no longer use it (a request's line, an
 * opportunity's fee or approval) stayed in the advertiser's wallet: they are told, and Track
 * Payments lights up, where the wallet's history lists the credit.
 */
export async function tellKeptInWallet(
  deps: { db: Db; service: NotificationsService },
  event: { advertiserUserId: number; paymentId: number; title: string },
  meta: EventMeta,
) {
  await setTwinklingFlag(deps.db, event.advertiserUserId, 'twinkling_trak_payment', true);
  await deps.service.notify({
    receiverUserId: event.advertiserUserId,
    module: 'payment',
    type: 'payment_kept_in_wallet',
    moduleItemId: event.paymentId,
    params: { request_name: event.title },
    idempotencyKey: `${meta.eventId}:${event.advertiserUserId}:payment_kept_in_wallet`,
  });
}

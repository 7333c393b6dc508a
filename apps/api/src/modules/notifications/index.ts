import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import { notificationTemplates } from './notification-templates.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { createNotificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

export type { NotifyInput, NotifyResult, NotificationsService } from './notifications.service.js';
export { notificationTemplates, type NotificationTemplate } from './notification-templates.js';

/** Spec §9: "Creator payment within 20 days after approval (notification text)". */
const DEFAULT_PAYMENT_DELAY_DAYS = 20;

/**
 * The creator payout delay, when the configuration defines one (DESIGN §4: one setting read by
 * the notification and help texts); the spec's 20 days otherwise.
 */
function readPaymentDelayDays(env: Env): number {
  const settings = env as unknown as Record<string, unknown>;
  for (const key of ['CREATOR_PAYOUT_DELAY_DAYS', 'PAYOUT_DELAY_DAYS', 'PAYMENT_DELAY_DAYS']) {
    const value = Number(settings[key]);
    if (Number.isInteger(value) && value > 0) return value;
  }
  return DEFAULT_PAYMENT_DELAY_DAYS;
}

export function createNotificationsModule(deps: {
  db: Db;
  env: Env;
  mailer: Mailer;
  realtime: RealtimeHub;
}) {
  const service = createNotificationsService({
    repository: createNotificationsRepository(deps.db),
    mailer: deps.mailer,
    realtime: deps.realtime,
    publicUrl: deps.env.PUBLIC_URL ?? `http://localhost:${deps.env.PORT}`,
    paymentDelayDays: readPaymentDelayDays(deps.env),
  });
  return {
    routes: createNotificationsRoutes(service),
    /** The one entry point other modules use to notify a user. */
    notify: service.notify,
    deleteNotification: service.deleteNotification,
    service,
  };
}

/** Inserts or updates every notification template of spec §4 (run at every start). */
export async function seedNotificationTemplates(db: Db): Promise<void> {
  await createNotificationsRepository(db).upsertTemplates(notificationTemplates);
}

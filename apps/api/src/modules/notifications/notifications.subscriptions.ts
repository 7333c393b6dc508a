import type { EventMeta, EventSubscriber } from '../../platform/events/event-bus.js';
import type { CreatorValidationEvents } from '../creator-validation/index.js';
import type { LedgerEvents } from '../ledger/index.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * Notifications are side effects of other modules' events: no module imports notifications
 * to notify. Each handler passes an idempotency key made of the event and the receiver, so a
 * redelivered event notifies nobody twice.
 */
export function subscribeNotifications(deps: {
  events: EventSubscriber<CreatorValidationEvents & LedgerEvents>;
  service: NotificationsService;
  listAdminUserIds(): Promise<number[]>;
}) {
  const { events, service } = deps;
  const once = (meta: EventMeta, receiverUserId: number) => `${meta.eventId}:${receiverUserId}`;

  events.on('creator-validation.pending', 'notifications.account-pending', async (event, meta) => {
    if (event.isResubmission) return;
    await service.notify({
      receiverUserId: event.userId,
      module: 'account',
      type: 'account_pending_validation',
      idempotencyKey: once(meta, event.userId),
    });
  });

  events.on(
    'creator-validation.validated',
    'notifications.account-validated',
    async (event, meta) => {
      await service.notify({
        receiverUserId: event.userId,
        module: 'account',
        type: 'account_validated',
        idempotencyKey: once(meta, event.userId),
      });
    },
  );

  events.on(
    'creator-validation.rejected',
    'notifications.account-rejected',
    async (event, meta) => {
      await service.notify({
        receiverUserId: event.userId,
        module: 'account',
        type: 'account_rejected',
        params: { reason: event.reason },
        idempotencyKey: once(meta, event.userId),
      });
    },
  );

  events.on(
    'creator-validation.reminder-due',
    'notifications.creators-pending-reminder',
    async (event, meta) => {
      for (const adminUserId of await deps.listAdminUserIds()) {
        await service.notify({
          receiverUserId: adminUserId,
          module: 'account',
          type: 'creators_pending_validation',
          params: { waiting_count: event.waitingCount },
          idempotencyKey: once(meta, adminUserId),
        });
      }
    },
  );

  events.on('ledger.out-of-balance', 'notifications.ledger-out-of-balance', async (event, meta) => {
    for (const adminUserId of await deps.listAdminUserIds()) {
      await service.notify({
        receiverUserId: adminUserId,
        module: 'payment',
        type: 'ledger_out_of_balance',
        params: {
          account_count: event.accountIds.length,
          transaction_count: event.transactionIds.length,
        },
        idempotencyKey: once(meta, adminUserId),
      });
    }
  });
}

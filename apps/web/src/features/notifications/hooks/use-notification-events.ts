import { NOTIFICATION_TOAST_MS } from '@clipmarket/contracts/notification-limits';
import { toasts } from '../../../lib/toasts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { meQueryKey } from '../../../lib/me';
import { adminCreatorsQueryRoot } from '../../../lib/pending-creators';
import { useRealtimeEvent } from '../../../lib/realtime';
import { twinklingQueryKey } from '../../../lib/twinkling';
import {
  fetchNotifications,
  notificationsQueryKey,
  notificationsQueryRoot,
} from '../api/get-notifications';
import { removeNotification, type NotificationsCache } from '../utils/notifications-cache';
import { truncateNotificationText } from '../utils/truncate-notification-text';

/** One toast at a time (spec §2); the bell hides it once the list is open. */
export const NEW_NOTIFICATION_TOAST_ID = 'new-notification';

/**
 * Notifications that tell the screen something it shows has changed: their arrival refetches
 * those queries, so e.g. the creator's "pending validation" banner goes without a reload.
 */
const staleQueriesByType: Readonly<Record<string, readonly (readonly unknown[])[]>> = {
  account_validated: [meQueryKey],
  account_rejected: [meQueryKey],
  creators_pending_validation: [adminCreatorsQueryRoot],
  // Content requests: the menu item behind them highlights (spec §3 "Twinkling flags").
  new_content_request: [twinklingQueryKey],
  request_accepted: [twinklingQueryKey],
  request_declined: [twinklingQueryKey],
};

/**
 * Live updates of the bell: a new notification refreshes the list and counter and shows one
 * toast with a sound (spec §2: one at a time, 80 s); a deleted one leaves the list (spec §4).
 */
export function useNotificationEvents(language: string) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();

  useRealtimeEvent('new_notification', ({ notification_hash }) => {
    void (async () => {
      // The chime's code comes with the first notification, while its text is fetched: no
      // first screen plays it. Not fetched, no chime: the toast alone is enough.
      const sound = import('../utils/play-notification-sound').catch(() => null);
      const key = notificationsQueryKey(language);
      // Other languages' caches are stale too; only the visible one refetches now.
      await queryClient.invalidateQueries({
        queryKey: notificationsQueryRoot,
        refetchType: 'none',
      });
      await queryClient.refetchQueries({ queryKey: key });
      let item = queryClient
        .getQueryData<NotificationsCache>(key)
        ?.pages[0]?.data.find((i) => i.notification_hash === notification_hash);
      if (!item) {
        const first = await fetchNotifications(1, language).catch(() => null);
        item = first?.data.find((i) => i.notification_hash === notification_hash);
      }
      for (const queryKey of (item && staleQueriesByType[item.notification_type]) ?? []) {
        void queryClient.invalidateQueries({ queryKey });
      }
      // Replaces the previous notification's toast only, and yields to the answer to what the
      // person just did ("Application approved successfully!"), shown first (one toast at a time,
      // app/providers.tsx): this one waits, rather than the answer behind its 80 seconds.
      toasts.hide(NEW_NOTIFICATION_TOAST_ID);
      toasts.show({
        id: NEW_NOTIFICATION_TOAST_ID,
        priority: -1,
        title: t('toast.title'),
        message: item ? truncateNotificationText(item.content) : t('toast.fallback'),
        color: 'violet',
        autoClose: NOTIFICATION_TOAST_MS,
        withCloseButton: true,
      });
      (await sound)?.playNotificationSound();
    })();
  });

  useRealtimeEvent('notification_deleted', ({ notification_hash }) => {
    queryClient.setQueriesData<NotificationsCache>({ queryKey: notificationsQueryRoot }, (cache) =>
      cache ? removeNotification(cache, notification_hash) : cache,
    );
  });
}

import type { NotificationListResponse } from '@clipmarket/contracts/notifications';
import type { InfiniteData } from '@tanstack/react-query';

export type NotificationsCache = InfiniteData<NotificationListResponse, number>;

function withAttributes(
  cache: NotificationsCache,
  change: (a: NotificationListResponse['attributes']) => NotificationListResponse['attributes'],
  pages: NotificationListResponse[] = cache.pages,
): NotificationsCache {
  return {
    ...cache,
    pages: pages.map((page) => ({ ...page, attributes: change(page.attributes) })),
  };
}

const isUnread = (cache: NotificationsCache, hash: string) =>
  cache.pages.some((page) =>
    page.data.some((i) => i.notification_hash === hash && i.notification_status === 'Not read'),
  );

/** Spec §4: "Not read becomes Read when opened; unread counter drops by one". */
export function markNotificationRead(cache: NotificationsCache, hash: string): NotificationsCache {
  if (!isUnread(cache, hash)) return cache;
  const pages = cache.pages.map((page) => ({
    ...page,
    data: page.data.map((item) =>
      item.notification_hash === hash ? { ...item, notification_status: 'Read' as const } : item,
    ),
  }));
  return withAttributes(cache, (a) => ({ ...a, count: Math.max(0, a.count - 1) }), pages);
}

/** Spec §4: "an item deleted elsewhere is removed from the list". */
export function removeNotification(cache: NotificationsCache, hash: string): NotificationsCache {
  const present = cache.pages.some((page) => page.data.some((i) => i.notification_hash === hash));
  if (!present) return cache;
  const wasUnread = isUnread(cache, hash);
  const pages = cache.pages.map((page) => ({
    ...page,
    data: page.data.filter((item) => item.notification_hash !== hash),
  }));
  return withAttributes(
    cache,
    (a) => ({
      ...a,
      count: wasUnread ? Math.max(0, a.count - 1) : a.count,
      total: Math.max(0, a.total - 1),
    }),
    pages,
  );
}

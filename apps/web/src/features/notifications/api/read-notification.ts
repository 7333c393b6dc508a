import type { NotificationReadResponse } from '@clipmarket/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markNotificationRead, type NotificationsCache } from '../utils/notifications-cache';
import { notificationsQueryRoot } from './get-notifications';

/** GET /v2/notification/{notification_hash}/read (spec §7). */
export async function readNotification(hash: string): Promise<NotificationReadResponse['data']> {
  const body = await apiRequest<NotificationReadResponse>(
    `/notification/${encodeURIComponent(hash)}/read`,
  );
  return body.data;
}

/** On 200 the item turns Read and the unread counter drops by one, in every cached language. */
export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSuccess: (_data, hash) => {
      queryClient.setQueriesData<NotificationsCache>(
        { queryKey: notificationsQueryRoot },
        (cache) => (cache ? markNotificationRead(cache, hash) : cache),
      );
    },
  });
}

import { NOTIFICATIONS_PAGE_SIZE } from '@clipmarket/contracts/notification-limits';
import type { NotificationListResponse } from '@clipmarket/contracts/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useFirstPaintDone } from '../../../lib/first-paint';
import { readTokens } from '../../../lib/session';

/** Every notification query starts with this key; the language is part of it (rendered text). */
export const notificationsQueryRoot = ['notifications'] as const;
export const notificationsQueryKey = (language: string) =>
  [...notificationsQueryRoot, language] as const;

/** GET /v2/notifications?page={n}&limit=8 (spec §7). */
export function fetchNotifications(
  page: number,
  language: string,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  const query = new URLSearchParams({
    page: String(page),
    limit: String(NOTIFICATIONS_PAGE_SIZE),
    lang: language,
  });
  return apiRequest<NotificationListResponse>(`/notifications?${query.toString()}`, { signal });
}

export function getNextNotificationsPage(lastPage: NotificationListResponse): number | undefined {
  const { page, limit, total } = lastPage.attributes;
  return page * limit < total ? page + 1 : undefined;
}

/**
 * The bell's list, 8 per page, and (from the first page) the unread counter; asked for once
 * the first screen is painted (lib/first-paint.ts).
 */
export function useNotifications(language: string) {
  const painted = useFirstPaintDone();
  return useInfiniteQuery({
    queryKey: notificationsQueryKey(language),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, language, signal),
    initialPageParam: 1,
    getNextPageParam: getNextNotificationsPage,
    enabled: painted && readTokens() !== null,
    staleTime: 60_000,
  });
}

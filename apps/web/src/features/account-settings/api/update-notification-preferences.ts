import type { NotificationPreferencesBody } from '@clipmarket/contracts/profile';
import type { Me } from '@clipmarket/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

/** PUT /v2/user/notifications-preferences (spec §7); answers the updated user. */
export async function updateNotificationPreferences(
  input: NotificationPreferencesBody,
): Promise<Me> {
  const body = await apiRequest<{ data: Me }>('/user/notifications-preferences', {
    method: 'PUT',
    body: input,
  });
  return body.data;
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

import type { BusinessSettingKey } from '@clipmarket/contracts/business-settings';
import type { BusinessSetting, BusinessSettingChange } from '@clipmarket/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const root = ['admin', 'business-settings'] as const;

/** GET /v2/admin/settings (ADMIN): every setting with its value, default and bounds. */
export function useBusinessSettings() {
  return useQuery({
    queryKey: [...root, 'list'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: BusinessSetting[] }>('/admin/settings', { signal })).data,
  });
}

/** GET /v2/admin/settings/audit (ADMIN): the latest changes, newest first. */
export function useBusinessSettingChanges() {
  return useQuery({
    queryKey: [...root, 'audit'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { items: BusinessSettingChange[] } }>(
          '/admin/settings/audit?limit=20',
          { signal },
        )
      ).data.items,
  });
}

/** PUT /v2/admin/settings/{key} (ADMIN): one value, within its bounds; audited. */
export function useUpdateBusinessSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { key: BusinessSettingKey; value: number }) =>
      (
        await apiRequest<{ data: BusinessSetting }>(`/admin/settings/${input.key}`, {
          method: 'PUT',
          body: { value: input.value },
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

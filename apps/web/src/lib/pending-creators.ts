import type { AdminCreatorsResponse } from '@clipmarket/contracts/creator-validation';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * Every query about creator accounts under review starts with this key: the admin page's lists
 * and the pending count of the admins' menu badge. A validation, a rejection or the
 * `creators_pending_validation` notification invalidates them all at once.
 */
export const adminCreatorsQueryRoot = ['admin-creators'] as const;
export const pendingCreatorsCountQueryKey = [...adminCreatorsQueryRoot, 'pending-count'] as const;

/** GET /v2/admin/creators?state=pending&limit=1, read for its `pending_count` only. */
export async function getPendingCreatorsCount(signal?: AbortSignal): Promise<number> {
  const body = await apiRequest<AdminCreatorsResponse>('/admin/creators?state=pending&limit=1', {
    signal,
  });
  return body.data.pending_count;
}

/** The number of creator accounts waiting for validation (admins' menu badge). */
export function usePendingCreatorsCount(enabled: boolean) {
  return useQuery({
    queryKey: pendingCreatorsCountQueryKey,
    queryFn: ({ signal }) => getPendingCreatorsCount(signal),
    enabled,
    staleTime: 60_000,
  });
}

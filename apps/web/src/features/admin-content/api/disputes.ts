import type { AdminDispute } from '@clipmarket/contracts/content-delivery';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_QUEUE_PAGE_SIZE } from './publications';

export type { AdminDispute };

export const adminDisputesQueryKey = ['admin-content', 'disputes'] as const;

interface DisputesPage {
  data: AdminDispute[];
  next_after: number | null;
}

/** GET /v2/admin/disputes?after=&limit= (ADMIN): disputed rejections, oldest first. */
export async function getAdminDisputes(
  after: number | null,
  signal?: AbortSignal,
): Promise<DisputesPage> {
  const query = new URLSearchParams({ limit: String(ADMIN_QUEUE_PAGE_SIZE) });
  if (after !== null) query.set('after', String(after));
  return apiRequest<DisputesPage>(`/admin/disputes?${query.toString()}`, { signal });
}

export function useAdminDisputes() {
  return useInfiniteQuery({
    queryKey: adminDisputesQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminDisputes(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.next_after ?? undefined,
  });
}

export type DisputeDecision =
  { decision: 'approve'; reason?: string } | { decision: 'uphold'; reason: string };

/** POST /v2/admin/disputes/{content_request_influencer_id} (ADMIN): settles one dispute. */
export async function decideDispute(variables: { lineId: number; body: DisputeDecision }) {
  const answer = await apiRequest<{
    data: { content_request_influencer_id: number; line_state: string };
  }>(`/admin/disputes/${variables.lineId}`, { method: 'POST', body: variables.body });
  return answer.data;
}

export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDispute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDisputesQueryKey }),
  });
}

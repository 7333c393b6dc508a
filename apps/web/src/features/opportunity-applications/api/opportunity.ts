import type { Opportunity } from '@clipmarket/contracts/opportunities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every query of this feature: a new notification (an application came in) refreshes them. */
export const opportunityApplicationsQueryRoot = ['opportunity-applications'] as const;
export const opportunityQueryKey = (id: number) =>
  [...opportunityApplicationsQueryRoot, 'opportunity', id] as const;

/** GET /v2/opportunities/:id: the opportunity as its advertiser sees it. */
export async function getOpportunity(id: number, signal?: AbortSignal): Promise<Opportunity> {
  const body = await apiRequest<{ data: Opportunity }>(`/opportunities/${id}`, { signal });
  return body.data;
}

export function useOpportunity(id: number | null) {
  return useQuery({
    queryKey: opportunityQueryKey(id ?? 0),
    queryFn: ({ signal }) => getOpportunity(id!, signal),
    enabled: id !== null,
  });
}

/** POST /v2/opportunities/:id/stop-applications: live → ongoing, once a creator is accepted. */
export async function stopApplications(id: number): Promise<Opportunity> {
  const body = await apiRequest<{ data: Opportunity }>(`/opportunities/${id}/stop-applications`, {
    method: 'POST',
  });
  return body.data;
}

/** POST /v2/opportunities/:id/close {reason}: before any creator is accepted. */
export async function closeOpportunity(id: number, reason: string): Promise<Opportunity> {
  const body = await apiRequest<{ data: Opportunity }>(`/opportunities/${id}/close`, {
    method: 'POST',
    body: { reason },
  });
  return body.data;
}

/** The new opportunity replaces the old; its applications change too (the open ones close). */
function useOpportunityChange<V>(id: number, change: (variables: V) => Promise<Opportunity>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (opportunity) => {
      queryClient.setQueryData(opportunityQueryKey(id), opportunity);
      void queryClient.invalidateQueries({ queryKey: opportunityApplicationsQueryRoot });
    },
  });
}

export function useStopApplications(id: number) {
  return useOpportunityChange(id, () => stopApplications(id));
}

export function useCloseOpportunity(id: number) {
  return useOpportunityChange(id, (reason: string) => closeOpportunity(id, reason));
}

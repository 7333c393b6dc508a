import type {
  AdminOpportunity,
  AdminOpportunityDetail,
  AdminOpportunityFilter,
} from '@clipmarket/contracts/admin-opportunities';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { AdminOpportunity, AdminOpportunityDetail, AdminOpportunityFilter };

/** Opportunities shown per "Load more". */
export const ADMIN_OPPORTUNITIES_PAGE_SIZE = 20;

export const adminOpportunitiesKey = ['admin-opportunities'] as const;

interface OpportunitiesPage {
  data: AdminOpportunity[];
  next_before: number | null;
}

/**
 * GET /v2/admin/opportunities?filter=&search=&before=&limit= (ADMIN): every advertiser's
 * opportunities, newest first.
 */
export async function getAdminOpportunities(
  filter: AdminOpportunityFilter,
  search: string,
  before: number | null,
  signal?: AbortSignal,
): Promise<OpportunitiesPage> {
  const query = new URLSearchParams({ filter, limit: String(ADMIN_OPPORTUNITIES_PAGE_SIZE) });
  if (search) query.set('search', search);
  if (before !== null) query.set('before', String(before));
  return apiRequest<OpportunitiesPage>(`/admin/opportunities?${query.toString()}`, { signal });
}

export function useAdminOpportunities(filter: AdminOpportunityFilter, search: string) {
  return useInfiniteQuery({
    queryKey: [...adminOpportunitiesKey, 'list', filter, search],
    queryFn: ({ pageParam, signal }) => getAdminOpportunities(filter, search, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
    // A new search keeps the last results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/admin/opportunities/{content_opportunity_id} (ADMIN): with applications and lines. */
export async function getAdminOpportunity(id: number, signal?: AbortSignal) {
  const answer = await apiRequest<{ data: AdminOpportunityDetail }>(`/admin/opportunities/${id}`, {
    signal,
  });
  return answer.data;
}

export function useAdminOpportunity(id: number, enabled = true) {
  return useQuery({
    queryKey: [...adminOpportunitiesKey, 'detail', id],
    queryFn: ({ signal }) => getAdminOpportunity(id, signal),
    enabled,
  });
}

/** POST /v2/admin/opportunities/{content_opportunity_id}/close (ADMIN), with the reason. */
export async function closeAdminOpportunity(variables: { id: number; reason: string }) {
  const answer = await apiRequest<{ data: AdminOpportunityDetail }>(
    `/admin/opportunities/${variables.id}/close`,
    { method: 'POST', body: { reason: variables.reason } },
  );
  return answer.data;
}

export function useCloseAdminOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAdminOpportunity,
    onSuccess: (detail) =>
      queryClient.setQueryData(
        [...adminOpportunitiesKey, 'detail', detail.content_opportunity_id],
        detail,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOpportunitiesKey }),
  });
}

import type { AdminPublicationLink } from '@clipmarket/contracts/content-delivery';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { AdminPublicationLink };

/** Links shown per "Load more". */
export const ADMIN_QUEUE_PAGE_SIZE = 20;

export const adminPublicationsQueryKey = ['admin-content', 'publications'] as const;

interface PublicationsPage {
  data: AdminPublicationLink[];
  next_after: number | null;
}

/** GET /v2/admin/publications?after=&limit= (ADMIN): links waiting for a decision, oldest first. */
export async function getAdminPublications(
  after: number | null,
  signal?: AbortSignal,
): Promise<PublicationsPage> {
  const query = new URLSearchParams({ limit: String(ADMIN_QUEUE_PAGE_SIZE) });
  if (after !== null) query.set('after', String(after));
  return apiRequest<PublicationsPage>(`/admin/publications?${query.toString()}`, { signal });
}

export function useAdminPublications() {
  return useInfiniteQuery({
    queryKey: adminPublicationsQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminPublications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.next_after ?? undefined,
  });
}

export type LinkDecision = { decision: 'approve' } | { decision: 'decline'; reason: string };

/** POST /v2/admin/publications/links/{link_id} (ADMIN): approves or declines one link. */
export async function decideLink(variables: { linkId: number; body: LinkDecision }) {
  const answer = await apiRequest<{
    data: { content_request_influencer_id: number; line_state: string };
  }>(`/admin/publications/links/${variables.linkId}`, { method: 'POST', body: variables.body });
  return answer.data;
}

/** The queue is refreshed afterwards, also after a 409 (another admin decided first). */
export function useDecideLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPublicationsQueryKey }),
  });
}

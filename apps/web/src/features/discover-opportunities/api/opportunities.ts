import type {
  ApplicationBody,
  OpportunityCard,
  OpportunityDetail,
  OwnApplication,
} from '@clipmarket/contracts/opportunities';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OpportunitySearch, toApiQuery } from '../filter-state';

export type { OpportunityCard, OpportunityDetail, OwnApplication };

/** Every query of this feature: a new notification refreshes them all at once. */
export const opportunitiesQueryRoot = ['discover-opportunities'] as const;
export const cardsQueryRoot = [...opportunitiesQueryRoot, 'cards'] as const;
export const opportunityQueryKey = (id: number) => [...opportunitiesQueryRoot, 'one', id] as const;
export const applicationsQueryRoot = [...opportunitiesQueryRoot, 'applications'] as const;
export const applicationQueryKey = (id: number) => [...applicationsQueryRoot, 'one', id] as const;

export const CARDS_PAGE_SIZE = 20;

export interface OpportunityCardPage {
  data: OpportunityCard[];
  next_cursor: string | null;
}

/**
 * GET /v2/discover-opportunities: the live opportunities the creator matches, filtered (spec §3
 * campaign filter) and sorted, one page after the `cursor` of the previous one.
 */
export async function listOpportunityCards(
  search: OpportunitySearch,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OpportunityCardPage> {
  const query = toApiQuery(search);
  query.set('limit', String(CARDS_PAGE_SIZE));
  if (cursor !== null) query.set('cursor', cursor);
  return apiRequest<OpportunityCardPage>(`/discover-opportunities?${query.toString()}`, {
    signal,
  });
}

export function useOpportunityCards(search: OpportunitySearch) {
  return useInfiniteQuery({
    queryKey: [...cardsQueryRoot, search],
    queryFn: ({ pageParam, signal }) => listOpportunityCards(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/discover-opportunities/:id: the card, the brief and what applying asks. */
export async function getOpportunity(id: number, signal?: AbortSignal) {
  const body = await apiRequest<{ data: OpportunityDetail }>(`/discover-opportunities/${id}`, {
    signal,
  });
  return body.data;
}

export function useOpportunity(id: number) {
  return useQuery({
    queryKey: opportunityQueryKey(id),
    queryFn: ({ signal }) => getOpportunity(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST /v2/discover-opportunities/:id/interest: the creator opened "learn more" (204). */
export async function recordInterest(id: number): Promise<void> {
  await apiRequest<unknown>(`/discover-opportunities/${id}/interest`, { method: 'POST' });
}

/** POST /v2/discover-opportunities/:id/applications: 201 with the creator's application. */
export async function applyToOpportunity(id: number, body: ApplicationBody) {
  const answer = await apiRequest<{ data: OwnApplication }>(
    `/discover-opportunities/${id}/applications`,
    { method: 'POST', body },
  );
  return answer.data;
}

export function useApply(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationBody) => applyToOpportunity(id, body),
    onSuccess: (application) => {
      queryClient.setQueryData(
        applicationQueryKey(application.content_opportunity_influencer_id),
        application,
      );
      // The card now carries the application; the list of applications has one more.
      void queryClient.invalidateQueries({ queryKey: opportunityQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: cardsQueryRoot });
      void queryClient.invalidateQueries({ queryKey: [...applicationsQueryRoot, 'list'] });
    },
  });
}

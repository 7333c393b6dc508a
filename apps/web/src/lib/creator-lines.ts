import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import type { CreatorRequestFilter } from '@clipmarket/contracts/workflows/content-request-line';
import type { OpportunityContentFilter } from '@clipmarket/contracts/workflows/opportunity-application';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useRealtimeEvent } from './realtime';

export type { CreatorLine };

export interface CreatorLinesPage {
  data: CreatorLine[];
  next_before: number | null;
}

export const CREATOR_LINES_PER_PAGE = 20;

/**
 * Which of the creator's lines to list (ADR 035): a content request's lines by a spec §4
 * creator filter (Accept Requests, Make Content), or an opportunity's by the spec §4 content
 * status filter (Track Content).
 */
export type CreatorLinesQuery =
  | { source: 'content-request'; filter: CreatorRequestFilter }
  | { source: 'opportunity'; content_filter: OpportunityContentFilter };

/** A request's lines by a creator filter (the Accept Requests and Make Content lists). */
export const requestLines = (filter: CreatorRequestFilter): CreatorLinesQuery => ({
  source: 'content-request',
  filter,
});

/** An opportunity's lines by a content status filter (the Track Content list). */
export const opportunityLines = (content_filter: OpportunityContentFilter): CreatorLinesQuery => ({
  source: 'opportunity',
  content_filter,
});

/**
 * Every query of the creator's lines, whatever their source: a new notification, an answer or
 * an upload refreshes them all.
 */
export const creatorLinesQueryRoot = ['creator-lines'] as const;
export const creatorLinesListRoot = [...creatorLinesQueryRoot, 'list'] as const;
export const creatorLinesQueryKey = (query: CreatorLinesQuery) =>
  [
    ...creatorLinesListRoot,
    query.source,
    query.source === 'opportunity' ? query.content_filter : query.filter,
  ] as const;

/**
 * GET /v2/content-request-influencers: the creator's own lines of one source, newest first, by
 * its filter; `before` (the last id of the previous page) pages on. A request's lines are the
 * API's default source (no `source` parameter).
 */
export async function getCreatorLines(
  query: CreatorLinesQuery,
  before: number | null,
  signal?: AbortSignal,
): Promise<CreatorLinesPage> {
  const params =
    query.source === 'opportunity'
      ? new URLSearchParams({ source: 'opportunity', content_filter: query.content_filter })
      : new URLSearchParams({ filter: query.filter });
  params.set('limit', String(CREATOR_LINES_PER_PAGE));
  if (before !== null) params.set('before', String(before));
  return apiRequest<CreatorLinesPage>(`/content-request-influencers?${params.toString()}`, {
    signal,
  });
}

export function useCreatorLines(query: CreatorLinesQuery) {
  return useInfiniteQuery({
    queryKey: creatorLinesQueryKey(query),
    queryFn: ({ pageParam, signal }) => getCreatorLines(query, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

/**
 * Lines change on the other side (a new request, a cancellation, a review, an expiry): each
 * comes with a notification, so a new one pushed to the creator refreshes their lists and the
 * open line, whatever its source.
 */
export function useLiveLines() {
  const queryClient = useQueryClient();
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: creatorLinesQueryRoot });
  });
}

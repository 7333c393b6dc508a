import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import type { CreatorRequestFilter } from '@clipmarket/contracts/workflows/content-request-line';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { CreatorLine };

export interface CreatorLinesPage {
  data: CreatorLine[];
  next_before: number | null;
}

export const CREATOR_LINES_PER_PAGE = 20;

/** Every query of this feature: a new notification or an answer refreshes them all. */
export const creatorLinesQueryRoot = ['creator-lines'] as const;
export const creatorLinesListRoot = [...creatorLinesQueryRoot, 'list'] as const;
export const creatorLinesQueryKey = (filter: CreatorRequestFilter) =>
  [...creatorLinesListRoot, filter] as const;

/**
 * GET /v2/content-request-influencers: the creator's own request lines, newest first, by a
 * spec §4 filter; `before` (the last id of the previous page) pages on.
 */
export async function getCreatorLines(
  filter: CreatorRequestFilter,
  before: number | null,
  signal?: AbortSignal,
): Promise<CreatorLinesPage> {
  const params = new URLSearchParams({ filter, limit: String(CREATOR_LINES_PER_PAGE) });
  if (before !== null) params.set('before', String(before));
  return apiRequest<CreatorLinesPage>(`/content-request-influencers?${params.toString()}`, {
    signal,
  });
}

export function useCreatorLines(filter: CreatorRequestFilter) {
  return useInfiniteQuery({
    queryKey: creatorLinesQueryKey(filter),
    queryFn: ({ pageParam, signal }) => getCreatorLines(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { creatorLinesQueryRoot } from '../../../lib/creator-lines';

/** One line as its creator sees it (`viewer: 'creator'`). */
export type CreatorLineView = CreatorLine & { viewer: 'creator' };

export const creatorLineQueryKey = (id: number) =>
  [...creatorLinesQueryRoot, 'detail', id] as const;

/** GET /v2/content-request-influencers/{id}: the line, its state and what the creator may do. */
export async function getCreatorLine(id: number, signal?: AbortSignal): Promise<CreatorLineView> {
  const body = await apiRequest<{ data: CreatorLineView }>(`/content-request-influencers/${id}`, {
    signal,
  });
  return body.data;
}

export function useCreatorLine(id: number | null) {
  return useQuery({
    queryKey: creatorLineQueryKey(id ?? 0),
    queryFn: ({ signal }) => getCreatorLine(id ?? 0, signal),
    enabled: id !== null,
  });
}

import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentRequestsQueryRoot } from './content-requests';

/**
 * GET /v2/content-requests/{id}/similar-creators: creators like those who let the request expire
 * or declined it, none of its own (issue 10 §5). Costs no search of the quota.
 */
export async function getSimilarCreators(
  contentRequestId: number,
  signal?: AbortSignal,
): Promise<InfluencerCard[]> {
  const body = await apiRequest<{ data: InfluencerCard[] }>(
    `/content-requests/${contentRequestId}/similar-creators`,
    { signal },
  );
  return body.data;
}

/** `enabled` once some creator will not make the video: before, nothing is offered. */
export function useSimilarCreators(contentRequestId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...contentRequestsQueryRoot, 'similar', contentRequestId],
    queryFn: ({ signal }) => getSimilarCreators(contentRequestId, signal),
    enabled,
  });
}

import type { interestSchema } from '@clipmarket/contracts/opportunities';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { opportunityApplicationsQueryRoot } from './opportunity';

export type Interest = z.infer<typeof interestSchema>;

export const interestsQueryKey = (opportunityId: number) =>
  [...opportunityApplicationsQueryRoot, 'interests', opportunityId] as const;

/** GET /v2/opportunities/:id/interests: the creators who opened "learn more". */
export async function listInterests(opportunityId: number, signal?: AbortSignal) {
  const body = await apiRequest<{ data: Interest[] }>(`/opportunities/${opportunityId}/interests`, {
    signal,
  });
  return body.data;
}

export function useInterests(opportunityId: number) {
  return useQuery({
    queryKey: interestsQueryKey(opportunityId),
    queryFn: ({ signal }) => listInterests(opportunityId, signal),
  });
}

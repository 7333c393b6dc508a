import type { GetStarted } from '@clipmarket/contracts/get-started';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getStartedQueryKey } from '../../../lib/page-seen';

/** GET /v2/get-started (creators): each onboarding step done or not, with where to go next. */
export function useGetStarted(enabled: boolean) {
  return useQuery({
    queryKey: getStartedQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: GetStarted }>('/get-started', { signal })).data,
    enabled,
    // Steps are done elsewhere (a request accepted, a video sent): read afresh on each visit.
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { fetchMe, meQueryKey } from './me-request';
import { readTokens } from './session';

export { fetchMe, meQueryKey };

/**
 * The signed-in user. Disabled without a stored token; a 401 surfaces as an ApiError with
 * status 401, which the shell turns into "Session expired" (spec §4 "Session").
 */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: readTokens() !== null,
    staleTime: 60_000,
  });
}

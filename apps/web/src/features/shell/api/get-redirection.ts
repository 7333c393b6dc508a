import { useQuery } from '@tanstack/react-query';
import { getRedirection, redirectionQueryKey } from './redirection-request';

export { getRedirection, redirectionQueryKey };

/**
 * Asked on every visit to home; the answer the warm start fetched a moment before
 * (app/warm-start.ts) is used rather than asked again.
 */
export function useRedirection(enabled: boolean) {
  return useQuery({
    queryKey: redirectionQueryKey,
    queryFn: ({ signal }) => getRedirection(signal),
    enabled,
    staleTime: 5_000,
  });
}

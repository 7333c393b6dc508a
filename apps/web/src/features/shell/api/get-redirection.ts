import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /v2/request/redirection (spec §7): where home sends the user. */
export async function getRedirection(signal?: AbortSignal): Promise<string | null> {
  const body = await apiRequest<{
    redirection?: string | null;
    data?: { redirection?: string | null };
  }>('/request/redirection', { signal });
  return body.redirection ?? body.data?.redirection ?? null;
}

export const redirectionQueryKey = ['redirection'] as const;

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

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

export function useRedirection(enabled: boolean) {
  return useQuery({
    queryKey: ['redirection'],
    queryFn: ({ signal }) => getRedirection(signal),
    enabled,
    staleTime: 0,
  });
}

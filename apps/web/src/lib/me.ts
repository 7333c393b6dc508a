import type { Me } from '@clipmarket/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { readTokens } from './session';

export const meQueryKey = ['me'] as const;

/** GET /v2/user/getMe (spec §7). */
export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const body = await apiRequest<{ data: Me }>('/user/getMe', { signal });
  return body.data;
}

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

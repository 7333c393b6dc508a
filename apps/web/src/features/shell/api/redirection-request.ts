import { apiRequest } from '../../../lib/api-client';

// The request apart from its hook (get-redirection.ts): the warm start asks for it from the
// first download, which so needs none of react-query's observers.

/** GET /v2/request/redirection (spec §7): where home sends the user. */
export async function getRedirection(signal?: AbortSignal): Promise<string | null> {
  const body = await apiRequest<{
    redirection?: string | null;
    data?: { redirection?: string | null };
  }>('/request/redirection', { signal });
  return body.redirection ?? body.data?.redirection ?? null;
}

export const redirectionQueryKey = ['redirection'] as const;

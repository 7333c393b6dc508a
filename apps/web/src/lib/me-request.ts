import type { Me } from '@clipmarket/contracts/users';
import { apiRequest } from './api-client';

/**
 * The request for the signed-in user, apart from its hook (me.ts): the warm start asks for it
 * from the first download, which so needs none of react-query's observers.
 */
export const meQueryKey = ['me'] as const;

/** GET /v2/user/getMe (spec §7). */
export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const body = await apiRequest<{ data: Me }>('/user/getMe', { signal });
  return body.data;
}

import type { TwinklingFlags } from '@clipmarket/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { twinklingQueryKey } from '../../../lib/twinkling';

export type TwinklingFlag = keyof TwinklingFlags;

/** GET /v2/request/get_twinkling/list (spec §3 "Twinkling flags"). */
export async function getTwinkling(signal?: AbortSignal): Promise<Partial<TwinklingFlags>> {
  const body = await apiRequest<{ data: TwinklingFlags }>('/request/get_twinkling/list', {
    signal,
  });
  return body.data ?? {};
}

/** Highlights are a nicety: a failure leaves the menu plain, never an error. */
export function useTwinkling(enabled: boolean) {
  return useQuery({
    queryKey: twinklingQueryKey,
    queryFn: ({ signal }) => getTwinkling(signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

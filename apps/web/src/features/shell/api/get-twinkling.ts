import type { TwinklingFlags } from '@clipmarket/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useFirstPaintDone } from '../../../lib/first-paint';
import { twinklingQueryKey } from '../../../lib/twinkling';

export type TwinklingFlag = keyof TwinklingFlags;

/** GET /v2/request/get_twinkling/list (spec §3 "Twinkling flags"). */
export async function getTwinkling(signal?: AbortSignal): Promise<Partial<TwinklingFlags>> {
  const body = await apiRequest<{ data: TwinklingFlags }>('/request/get_twinkling/list', {
    signal,
  });
  return body.data ?? {};
}

/**
 * Highlights are a nicety: a failure leaves the menu plain, never an error; asked for once the
 * first screen is painted (lib/first-paint.ts).
 */
export function useTwinkling(enabled: boolean) {
  const painted = useFirstPaintDone();
  return useQuery({
    queryKey: twinklingQueryKey,
    queryFn: ({ signal }) => getTwinkling(signal),
    enabled: enabled && painted,
    staleTime: 60_000,
    retry: false,
  });
}

import type { creatorPayoutsResponseSchema } from '@clipmarket/contracts/payouts';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreatorPayouts = z.infer<typeof creatorPayoutsResponseSchema>['data'];

export const PAYOUTS_PER_PAGE = 20;
export const payoutsQueryKey = ['payouts', 'mine'] as const;

/** GET /v2/payouts (TALENT): totals, how the creator is paid, payouts newest first by page. */
export async function getPayouts(before: number | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAYOUTS_PER_PAGE) });
  if (before !== null) params.set('before', String(before));
  const body = await apiRequest<{ data: CreatorPayouts }>(`/payouts?${params.toString()}`, {
    signal,
  });
  return body.data;
}

export function usePayouts() {
  return useInfiniteQuery({
    queryKey: payoutsQueryKey,
    queryFn: ({ pageParam, signal }) => getPayouts(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

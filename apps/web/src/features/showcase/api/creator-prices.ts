import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { RateCardEntry };
export type VideoLength = RateCardEntry['video_duration'];

/** The lengths a rate card prices, in seconds (contracts' `videoDurations`, without zod). */
export const videoLengths: readonly VideoLength[] = [15, 30, 60];

/** PUT /v2/influencer/prices: a price in millimes per length; null is the suggested price. */
export type RateCardPrices = Record<`${VideoLength}`, number | null>;

export const ownRateCardQueryKey = ['showcase', 'rate-card', 'me'] as const;

/** GET /v2/influencer/prices: the creator's own rate card. */
export async function getOwnRateCard(signal?: AbortSignal): Promise<RateCardEntry[]> {
  const body = await apiRequest<{ data: { rate_card: RateCardEntry[] } }>('/influencer/prices', {
    signal,
  });
  return body.data.rate_card;
}

export async function updateOwnRateCard(prices: RateCardPrices): Promise<RateCardEntry[]> {
  const body = await apiRequest<{ data: { rate_card: RateCardEntry[] } }>('/influencer/prices', {
    method: 'PUT',
    body: { prices },
  });
  return body.data.rate_card;
}

export function useOwnRateCard(enabled = true) {
  return useQuery({
    queryKey: ownRateCardQueryKey,
    queryFn: ({ signal }) => getOwnRateCard(signal),
    enabled,
  });
}

export function useUpdateOwnRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnRateCard,
    onSuccess: (card) => queryClient.setQueryData(ownRateCardQueryKey, card),
  });
}

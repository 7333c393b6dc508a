import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownRateCardQueryKey } from '../../../lib/own-rate-card';

export type { RateCardEntry };
export { getOwnRateCard, ownRateCardQueryKey, useOwnRateCard } from '../../../lib/own-rate-card';
export type VideoLength = RateCardEntry['video_duration'];

/** The lengths a rate card prices, in seconds (contracts' `videoDurations`, without zod). */
export const videoLengths: readonly VideoLength[] = [15, 30, 60];

/** PUT /v2/influencer/prices: a price in millimes per length; null is the suggested price. */
export type RateCardPrices = Record<`${VideoLength}`, number | null>;

export async function updateOwnRateCard(prices: RateCardPrices): Promise<RateCardEntry[]> {
  const body = await apiRequest<{ data: { rate_card: RateCardEntry[] } }>('/influencer/prices', {
    method: 'PUT',
    body: { prices },
  });
  return body.data.rate_card;
}

export function useUpdateOwnRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnRateCard,
    onSuccess: (card) => queryClient.setQueryData(ownRateCardQueryKey, card),
  });
}

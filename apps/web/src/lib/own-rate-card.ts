import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The signed-in creator's own rate card (GET /v2/influencer/prices), read by their showcase
 * (where they edit it) and by an opportunity's application (its price starts from it).
 */
export type { RateCardEntry };

export const ownRateCardQueryKey = ['showcase', 'rate-card', 'me'] as const;

/** GET /v2/influencer/prices: the creator's own rate card. */
export async function getOwnRateCard(signal?: AbortSignal): Promise<RateCardEntry[]> {
  const body = await apiRequest<{ data: { rate_card: RateCardEntry[] } }>('/influencer/prices', {
    signal,
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

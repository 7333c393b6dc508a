import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { RateCardEntry };

export const creatorRateCardQueryRoot = ['discovery', 'rate-card'] as const;

/** GET /v2/influencer/{influencer_id}/prices: a validated creator's price per video length. */
export async function getCreatorRateCard(
  influencerId: string,
  signal?: AbortSignal,
): Promise<RateCardEntry[]> {
  const body = await apiRequest<{ data: { rate_card: RateCardEntry[] } }>(
    `/influencer/${influencerId}/prices`,
    { signal },
  );
  return body.data.rate_card;
}

export function useCreatorRateCard(influencerId: string, enabled = true) {
  return useQuery({
    queryKey: [...creatorRateCardQueryRoot, influencerId],
    queryFn: ({ signal }) => getCreatorRateCard(influencerId, signal),
    enabled,
  });
}

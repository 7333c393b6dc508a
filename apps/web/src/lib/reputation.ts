import {
  REPUTATION_BATCH_MAX,
  type AdvertiserReputation,
  type CreatorReputation,
} from '@clipmarket/contracts/reputation';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * Measured reputation (issue 27 §2): a creator's figures, and advertisers' — shown to creators
 * on requests and opportunities, one request per screen however many cards it shows.
 */

/** Figures change slowly (a review, a payment): five minutes fresh is plenty. */
const STALE_MS = 5 * 60_000;

/** GET /v2/reputation/creators/{influencer_id}. */
export async function getCreatorReputation(influencerId: number, signal?: AbortSignal) {
  const body = await apiRequest<{ data: CreatorReputation }>(
    `/reputation/creators/${influencerId}`,
    { signal },
  );
  return body.data;
}

export function useCreatorReputation(influencerId: number) {
  return useQuery({
    queryKey: ['reputation', 'creator', influencerId] as const,
    queryFn: ({ signal }) => getCreatorReputation(influencerId, signal),
    staleTime: STALE_MS,
  });
}

/** GET /v2/reputation/advertisers?ids=…: the advertisers among `ids`, at most 50 at once. */
export async function getAdvertiserReputations(ids: readonly number[]) {
  const found = new Map<number, AdvertiserReputation>();
  for (let start = 0; start < ids.length; start += REPUTATION_BATCH_MAX) {
    const chunk = ids.slice(start, start + REPUTATION_BATCH_MAX);
    const body = await apiRequest<{ data: AdvertiserReputation[] }>(
      `/reputation/advertisers?ids=${chunk.join(',')}`,
    );
    for (const figures of body.data) found.set(figures.user_id, figures);
  }
  return found;
}

/**
 * The advertisers asked for during one tick, read in one batched request: a list of cards
 * each asking for its advertiser makes one call, not one per card.
 */
let pending: Map<
  number,
  Array<(figures: AdvertiserReputation | null, error?: unknown) => void>
> = new Map();
function loadAdvertiser(userId: number): Promise<AdvertiserReputation | null> {
  return new Promise((resolve, reject) => {
    if (pending.size === 0) {
      setTimeout(() => {
        const batch = pending;
        pending = new Map();
        getAdvertiserReputations([...batch.keys()]).then(
          (found) => {
            for (const [id, waiting] of batch) {
              for (const settle of waiting) settle(found.get(id) ?? null);
            }
          },
          (error: unknown) => {
            for (const waiting of batch.values()) for (const settle of waiting) settle(null, error);
          },
        );
      }, 0);
    }
    const waiting = pending.get(userId) ?? [];
    waiting.push((figures, error) => (error === undefined ? resolve(figures) : reject(error)));
    pending.set(userId, waiting);
  });
}

/** One advertiser's figures (null: not an advertiser any more), batched with the screen's others. */
export function useAdvertiserReputation(userId: number) {
  return useQuery({
    queryKey: ['reputation', 'advertiser', userId] as const,
    queryFn: () => loadAdvertiser(userId),
    staleTime: STALE_MS,
  });
}

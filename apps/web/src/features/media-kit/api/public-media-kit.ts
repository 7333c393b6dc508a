import type { PublicMediaKit } from '@clipmarket/contracts/media-kit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Types only from the contract: its schemas would bring zod into the public page's first load.

export const publicMediaKitQueryKey = (influencerName: string) =>
  ['media-kit', 'public', influencerName] as const;

/** The public page's address (spec §2), as `mediaKitPath` of the contract writes it. */
export const publicMediaKitPath = (influencerName: string) =>
  `/media_kit/${encodeURIComponent(influencerName)}`;

/**
 * GET /v2/media-kits/{influencer_name}, without the visitor's session: the page is the same for
 * everyone, and a signed-in reader's token has nothing to add to it.
 */
export const publicMediaKitQuery = (influencerName: string) =>
  queryOptions({
    queryKey: publicMediaKitQueryKey(influencerName),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: PublicMediaKit }>(
          `/media-kits/${encodeURIComponent(influencerName)}`,
          { signal, anonymous: true },
        )
      ).data,
    enabled: influencerName.length > 0,
    // A kit changes when it is rendered again, not while it is read; the answer of a renamed
    // creator's old address serves the new one without asking again.
    staleTime: 60_000,
  });

export function usePublicMediaKit(influencerName: string) {
  return useQuery(publicMediaKitQuery(influencerName));
}

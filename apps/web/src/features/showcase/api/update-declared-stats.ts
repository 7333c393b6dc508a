import type { DeclaredStatsBody } from '@clipmarket/contracts/discovery';
import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  creatorProfileQueryKey,
  creatorProfileQueryRoot,
} from '../../../lib/creator-profile-request';
import { type ReferenceLanguage, useReferenceLanguage } from '../../../lib/reference-data';
import { ownRateCardQueryKey } from './creator-prices';

export type StatsPlatform = 'instagram' | 'tiktok';

/**
 * PUT /v2/influencers/me/stats/{platform}: the creator's own figures (source "declared").
 * Answers the public profile, with the engagement rate and size band the server derived.
 */
export async function updateDeclaredStats(
  platform: StatsPlatform,
  stats: DeclaredStatsBody,
  labelLanguage: ReferenceLanguage,
): Promise<PublicInfluencerProfile> {
  const body = await apiRequest<{ data: PublicInfluencerProfile }>(
    `/influencers/me/stats/${platform}`,
    { method: 'PUT', body: stats, headers: { 'accept-language': labelLanguage } },
  );
  return body.data;
}

export function useUpdateDeclaredStats() {
  const queryClient = useQueryClient();
  const labelLanguage = useReferenceLanguage();
  return useMutation({
    mutationFn: ({ platform, stats }: { platform: StatsPlatform; stats: DeclaredStatsBody }) =>
      updateDeclaredStats(platform, stats, labelLanguage),
    onSuccess: (profile) => {
      queryClient.setQueryData(creatorProfileQueryKey('me', labelLanguage), profile);
      // New figures may move the creator to another size band: its suggested prices follow.
      void queryClient.invalidateQueries({ queryKey: ownRateCardQueryKey });
      // Profiles cached in the other languages are read again when next shown.
      return queryClient.invalidateQueries({
        queryKey: [...creatorProfileQueryRoot, 'me'],
        predicate: (query) => query.queryKey[2] !== labelLanguage,
      });
    },
  });
}

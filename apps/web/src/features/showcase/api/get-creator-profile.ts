import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type ReferenceLanguage, useReferenceLanguage } from '../../../lib/reference-data';

/**
 * GET /v2/influencers/me/profile (the caller's own showcase) or
 * GET /v2/influencers/{id}/profile (a creator's public profile).
 */
export async function getCreatorProfile(
  influencerId: string | 'me',
  labelLanguage: ReferenceLanguage,
  signal?: AbortSignal,
): Promise<PublicInfluencerProfile> {
  const path = influencerId === 'me' ? 'me' : encodeURIComponent(influencerId);
  const body = await apiRequest<{ data: PublicInfluencerProfile }>(`/influencers/${path}/profile`, {
    signal,
    headers: { 'accept-language': labelLanguage },
  });
  return body.data;
}

export function useCreatorProfile(influencerId: string | 'me', enabled = true) {
  const labelLanguage = useReferenceLanguage();
  return useQuery({
    queryKey: ['creator-profile', influencerId, labelLanguage],
    queryFn: ({ signal }) => getCreatorProfile(influencerId, labelLanguage, signal),
    enabled,
  });
}

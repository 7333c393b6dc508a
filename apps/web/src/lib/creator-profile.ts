import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { type ReferenceLanguage, useReferenceLanguage } from './reference-data';

/**
 * A creator's public profile, shared by the showcase (the creator's own) and the advertisers'
 * creator details page. Labels (categories) come in the interface language.
 */
export const creatorProfileQueryRoot = ['creator-profile'] as const;
export const creatorProfileQueryKey = (influencerId: string, language: ReferenceLanguage) =>
  [...creatorProfileQueryRoot, influencerId, language] as const;

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
    queryKey: creatorProfileQueryKey(influencerId, labelLanguage),
    queryFn: ({ signal }) => getCreatorProfile(influencerId, labelLanguage, signal),
    enabled,
  });
}

import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

/** Reference labels (categories) speak en, fr or ar; the interface code tn reads Arabic. */
const labelLanguage = (language: string) =>
  language === 'tn' ? 'ar' : language === 'fr' ? 'fr' : 'en';

/**
 * GET /v2/influencers/me/profile (the caller's own showcase) or
 * GET /v2/influencers/{id}/profile (a creator's public profile).
 */
export async function getCreatorProfile(
  influencerId: string | 'me',
  language: string,
  signal?: AbortSignal,
): Promise<PublicInfluencerProfile> {
  const path = influencerId === 'me' ? 'me' : encodeURIComponent(influencerId);
  const body = await apiRequest<{ data: PublicInfluencerProfile }>(`/influencers/${path}/profile`, {
    signal,
    headers: { 'accept-language': labelLanguage(language) },
  });
  return body.data;
}

export function useCreatorProfile(influencerId: string | 'me', enabled = true) {
  const { i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  return useQuery({
    queryKey: ['creator-profile', influencerId, language],
    queryFn: ({ signal }) => getCreatorProfile(influencerId, language, signal),
    enabled,
  });
}

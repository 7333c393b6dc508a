import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { type ReferenceLanguage, toReferenceLanguage } from './reference-language';

/**
 * A creator's public profile, shared by the showcase (the creator's own) and the advertisers'
 * creator details page. Labels (categories) come in the interface language. The requests apart
 * from their hook (creator-profile.ts): the first screen asks for the showcase's from the first
 * download (app/landing-pages.ts), which so needs none of react-query's observers.
 */
export const creatorProfileQueryRoot = ['creator-profile'] as const;
export const creatorProfileQueryKey = (
  influencerId: string,
  language: ReferenceLanguage,
  by: CreatorProfileKey = 'influencer',
) =>
  // The caller's own profile ('me') is one entry whatever names it: the showcase's forms update it.
  by === 'user' && influencerId !== 'me'
    ? ([...creatorProfileQueryRoot, 'user', influencerId, language] as const)
    : ([...creatorProfileQueryRoot, influencerId, language] as const);

/** What the id names: the creator (`/creator/{influencer_id}`) or their user (`/profile/{userId}`). */
export type CreatorProfileKey = 'influencer' | 'user';

/**
 * GET /v2/influencers/me/profile (the caller's own showcase),
 * GET /v2/influencers/{id}/profile (a creator's public profile, by creator id) or
 * GET /v2/users/{id}/influencer-profile (the same, by the creator's user id: `/profile/{userId}`).
 */
export async function getCreatorProfile(
  influencerId: string | 'me',
  labelLanguage: ReferenceLanguage,
  signal?: AbortSignal,
  by: CreatorProfileKey = 'influencer',
): Promise<PublicInfluencerProfile> {
  const path =
    influencerId === 'me'
      ? '/influencers/me/profile'
      : by === 'user'
        ? `/users/${encodeURIComponent(influencerId)}/influencer-profile`
        : `/influencers/${encodeURIComponent(influencerId)}/profile`;
  const body = await apiRequest<{ data: PublicInfluencerProfile }>(path, {
    signal,
    headers: { 'accept-language': labelLanguage },
  });
  return body.data;
}

/** The caller's own profile into the cache, as the showcase asks for it (first-screen.ts). */
export function prefetchOwnCreatorProfile(queryClient: QueryClient, interfaceLanguage: string) {
  const labelLanguage = toReferenceLanguage(interfaceLanguage);
  return queryClient.prefetchQuery({
    queryKey: creatorProfileQueryKey('me', labelLanguage, 'user'),
    queryFn: ({ signal }) => getCreatorProfile('me', labelLanguage, signal, 'user'),
  });
}

import { useQuery } from '@tanstack/react-query';
import {
  type CreatorProfileKey,
  creatorProfileQueryKey,
  getCreatorProfile,
} from './creator-profile-request';
import { useReferenceLanguage } from './reference-data';

/** A creator's public profile (creator-profile-request.ts), in the interface language. */
export function useCreatorProfile(
  influencerId: string | 'me',
  enabled = true,
  by: CreatorProfileKey = 'influencer',
) {
  const labelLanguage = useReferenceLanguage();
  return useQuery({
    queryKey: creatorProfileQueryKey(influencerId, labelLanguage, by),
    queryFn: ({ signal }) => getCreatorProfile(influencerId, labelLanguage, signal, by),
    enabled,
  });
}

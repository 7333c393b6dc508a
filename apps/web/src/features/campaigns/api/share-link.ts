import type { CampaignShareLink } from '@clipmarket/contracts/campaign-sharing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const shareLinkKey = (campaignId: number) => ['campaigns', 'share-link', campaignId] as const;
const urlOf = (campaignId: number) => `/campaigns/${campaignId}/share-link`;

/** GET /v2/campaigns/:id/share-link: the campaign's public report link, or null. */
export function useShareLink(campaignId: number) {
  return useQuery({
    queryKey: shareLinkKey(campaignId),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: CampaignShareLink | null }>(urlOf(campaignId), { signal })).data,
  });
}

/** POST: makes the link, or answers the active one (a second click makes no second link). */
export function useCreateShareLink(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: CampaignShareLink }>(urlOf(campaignId), { method: 'POST' })).data,
    onSuccess: (link) => queryClient.setQueryData(shareLinkKey(campaignId), link),
  });
}

/** DELETE (204): the link's address stops working at once. */
export function useRevokeShareLink(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(urlOf(campaignId), { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(shareLinkKey(campaignId), null),
  });
}

/** The report's address on this app (the one visitors open). */
export const shareLinkUrl = (link: Pick<CampaignShareLink, 'path'>) =>
  `${window.location.origin}${link.path}`;

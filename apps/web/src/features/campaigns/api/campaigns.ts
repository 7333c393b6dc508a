import type {
  AttachableItem,
  Campaign,
  CampaignBody,
  CampaignDetail,
  CampaignItemBody,
  CampaignItemKind,
} from '@clipmarket/contracts/campaigns';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every query of this feature. */
const campaignsRoot = ['campaigns'] as const;
const listKey = [...campaignsRoot, 'list'] as const;
export const campaignQueryKey = (id: number) => [...campaignsRoot, 'one', id] as const;
const attachableKey = (id: number) => [...campaignsRoot, 'attachable', id] as const;

export const CAMPAIGN_PAGE_SIZE = 20;

interface CampaignPage {
  data: Campaign[];
  next_before: number | null;
}

/** GET /v2/campaigns: the advertiser's campaigns, newest first (keyset pages). */
export function useCampaignList() {
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(CAMPAIGN_PAGE_SIZE) });
      if (pageParam !== null) query.set('before', String(pageParam));
      return apiRequest<CampaignPage>(`/campaigns?${query.toString()}`, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/campaigns/:id: one campaign with its requests, opportunities and deliveries. */
export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignQueryKey(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: CampaignDetail }>(`/campaigns/${id}`, { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The advertiser's requests and opportunities not in the campaign (asked for when shown). */
export function useAttachableItems(id: number, enabled: boolean) {
  return useQuery({
    queryKey: attachableKey(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: AttachableItem[] }>(`/campaigns/${id}/attachable`, {
          signal,
        })
      ).data,
    enabled,
  });
}

/** Every answer that is a campaign's detail goes into the cache; the lists are read again. */
function useCampaignMutation<Input>(call: (input: Input) => Promise<CampaignDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignQueryKey(campaign.campaign_id), campaign);
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: [...campaignsRoot, 'attachable'] });
    },
  });
}

const detailOf = async (answer: Promise<{ data: CampaignDetail }>) => (await answer).data;

/** POST /v2/campaigns, or PUT /v2/campaigns/:id when `id` is given. */
export const useSaveCampaign = () =>
  useCampaignMutation(({ id, body }: { id: number | null; body: CampaignBody }) =>
    detailOf(
      apiRequest(id === null ? '/campaigns' : `/campaigns/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    ),
  );

export const useAttachItem = (campaignId: number) =>
  useCampaignMutation((item: CampaignItemBody) =>
    detailOf(apiRequest(`/campaigns/${campaignId}/items`, { method: 'POST', body: item })),
  );

export const useDetachItem = (campaignId: number) =>
  useCampaignMutation((item: { kind: CampaignItemKind; id: number }) =>
    detailOf(
      apiRequest(`/campaigns/${campaignId}/items/${item.kind}/${item.id}`, { method: 'DELETE' }),
    ),
  );

/** DELETE /v2/campaigns/:id (204): its requests and opportunities stay. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/campaigns/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: campaignQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

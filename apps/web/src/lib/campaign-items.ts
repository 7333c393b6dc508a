import type { CampaignItemKind } from '@clipmarket/contracts/campaigns';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';

/**
 * Issue 24 §1: a request or an opportunity started from a campaign's page (`?campaign={id}`)
 * is created in that campaign. The editors call this once the new draft exists; the campaigns'
 * cached pages are read again.
 */
export const CAMPAIGN_PARAM = 'campaign';

/** The campaign a new request or opportunity was started from, if its address names one. */
export function campaignOfSearch(params: URLSearchParams): number | null {
  const value = params.get(CAMPAIGN_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** Puts the new draft in the campaign (moving it there if it were in another). */
export async function addToCampaign(campaignId: number, kind: CampaignItemKind, id: number) {
  await apiRequest<unknown>(`/campaigns/${campaignId}/items`, {
    method: 'POST',
    body: { kind, id },
  });
  await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
}

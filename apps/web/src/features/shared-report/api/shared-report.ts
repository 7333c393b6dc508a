import { shareTokenPattern, type SharedCampaign } from '@clipmarket/contracts/campaign-sharing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A token that cannot be a link's is not asked for: the page says the link does not work. */
export const isShareToken = (token: string) => shareTokenPattern.test(token);

/**
 * GET /v2/shared-campaigns/:token, without the visitor's session (anonymous: a signed-in
 * reader's token is not sent, and nothing else of the account is asked for).
 */
export function useSharedReport(token: string) {
  return useQuery({
    queryKey: ['shared-report', token],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: SharedCampaign }>(`/shared-campaigns/${token}`, {
          signal,
          anonymous: true,
        })
      ).data,
    enabled: isShareToken(token),
  });
}

import type { MetricPlatform, SocialAccount } from '@clipmarket/contracts/publication-metrics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { MetricPlatform, SocialAccount };

/** The platforms whose figures can be read from a connected account, in the order shown. */
export const metricPlatforms: readonly MetricPlatform[] = ['instagram', 'tiktok'];

export const socialAccountsQueryKey = ['showcase', 'social-accounts'] as const;

/** GET /v2/social-accounts (creator): the connected Instagram and TikTok accounts. */
export async function getSocialAccounts(signal?: AbortSignal): Promise<SocialAccount[]> {
  const body = await apiRequest<{ data: SocialAccount[] }>('/social-accounts', { signal });
  return body.data;
}

export function useSocialAccounts() {
  return useQuery({
    queryKey: socialAccountsQueryKey,
    queryFn: ({ signal }) => getSocialAccounts(signal),
  });
}

/** POST /v2/social-accounts/{platform}/connect: where the browser goes to allow the access. */
export async function startConnection(platform: MetricPlatform): Promise<string> {
  const body = await apiRequest<{ data: { authorize_url: string } }>(
    `/social-accounts/${platform}/connect`,
    { method: 'POST' },
  );
  return body.data.authorize_url;
}

export function useStartConnection() {
  return useMutation({ mutationFn: startConnection });
}

/** DELETE /v2/social-accounts/{platform}: the account and its tokens are removed. */
export async function disconnectAccount(platform: MetricPlatform): Promise<void> {
  await apiRequest<void>(`/social-accounts/${platform}`, { method: 'DELETE' });
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey }),
  });
}

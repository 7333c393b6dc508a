import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryRoot } from './get-wallet';

/** How often a pending purchase is read again while the gateway has not answered. */
export const PENDING_POLL_MS = 2000;

/** GET /v2/wallet/purchases/:id (the server reads the gateway back while it is pending). */
export async function getWalletPurchase(id: number, signal?: AbortSignal): Promise<WalletPurchase> {
  const body = await apiRequest<{ data: WalletPurchase }>(`/wallet/purchases/${id}`, { signal });
  return body.data;
}

export function useWalletPurchase(id: number) {
  return useQuery({
    queryKey: [...walletQueryRoot, 'purchase', id],
    queryFn: ({ signal }) => getWalletPurchase(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

import type { WalletResponse } from '@clipmarket/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type Wallet = WalletResponse['data'];

export const walletQueryRoot = ['wallet'] as const;
export const walletQueryKey = [...walletQueryRoot, 'summary'] as const;

/** GET /v2/wallet: balances, purchases and the range a pack may be bought in (millimes). */
export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  const body = await apiRequest<WalletResponse>('/wallet', { signal });
  return body.data;
}

export function useWallet() {
  return useQuery({ queryKey: walletQueryKey, queryFn: ({ signal }) => getWallet(signal) });
}

import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryRoot } from './get-wallet';

/**
 * POST /v2/wallet/purchases/:id/cancel: gives up on a pending pack purchase (its payment ends,
 * its promo code is given back). Cancelling it again answers it again.
 */
export async function cancelWalletPurchase(id: number): Promise<WalletPurchase> {
  const body = await apiRequest<{ data: WalletPurchase }>(`/wallet/purchases/${id}/cancel`, {
    method: 'POST',
  });
  return body.data;
}

export function useCancelWalletPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWalletPurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryRoot }),
  });
}

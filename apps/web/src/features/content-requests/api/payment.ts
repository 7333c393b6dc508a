import type { PaymentResponse } from '@clipmarket/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PENDING_POLL_MS } from './content-requests';

export type Payment = PaymentResponse['data'];

/** GET /v2/payments/:id: one of the caller's payments, read back from the gateway while pending. */
export async function getPayment(id: number, signal?: AbortSignal): Promise<Payment> {
  const body = await apiRequest<PaymentResponse>(`/payments/${id}`, { signal });
  return body.data;
}

/** The payment a result page follows (`?payment=`), read again every 2 s while pending. */
export function usePayment(id: number | null) {
  return useQuery({
    queryKey: ['payments', id],
    queryFn: ({ signal }) => getPayment(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

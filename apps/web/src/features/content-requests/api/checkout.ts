import type { ContentRequestQuote, PaymentMethod } from '@clipmarket/contracts/content-requests';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentRequestsQueryRoot } from './content-requests';

const withCode = (promoCode: string | null) => (promoCode ? { promo_code: promoCode } : {});

/** POST /v2/content-requests/:id/quote: the server's price of the request (fee, content fees). */
export async function quoteContentRequest(
  id: number,
  promoCode: string | null,
  signal?: AbortSignal,
): Promise<ContentRequestQuote> {
  const body = await apiRequest<{ data: ContentRequestQuote }>(`/content-requests/${id}/quote`, {
    method: 'POST',
    body: withCode(promoCode),
    signal,
  });
  return body.data;
}

export function useContentRequestQuote(id: number, promoCode: string | null) {
  return useQuery({
    queryKey: [...contentRequestsQueryRoot, 'quote', id, promoCode],
    queryFn: ({ signal }) => quoteContentRequest(id, promoCode, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface CheckoutInput {
  id: number;
  method: PaymentMethod;
  promoCode: string | null;
  idempotencyKey: string;
}

export interface CheckoutResult {
  content_request_id: number;
  status: 'draft' | 'awaiting_payment' | 'sent';
  payment_url: string | null;
  payment_id: number | null;
}

/**
 * POST /v2/content-requests/:id/checkout: the wallet pays at once (the request is sent), the
 * gateway answers the page to send the payer to. The same `Idempotency-Key` with the same body
 * answers the first result, so a retry after a network error never pays twice.
 */
export async function checkoutContentRequest(input: CheckoutInput): Promise<CheckoutResult> {
  const body = await apiRequest<{ data: CheckoutResult }>(
    `/content-requests/${input.id}/checkout`,
    {
      method: 'POST',
      body: { method: input.method, ...withCode(input.promoCode) },
      headers: { 'Idempotency-Key': input.idempotencyKey },
    },
  );
  return body.data;
}

export function useCheckoutContentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkoutContentRequest,
    // Not awaited: the caller's own onSuccess (toast, navigation) must run before the request
    // reads back sent and the checkout it belongs to leaves the screen.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contentRequestsQueryRoot });
    },
  });
}

import type { InvoicesResponse } from '@clipmarket/contracts/invoices';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type InvoicesPage = InvoicesResponse['data'];

export const INVOICES_PER_PAGE = 20;
export const invoicesQueryKey = ['invoices', 'list'] as const;

/** GET /v2/invoices: the caller's invoices, newest first; `before_id` pages on. */
export async function getInvoices(
  beforeId: number | null,
  signal?: AbortSignal,
): Promise<InvoicesPage> {
  const params = new URLSearchParams({ limit: String(INVOICES_PER_PAGE) });
  if (beforeId !== null) params.set('before_id', String(beforeId));
  const body = await apiRequest<InvoicesResponse>(`/invoices?${params.toString()}`, { signal });
  return body.data;
}

export function useInvoices() {
  return useInfiniteQuery({
    queryKey: invoicesQueryKey,
    queryFn: ({ pageParam, signal }) => getInvoices(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before_id,
  });
}

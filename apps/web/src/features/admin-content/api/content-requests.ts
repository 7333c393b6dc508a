import type { AdminLine, AdminLineFilter } from '@clipmarket/contracts/content-delivery';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_QUEUE_PAGE_SIZE } from './publications';

export type { AdminLine, AdminLineFilter };

interface LinesPage {
  data: AdminLine[];
  next_before: number | null;
}

/**
 * GET /v2/admin/content-requests?filter=&content_request_id=&before=&limit= (ADMIN): every line
 * (or one request's), newest first.
 */
export async function getAdminLines(
  filter: AdminLineFilter,
  before: number | null,
  signal?: AbortSignal,
  contentRequestId: number | null = null,
): Promise<LinesPage> {
  const query = new URLSearchParams({ filter, limit: String(ADMIN_QUEUE_PAGE_SIZE) });
  if (contentRequestId !== null) query.set('content_request_id', String(contentRequestId));
  if (before !== null) query.set('before', String(before));
  return apiRequest<LinesPage>(`/admin/content-requests?${query.toString()}`, { signal });
}

/** Every line, or one request's (`contentRequestId`). */
export function useAdminLines(filter: AdminLineFilter, contentRequestId: number | null = null) {
  return useInfiniteQuery({
    queryKey: ['admin-content', 'lines', filter, contentRequestId],
    queryFn: ({ pageParam, signal }) => getAdminLines(filter, pageParam, signal, contentRequestId),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
  });
}

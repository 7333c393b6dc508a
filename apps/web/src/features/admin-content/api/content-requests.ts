import type { AdminLine, AdminLineFilter } from '@clipmarket/contracts/content-delivery';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_QUEUE_PAGE_SIZE } from './publications';

export type { AdminLine, AdminLineFilter };

interface LinesPage {
  data: AdminLine[];
  next_before: number | null;
}

/** GET /v2/admin/content-requests?filter=&before=&limit= (ADMIN): every line, newest first. */
export async function getAdminLines(
  filter: AdminLineFilter,
  before: number | null,
  signal?: AbortSignal,
): Promise<LinesPage> {
  const query = new URLSearchParams({ filter, limit: String(ADMIN_QUEUE_PAGE_SIZE) });
  if (before !== null) query.set('before', String(before));
  return apiRequest<LinesPage>(`/admin/content-requests?${query.toString()}`, { signal });
}

export function useAdminLines(filter: AdminLineFilter) {
  return useInfiniteQuery({
    queryKey: ['admin-content', 'lines', filter],
    queryFn: ({ pageParam, signal }) => getAdminLines(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
  });
}

import type { ToolboxLine, ToolboxLineDetail } from '@clipmarket/contracts/tracked-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every query of this feature. */
export const toolboxQueryRoot = ['toolbox'] as const;
export const toolboxLineQueryKey = (id: number) => [...toolboxQueryRoot, 'line', id] as const;

/** Click counts move while the page is open; a minute is fresh enough. */
const CLICKS_STALE_MS = 60_000;

/** GET /v2/toolbox: the creator's deliveries from acceptance on, with their links. */
export function useToolbox() {
  return useQuery({
    queryKey: [...toolboxQueryRoot, 'list'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ToolboxLine[] }>('/toolbox', { signal })).data,
    staleTime: CLICKS_STALE_MS,
  });
}

/** GET /v2/toolbox/:id: one delivery's links (made on first open), QR codes and hints. */
export function useToolboxLine(id: number | null) {
  return useQuery({
    queryKey: toolboxLineQueryKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ToolboxLineDetail }>(`/toolbox/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: CLICKS_STALE_MS,
  });
}

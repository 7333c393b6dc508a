import type { MediaKitSettings, MediaKitView } from '@clipmarket/contracts/media-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const mediaKitQueryKey = ['media-kit', 'mine'] as const;

/** While the job renders the kit, the builder reads it again this often (the socket may be down). */
export const RENDERING_POLL_MS = 15_000;

/** GET /v2/media-kit: the creator's settings, preview, rendering and counts. */
export function useMediaKit() {
  return useQuery({
    queryKey: mediaKitQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MediaKitView }>('/media-kit', { signal })).data,
    refetchInterval: (query) =>
      query.state.data?.render_state === 'rendering' ? RENDERING_POLL_MS : false,
  });
}

/** PUT /v2/media-kit: saves the choices and queues a rendering (also the "retry" of a failure). */
export function useSaveMediaKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: MediaKitSettings) =>
      (await apiRequest<{ data: MediaKitView }>('/media-kit', { method: 'PUT', body: settings }))
        .data,
    onSuccess: (kit) => queryClient.setQueryData(mediaKitQueryKey, kit),
  });
}

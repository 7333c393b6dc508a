import type { LineDelivery, PublicationLinksBody } from '@clipmarket/contracts/content-delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CreatorLineView, creatorLineQueryKey } from './get-creator-line';
import { creatorLinesListRoot } from '../../../lib/creator-lines';

/** A line as its creator reads it now: the request, and its delivery once there is one. */
export type DeliveredCreatorLine = CreatorLineView & Partial<LineDelivery>;

export interface VideoLimits {
  max_bytes: number;
  extensions: string[];
}

/** GET /v2/content-videos/limits: the largest file and the types an upload may have. */
export function useVideoLimits() {
  return useQuery({
    queryKey: ['content-videos', 'limits'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: VideoLimits }>('/content-videos/limits', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** POST /v2/content-request-influencers/{id}/links: one post link per platform of the request. */
export function useSubmitLinks(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublicationLinksBody) =>
      (
        await apiRequest<{ data: CreatorLineView }>(`/content-request-influencers/${id}/links`, {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: (line) => {
      queryClient.setQueryData(creatorLineQueryKey(id), line);
      void queryClient.invalidateQueries({ queryKey: creatorLinesListRoot });
    },
  });
}

/** DELETE …/videos/{video_id}: a version that failed processing (a submitted one stays). */
export function useDeleteVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: number) =>
      apiRequest<void>(`/content-request-influencers/${id}/videos/${videoId}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorLineQueryKey(id) }),
  });
}

/**
 * PUT /v2/content-request-influencers/{id}/inspiration: the creator allows (or stops allowing)
 * her published video in Get inspired (issue 25 §3; shown only while the advertiser allows it
 * too). The switch moves at once; a refusal puts it back.
 */
export function useLineInspiration(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (allowed: boolean) =>
      (
        await apiRequest<{ data: CreatorLineView }>(
          `/content-request-influencers/${id}/inspiration`,
          { method: 'PUT', body: { allowed } },
        )
      ).data,
    onMutate: (allowed) => {
      const previous = queryClient.getQueryData<CreatorLineView>(creatorLineQueryKey(id));
      if (previous) {
        queryClient.setQueryData(creatorLineQueryKey(id), {
          ...previous,
          creator_showcase_allowed: allowed,
        });
      }
      return { previous };
    },
    onError: (_error, _allowed, context) => {
      if (context?.previous) queryClient.setQueryData(creatorLineQueryKey(id), context.previous);
    },
    // The answer is the line as the server has it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: creatorLineQueryKey(id) }),
  });
}

import type {
  ContestBody,
  LineReviews,
  ReplyBody,
  Review,
  ReviewInput,
  UserReviews,
} from '@clipmarket/contracts/reviews';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Written reviews (issue 27 §2): a line's two reviews, a user's visible reviews, the actions. */

export const lineReviewsKey = (lineId: number) => ['reviews', 'line', lineId] as const;
/** Whose reviews: a user (an advertiser on a card), or a creator by their public id (profiles). */
export type ReviewsOf = { userId: number } | { influencerId: number };
const pathOf = (of: ReviewsOf) =>
  'userId' in of ? `/users/${of.userId}/reviews` : `/reviews/creators/${of.influencerId}`;
export const userReviewsKey = (of: ReviewsOf) => ['reviews', 'user', pathOf(of)] as const;

/** GET /v2/reviews/lines/{id}: both sides' reviews as the caller may see them. */
export function useLineReviews(lineId: number, enabled = true) {
  return useQuery({
    queryKey: lineReviewsKey(lineId),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: LineReviews }>(`/reviews/lines/${lineId}`, { signal })).data,
    enabled,
  });
}

/** POST /v2/reviews: the caller's review of the line (once per side). */
export function useWriteReview(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReviewInput) =>
      (
        await apiRequest<{ data: LineReviews }>('/reviews', {
          method: 'POST',
          body: { content_request_influencer_id: lineId, ...input },
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(lineReviewsKey(lineId), data);
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'user'] });
    },
  });
}

/** POST /v2/reviews/{id}/reply and /contest: the subject's actions on a visible review. */
export function useReviewAction(lineId: number, action: 'reply' | 'contest') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, body }: { reviewId: number; body: ReplyBody | ContestBody }) =>
      (
        await apiRequest<{ data: Review }>(`/reviews/${reviewId}/${action}`, {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineReviewsKey(lineId) }),
  });
}

/** GET /v2/users/{id}/reviews (or /v2/reviews/creators/{id}): visible reviews, with the summary. */
export function useUserReviews(of: ReviewsOf, enabled = true) {
  return useInfiniteQuery({
    queryKey: userReviewsKey(of),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<UserReviews>(`${pathOf(of)}?limit=10${pageParam ? `&before=${pageParam}` : ''}`, {
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    enabled,
    staleTime: 60_000,
  });
}

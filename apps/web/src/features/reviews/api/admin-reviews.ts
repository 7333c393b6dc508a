import type {
  AdminReview,
  ContestDecisionBody,
  ContestState,
  Review,
} from '@clipmarket/contracts/reviews';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminReviewsKey = ['admin', 'reviews'] as const;

/** GET /v2/admin/reviews?state=…: contested reviews, newest first (ADMIN). */
export function useAdminReviews(state: ContestState) {
  return useInfiniteQuery({
    queryKey: [...adminReviewsKey, state],
    queryFn: ({ signal, pageParam }) =>
      apiRequest<{ data: AdminReview[]; next_before: number | null }>(
        `/admin/reviews?state=${state}${pageParam ? `&before=${pageParam}` : ''}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

/** POST /v2/admin/reviews/{id}/contest-decision: uphold or remove. */
export function useDecideContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, body }: { reviewId: number; body: ContestDecisionBody }) =>
      (
        await apiRequest<{ data: Review }>(`/admin/reviews/${reviewId}/contest-decision`, {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReviewsKey }),
  });
}

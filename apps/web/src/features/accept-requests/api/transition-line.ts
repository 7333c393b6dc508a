import type { LineTransitionBody } from '@clipmarket/contracts/content-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CreatorLineView, creatorLineQueryKey } from './get-creator-line';
import { creatorLinesListRoot } from '../../../lib/creator-lines';

/**
 * POST /v2/content-request-influencers/{id}/transitions: takes one of the line's
 * `allowed_transitions` (accept, or decline with a reason) and answers the line as it is now.
 */
export async function transitionLine(
  id: number,
  body: LineTransitionBody,
): Promise<CreatorLineView> {
  const answer = await apiRequest<{ data: CreatorLineView }>(
    `/content-request-influencers/${id}/transitions`,
    { method: 'POST', body },
  );
  return answer.data;
}

export function useTransitionLine(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineTransitionBody) => transitionLine(id, body),
    onSuccess: (line) => {
      queryClient.setQueryData(creatorLineQueryKey(id), line);
      // The line changes filter: every list is stale.
      void queryClient.invalidateQueries({ queryKey: creatorLinesListRoot });
    },
  });
}

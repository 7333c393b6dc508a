import type {
  AdminMetricSubmission,
  MetricSubmission,
  MetricSubmissionDecision,
} from '@clipmarket/contracts/publication-metrics';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_QUEUE_PAGE_SIZE } from './publications';

export type { AdminMetricSubmission, MetricSubmissionDecision };

export const adminMetricSubmissionsQueryKey = ['admin-content', 'metric-submissions'] as const;

interface SubmissionsPage {
  data: AdminMetricSubmission[];
  next_after: number | null;
}

/** GET /v2/admin/metric-submissions?after=&limit= (ADMIN): figures waiting, oldest first. */
export async function getAdminMetricSubmissions(
  after: number | null,
  signal?: AbortSignal,
): Promise<SubmissionsPage> {
  const query = new URLSearchParams({ state: 'submitted', limit: String(ADMIN_QUEUE_PAGE_SIZE) });
  if (after !== null) query.set('after', String(after));
  return apiRequest<SubmissionsPage>(`/admin/metric-submissions?${query.toString()}`, { signal });
}

export function useAdminMetricSubmissions() {
  return useInfiniteQuery({
    queryKey: adminMetricSubmissionsQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminMetricSubmissions(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.next_after ?? undefined,
  });
}

/** POST /v2/admin/metric-submissions/{submission_id} (ADMIN): approves or declines the figures. */
export async function decideMetricSubmission(variables: {
  submissionId: number;
  body: MetricSubmissionDecision;
}): Promise<MetricSubmission> {
  const answer = await apiRequest<{ data: MetricSubmission }>(
    `/admin/metric-submissions/${variables.submissionId}`,
    { method: 'POST', body: variables.body },
  );
  return answer.data;
}

/** The queue is refreshed afterwards, also after a 409 (another admin decided first). */
export function useDecideMetricSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideMetricSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMetricSubmissionsQueryKey }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface FailedJob {
  id: string;
  queue: string;
  failed_at: string;
  error: string | null;
}

/** GET /v2/admin/jobs/failed (ADMIN): background jobs that failed after all their retries. */
export async function getFailedJobs(signal?: AbortSignal): Promise<FailedJob[]> {
  const body = await apiRequest<{ data: FailedJob[] }>('/admin/jobs/failed', { signal });
  return body.data;
}

export function useFailedJobs() {
  return useQuery({
    queryKey: ['admin-failed-jobs'],
    queryFn: ({ signal }) => getFailedJobs(signal),
    staleTime: 60_000,
  });
}

/** POST /v2/admin/jobs/failed/{id}/retry (ADMIN): the job goes back to its queue, once. */
export async function retryFailedJob(id: string): Promise<{ id: string; queue: string }> {
  const body = await apiRequest<{ data: { id: string; queue: string } }>(
    `/admin/jobs/failed/${encodeURIComponent(id)}/retry`,
    { method: 'POST' },
  );
  return body.data;
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-failed-jobs'] }),
  });
}

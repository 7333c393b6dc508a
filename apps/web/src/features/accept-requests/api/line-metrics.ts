import type {
  LineMetrics,
  MetricSubmission,
  MetricSubmissionBody,
  MetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { LineMetrics, MetricSubmission, MetricWindow };
export type LineLinkMetrics = LineMetrics['links'][number];
export type FiguresBody = Required<Omit<MetricSubmissionBody, 'watch_time_ms'>>;

/** The windows a creator may submit figures for, in time order (contracts' `metricWindows`). */
export const submittableWindows: readonly MetricWindow[] = ['24h', '72h', '7d', '30d', 'latest'];

export const lineMetricsQueryKey = (lineId: number) =>
  ['accept-requests', 'line-metrics', lineId] as const;

/** GET /v2/publication-metrics/lines/{id}: each approved link's figures, the creator's submissions. */
export async function getLineMetrics(lineId: number, signal?: AbortSignal): Promise<LineMetrics> {
  const body = await apiRequest<{ data: LineMetrics }>(`/publication-metrics/lines/${lineId}`, {
    signal,
  });
  return body.data;
}

export function useLineMetrics(lineId: number) {
  return useQuery({
    queryKey: lineMetricsQueryKey(lineId),
    queryFn: ({ signal }) => getLineMetrics(lineId, signal),
  });
}

/** POST /v2/publication-metrics/{link_id}/submissions: figures with the insights screenshot. */
export async function submitFigures(variables: {
  linkId: number;
  body: FiguresBody;
}): Promise<MetricSubmission> {
  const answer = await apiRequest<{ data: MetricSubmission }>(
    `/publication-metrics/${variables.linkId}/submissions`,
    { method: 'POST', body: variables.body },
  );
  return answer.data;
}

export function useSubmitFigures(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFigures,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineMetricsQueryKey(lineId) }),
  });
}

import type {
  PerformanceDashboard,
  PerformanceDetail,
  PerformanceView,
} from '@clipmarket/contracts/performance';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const performanceRoot = ['performance'] as const;
const valid = (id: number) => Number.isInteger(id) && id > 0;

/** GET /v2/performance/dashboard: the advertiser's totals and a row per campaign or item. */
export function useDashboard() {
  return useQuery({
    queryKey: [...performanceRoot, 'dashboard'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: PerformanceDashboard }>('/performance/dashboard', { signal })).data,
  });
}

/** The performance of a request, an opportunity, or a campaign's requests, opportunities or both. */
export type PerformanceSubject =
  | { kind: 'content-request'; id: number }
  | { kind: 'opportunity'; id: number }
  | { kind: 'campaign'; id: number; view: PerformanceView };

const urlOf = (subject: PerformanceSubject) =>
  subject.kind === 'content-request'
    ? `/performance/content-request/${subject.id}`
    : subject.kind === 'opportunity'
      ? `/performance/content-opportunity/${subject.id}`
      : `/campaigns/${subject.id}/performance?view=${subject.view}`;

export function usePerformance(subject: PerformanceSubject) {
  return useQuery({
    queryKey: [...performanceRoot, urlOf(subject)],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: PerformanceDetail }>(urlOf(subject), { signal })).data,
    enabled: valid(subject.id),
  });
}

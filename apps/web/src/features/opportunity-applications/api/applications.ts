import type {
  Application,
  ApplicationDecisionBody,
  applicationFilters,
  applicationSorts,
} from '@clipmarket/contracts/opportunities';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { opportunityApplicationsQueryRoot, opportunityQueryKey } from './opportunity';

export type ApplicationFilter = (typeof applicationFilters)[number];
export type ApplicationSort = (typeof applicationSorts)[number];

export const applicationListQueryKey = (
  opportunityId: number,
  filter: ApplicationFilter,
  sort: ApplicationSort,
) => [...opportunityApplicationsQueryRoot, 'applications', opportunityId, filter, sort] as const;

export interface ApplicationPage {
  data: Application[];
  next_cursor: string | null;
}

export const APPLICATIONS_PAGE_SIZE = 20;

/** GET /v2/opportunities/:id/applications?filter=&sort=&cursor=&limit=: one page (keyset). */
export async function listApplications(
  opportunityId: number,
  filter: ApplicationFilter,
  sort: ApplicationSort,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApplicationPage> {
  const query = new URLSearchParams({ filter, sort, limit: String(APPLICATIONS_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', cursor);
  return apiRequest<ApplicationPage>(
    `/opportunities/${opportunityId}/applications?${query.toString()}`,
    { signal },
  );
}

export function useApplications(
  opportunityId: number,
  filter: ApplicationFilter,
  sort: ApplicationSort,
) {
  return useInfiniteQuery({
    queryKey: applicationListQueryKey(opportunityId, filter, sort),
    queryFn: ({ pageParam, signal }) =>
      listApplications(opportunityId, filter, sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** POST /v2/opportunities/:id/applications/:application_id/decision. */
export async function decideApplication(
  opportunityId: number,
  applicationId: number,
  decision: ApplicationDecisionBody,
): Promise<Application> {
  const body = await apiRequest<{ data: Application }>(
    `/opportunities/${opportunityId}/applications/${applicationId}/decision`,
    { method: 'POST', body: decision },
  );
  return body.data;
}

/**
 * An answer changes the application's list (it moves between filters) and, once accepted,
 * the opportunity's spots (and maybe its state: its last spot taken, it is ongoing).
 */
export function useDecideApplication(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      applicationId,
      decision,
    }: {
      applicationId: number;
      decision: ApplicationDecisionBody;
    }) => decideApplication(opportunityId, applicationId, decision),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: [...opportunityApplicationsQueryRoot, 'applications', opportunityId],
        }),
        queryClient.invalidateQueries({ queryKey: opportunityQueryKey(opportunityId) }),
      ]),
  });
}

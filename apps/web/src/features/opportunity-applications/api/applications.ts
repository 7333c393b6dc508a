import type {
  Application,
  ApplicationDecisionBody,
  applicationFilters,
  applicationSorts,
  ApprovalPayment,
  ApprovalQuote,
} from '@clipmarket/contracts/opportunities';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
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
    // Not awaited: the answered application's card loses its actions once the list is
    // fetched again, and the caller's own `onSuccess` (its toast) must run before that.
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: [...opportunityApplicationsQueryRoot, 'applications', opportunityId],
      });
      void queryClient.invalidateQueries({ queryKey: opportunityQueryKey(opportunityId) });
    },
  });
}

export const applicationQueryKey = (opportunityId: number, applicationId: number) =>
  [...opportunityApplicationsQueryRoot, 'application', opportunityId, applicationId] as const;

/** GET /v2/opportunities/:id/applications/:application_id: one application of the opportunity. */
export async function getApplication(
  opportunityId: number,
  applicationId: number,
  signal?: AbortSignal,
): Promise<Application> {
  const body = await apiRequest<{ data: Application }>(
    `/opportunities/${opportunityId}/applications/${applicationId}`,
    { signal },
  );
  return body.data;
}

/** How often an application waiting for its approval's payment is read again. */
const APPROVAL_POLL_MS = 2000;

export function useApplication(
  opportunityId: number | null,
  applicationId: number | null,
  options: { pollWhile?: (application: Application) => boolean } = {},
) {
  const { pollWhile } = options;
  return useQuery({
    queryKey: applicationQueryKey(opportunityId ?? 0, applicationId ?? 0),
    queryFn: ({ signal }) => getApplication(opportunityId!, applicationId!, signal),
    enabled: opportunityId !== null && applicationId !== null,
    refetchInterval: (query) =>
      query.state.data && pollWhile?.(query.state.data) ? APPROVAL_POLL_MS : false,
  });
}

export const approvalQuoteKey = (opportunityId: number, applicationId: number) =>
  [...opportunityApplicationsQueryRoot, 'approval-quote', opportunityId, applicationId] as const;

/**
 * GET …/applications/:application_id/approval-payment: the price, the wallet's available
 * money and what it is missing. Read afresh each time the approve dialog opens.
 */
export function useApprovalQuote(opportunityId: number, applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: approvalQuoteKey(opportunityId, applicationId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: ApprovalQuote }>(
          `/opportunities/${opportunityId}/applications/${applicationId}/approval-payment`,
          { signal },
        )
      ).data,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST …/applications/:application_id/approval-payment: a card payment of what the wallet is
 * missing, answered with the gateway's page. The same `Idempotency-Key` answers the first
 * result, and pressing again while its session is open answers that session.
 */
export async function startApprovalPayment(input: {
  opportunityId: number;
  applicationId: number;
  idempotencyKey: string;
}): Promise<ApprovalPayment> {
  const body = await apiRequest<{ data: ApprovalPayment }>(
    `/opportunities/${input.opportunityId}/applications/${input.applicationId}/approval-payment`,
    { method: 'POST', body: {}, headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return body.data;
}

export function useStartApprovalPayment() {
  return useMutation({ mutationFn: startApprovalPayment });
}

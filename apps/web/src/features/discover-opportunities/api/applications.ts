import type { OwnApplication } from '@clipmarket/contracts/opportunities';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import {
  applicationQueryKey,
  applicationsQueryRoot,
  cardsQueryRoot,
  opportunityQueryKey,
} from './opportunities';

export const APPLICATIONS_PAGE_SIZE = 20;

export interface OwnApplicationPage {
  data: OwnApplication[];
  next_before: number | null;
}

/** GET /v2/my-applications?before=&limit=: the creator's applications, newest first (keyset). */
export async function listOwnApplications(
  before: number | null,
  signal?: AbortSignal,
): Promise<OwnApplicationPage> {
  const query = new URLSearchParams({ limit: String(APPLICATIONS_PAGE_SIZE) });
  if (before !== null) query.set('before', String(before));
  return apiRequest<OwnApplicationPage>(`/my-applications?${query.toString()}`, { signal });
}

export function useOwnApplications() {
  return useInfiniteQuery({
    queryKey: [...applicationsQueryRoot, 'list'],
    queryFn: ({ pageParam, signal }) => listOwnApplications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

/** GET /v2/my-applications/:id: one application with its opportunity's card. */
export async function getOwnApplication(id: number, signal?: AbortSignal) {
  const body = await apiRequest<{ data: OwnApplication }>(`/my-applications/${id}`, { signal });
  return body.data;
}

export function useOwnApplication(id: number) {
  return useQuery({
    queryKey: applicationQueryKey(id),
    queryFn: ({ signal }) => getOwnApplication(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** After a change: this application as answered, and every list or card showing it. */
function useStoreApplication() {
  const queryClient = useQueryClient();
  return (application: OwnApplication) => {
    queryClient.setQueryData(
      applicationQueryKey(application.content_opportunity_influencer_id),
      application,
    );
    void queryClient.invalidateQueries({ queryKey: [...applicationsQueryRoot, 'list'] });
    void queryClient.invalidateQueries({ queryKey: cardsQueryRoot });
    void queryClient.invalidateQueries({
      queryKey: opportunityQueryKey(application.opportunity.content_opportunity_id),
    });
  };
}

/** POST /v2/my-applications/:id/withdraw: while submitted or debriefed. */
export function useWithdrawApplication(id: number) {
  const store = useStoreApplication();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<{ data: OwnApplication }>(`/my-applications/${id}/withdraw`, {
          method: 'POST',
        })
      ).data,
    onSuccess: store,
  });
}

export interface RevisionBody {
  /** Millimes, whole dinars. */
  price: number;
  pitch: string;
}

/** POST /v2/my-applications/:id/revision: another price and pitch after a debrief. */
export function useReviseApplication(id: number) {
  const store = useStoreApplication();
  return useMutation({
    mutationFn: async (body: RevisionBody) =>
      (
        await apiRequest<{ data: OwnApplication }>(`/my-applications/${id}/revision`, {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: store,
  });
}

import type {
  ContentRequest,
  ContentRequestDraftInput,
  ContentRequestLimits,
} from '@clipmarket/contracts/content-requests';
import type { AdvertiserRequestFilter } from '@clipmarket/contracts/workflows/content-request-line';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListFilter = AdvertiserRequestFilter | 'draft';

/** Every query of this feature: a new notification refreshes them all at once. */
export const contentRequestsQueryRoot = ['content-requests'] as const;
export const limitsQueryKey = [...contentRequestsQueryRoot, 'limits'] as const;
export const contentRequestQueryKey = (id: number) =>
  [...contentRequestsQueryRoot, 'one', id] as const;
export const contentRequestListQueryKey = (filter: ListFilter) =>
  [...contentRequestsQueryRoot, 'list', filter] as const;

/** GET /v2/content-requests/limits: the business settings the request screens show. */
export async function getLimits(signal?: AbortSignal): Promise<ContentRequestLimits> {
  const body = await apiRequest<{ data: ContentRequestLimits }>('/content-requests/limits', {
    signal,
  });
  return body.data;
}

export function useLimits() {
  return useQuery({
    queryKey: limitsQueryKey,
    queryFn: ({ signal }) => getLimits(signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /v2/content-requests/:id: a draft being written, or a sent request. */
export async function getContentRequest(id: number, signal?: AbortSignal) {
  const body = await apiRequest<{ data: ContentRequest }>(`/content-requests/${id}`, { signal });
  return body.data;
}

/** How often a request whose payment is not confirmed yet is read again. */
export const PENDING_POLL_MS = 2000;

/** `pollWhile`: read again every 2 s while it holds (a payment being confirmed). */
export function useContentRequest(
  id: number,
  options: { pollWhile?: (request: ContentRequest) => boolean } = {},
) {
  const { pollWhile } = options;
  return useQuery({
    queryKey: contentRequestQueryKey(id),
    queryFn: ({ signal }) => getContentRequest(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) =>
      pollWhile && query.state.data && pollWhile(query.state.data) ? PENDING_POLL_MS : false,
  });
}

export interface ContentRequestPage {
  data: ContentRequest[];
  next_before: number | null;
}

export const LIST_PAGE_SIZE = 20;

/** GET /v2/content-requests?filter=&before=&limit=: one page, newest first (keyset). */
export async function listContentRequests(
  filter: ListFilter,
  before: number | null,
  signal?: AbortSignal,
): Promise<ContentRequestPage> {
  const query = new URLSearchParams({ filter, limit: String(LIST_PAGE_SIZE) });
  if (before !== null) query.set('before', String(before));
  return apiRequest<ContentRequestPage>(`/content-requests?${query.toString()}`, { signal });
}

export function useContentRequestList(filter: ListFilter) {
  return useInfiniteQuery({
    queryKey: contentRequestListQueryKey(filter),
    queryFn: ({ pageParam, signal }) => listContentRequests(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

/** POST /v2/content-requests: a new draft (step 1 gives its creators). */
export async function createContentRequest(input: ContentRequestDraftInput) {
  const body = await apiRequest<{ data: ContentRequest }>('/content-requests', {
    method: 'POST',
    body: input,
  });
  return body.data;
}

/** PATCH /v2/content-requests/:id: any subset of the draft's fields. */
export async function updateContentRequest(id: number, input: ContentRequestDraftInput) {
  const body = await apiRequest<{ data: ContentRequest }>(`/content-requests/${id}`, {
    method: 'PATCH',
    body: input,
  });
  return body.data;
}

/** DELETE /v2/content-requests/:id: drafts only. */
export async function deleteContentRequest(id: number): Promise<void> {
  await apiRequest<unknown>(`/content-requests/${id}`, { method: 'DELETE' });
}

export function useCreateContentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContentRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(contentRequestQueryKey(request.content_request_id), request);
      void queryClient.invalidateQueries({ queryKey: [...contentRequestsQueryRoot, 'list'] });
    },
  });
}

export function useUpdateContentRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentRequestDraftInput) => updateContentRequest(id, input),
    onSuccess: (request) => {
      queryClient.setQueryData(contentRequestQueryKey(id), request);
      void queryClient.invalidateQueries({ queryKey: [...contentRequestsQueryRoot, 'list'] });
    },
  });
}

export function useDeleteContentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentRequest,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...contentRequestsQueryRoot, 'list'] }),
  });
}

/** POST /v2/content-request-influencers/:line_id/transitions {transition: 'cancel'}. */
export async function cancelLine(lineId: number): Promise<void> {
  await apiRequest<unknown>(`/content-request-influencers/${lineId}/transitions`, {
    method: 'POST',
    body: { transition: 'cancel' },
  });
}

export function useCancelLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentRequestsQueryRoot }),
  });
}

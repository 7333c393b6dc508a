import type {
  AdminDispute,
  LineDelivery,
  ReviewBody,
} from '@clipmarket/contracts/content-delivery';
import type {
  AdvertiserLine,
  ContentRequest,
  LineSource,
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

/**
 * One line as its advertiser sees it (issue 11): where it came from (a request, or an
 * opportunity's approved application), what was asked, and the delivery.
 */
export type AdvertiserLineView = AdvertiserLine & {
  viewer: 'advertiser';
  content_request_id: number | null;
  source: LineSource;
  title: string;
  brief: AdminDispute['brief'];
} & Partial<LineDelivery>;

/** Every query of this feature: a notification or a decision refreshes them all. */
export const manageContentQueryRoot = ['manage-content'] as const;
export const lineQueryKey = (id: number) => [...manageContentQueryRoot, 'line', id] as const;
export const quoteQueryKey = (id: number) => [...manageContentQueryRoot, 'quote', id] as const;

/** The filters of `/manage-content` (spec §4): the lines to review and to follow. */
export const manageFilters = ['to_review', 'approved', 'completed', 'debriefed'] as const;
export type ManageFilter = (typeof manageFilters)[number] & AdvertiserRequestFilter;

export interface RequestPage {
  data: ContentRequest[];
  next_before: number | null;
}

/** GET /v2/content-requests?filter=: the advertiser's requests whose lines match the filter. */
export function useManagedRequests(filter: ManageFilter) {
  return useInfiniteQuery({
    queryKey: [...manageContentQueryRoot, 'list', filter],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ filter, limit: '20' });
      if (pageParam !== null) query.set('before', String(pageParam));
      return apiRequest<RequestPage>(`/content-requests?${query.toString()}`, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

/** How often a line is read again while its video is processed or its payment confirmed. */
export const LINE_POLL_MS = 3000;

/** GET /v2/content-request-influencers/{id}: the line, its videos, feedback and links. */
export function useAdvertiserLine(
  id: number | null,
  pollWhile?: (line: AdvertiserLineView) => boolean,
) {
  return useQuery({
    queryKey: lineQueryKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: AdvertiserLineView }>(`/content-request-influencers/${id}`, {
          signal,
        })
      ).data,
    enabled: id !== null,
    refetchInterval: (query) =>
      pollWhile && query.state.data && pollWhile(query.state.data) ? LINE_POLL_MS : false,
  });
}

/** POST /v2/content-request-influencers/{id}/review: approve, debrief or reject the video. */
export function useReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewBody) =>
      (
        await apiRequest<{ data: AdvertiserLineView }>(
          `/content-request-influencers/${id}/review`,
          {
            method: 'POST',
            body,
          },
        )
      ).data,
    onSuccess: (line) => {
      queryClient.setQueryData(lineQueryKey(id), line);
      void queryClient.invalidateQueries({ queryKey: [...manageContentQueryRoot, 'list'] });
      void queryClient.invalidateQueries({ queryKey: quoteQueryKey(id) });
    },
  });
}

export interface PaymentQuote {
  content_fee: number;
  funds_secured: boolean;
  wallet_available: number;
  wallet_covers: boolean;
}

/** GET /v2/content-request-influencers/{id}/payment: what paying the approved video costs. */
export function usePaymentQuote(id: number, enabled: boolean) {
  return useQuery({
    queryKey: quoteQueryKey(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: PaymentQuote }>(`/content-request-influencers/${id}/payment`, {
          signal,
        })
      ).data,
    enabled,
  });
}

export interface PayInput {
  method: 'wallet' | 'gateway';
  idempotencyKey: string;
}

/**
 * POST /v2/content-request-influencers/{id}/payment: reserved funds or the wallet pay at once,
 * the gateway answers its page. The same `Idempotency-Key` answers the first result again.
 */
export function usePayLine(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, idempotencyKey }: PayInput) =>
      (
        await apiRequest<{
          data: { status: 'paid' | 'awaiting_payment'; payment_url: string | null };
        }>(`/content-request-influencers/${id}/payment`, {
          method: 'POST',
          body: { method },
          headers: { 'Idempotency-Key': idempotencyKey },
        })
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: manageContentQueryRoot });
    },
  });
}

/** GET …/videos/{video_id}/original: a short-lived signed link to the HD file (once paid). */
export async function getOriginalLink(id: number, videoId: number) {
  return (
    await apiRequest<{ data: { url: string; expires_at: string; file_name: string } }>(
      `/content-request-influencers/${id}/videos/${videoId}/original`,
    )
  ).data;
}

/**
 * PUT /v2/content-request-influencers/{id}/showcase: the advertiser allows (or stops allowing)
 * the creator to show the published video in their media kit and in Get inspired (issue 25).
 * The switch moves at once; a refusal puts it back.
 */
export function useLineShowcase(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (allowed: boolean) =>
      (
        await apiRequest<{ data: AdvertiserLineView }>(
          `/content-request-influencers/${id}/showcase`,
          { method: 'PUT', body: { allowed } },
        )
      ).data,
    onMutate: (allowed) => {
      const previous = queryClient.getQueryData<AdvertiserLineView>(lineQueryKey(id));
      if (previous) {
        queryClient.setQueryData(lineQueryKey(id), { ...previous, showcase_allowed: allowed });
      }
      return { previous };
    },
    onError: (_error, _allowed, context) => {
      if (context?.previous) queryClient.setQueryData(lineQueryKey(id), context.previous);
    },
    // The answer is the line as the server has it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineQueryKey(id) }),
  });
}

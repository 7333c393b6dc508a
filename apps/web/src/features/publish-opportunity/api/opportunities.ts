import type {
  Opportunity,
  OpportunityDraftInput,
  OpportunityLimits,
  OpportunityQuote,
  OpportunityWithCounts,
} from '@clipmarket/contracts/opportunities';
import type { PaymentMethod } from '@clipmarket/contracts/content-requests';
import type {
  OpportunityFilter,
  OpportunityState,
} from '@clipmarket/contracts/workflows/opportunity';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type OpportunityListFilter = OpportunityFilter | 'draft';

/** Every query of this feature. */
export const opportunitiesQueryRoot = ['opportunities'] as const;
export const opportunityQueryKey = (id: number) => [...opportunitiesQueryRoot, 'one', id] as const;
const listRoot = [...opportunitiesQueryRoot, 'list'] as const;
export const opportunityListQueryKey = (filter: OpportunityListFilter) =>
  [...listRoot, filter] as const;

/** GET /v2/opportunities/:id: one of the advertiser's opportunities. */
export async function getOpportunity(id: number, signal?: AbortSignal): Promise<Opportunity> {
  const body = await apiRequest<{ data: Opportunity }>(`/opportunities/${id}`, { signal });
  return body.data;
}

/** GET /v2/opportunities/limits: the business settings the publishing screens show. */
export function useOpportunityLimits() {
  return useQuery({
    queryKey: [...opportunitiesQueryRoot, 'limits'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: OpportunityLimits }>('/opportunities/limits', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** How often an opportunity whose payment is not confirmed yet is read again. */
export const PENDING_POLL_MS = 2000;

/** `id` null: nothing to read (a new draft). `pollWhile`: read again every 2 s while it holds. */
export function useOpportunity(
  id: number | null,
  options: { pollWhile?: (opportunity: Opportunity) => boolean } = {},
) {
  const { pollWhile } = options;
  return useQuery({
    queryKey: opportunityQueryKey(id ?? 0),
    queryFn: ({ signal }) => getOpportunity(id!, signal),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    refetchInterval: (query) =>
      pollWhile && query.state.data && pollWhile(query.state.data) ? PENDING_POLL_MS : false,
  });
}

export interface OpportunityPage {
  data: OpportunityWithCounts[];
  next_before: number | null;
}

export const LIST_PAGE_SIZE = 20;

/** GET /v2/opportunities?filter=&before=&limit=: one page, newest first (keyset). */
export async function listOpportunities(
  filter: OpportunityListFilter,
  before: number | null,
  signal?: AbortSignal,
): Promise<OpportunityPage> {
  const query = new URLSearchParams({ filter, limit: String(LIST_PAGE_SIZE) });
  if (before !== null) query.set('before', String(before));
  return apiRequest<OpportunityPage>(`/opportunities?${query.toString()}`, { signal });
}

export function useOpportunityList(filter: OpportunityListFilter) {
  return useInfiniteQuery({
    queryKey: opportunityListQueryKey(filter),
    queryFn: ({ pageParam, signal }) => listOpportunities(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

/** POST /v2/opportunities: a new draft, from whatever step it is saved at. */
export async function createOpportunity(input: OpportunityDraftInput): Promise<Opportunity> {
  const body = await apiRequest<{ data: Opportunity }>('/opportunities', {
    method: 'POST',
    body: input,
  });
  return body.data;
}

/** PATCH /v2/opportunities/:id: the draft's fields (a draft may be saved half-filled). */
export async function updateOpportunity(
  id: number,
  input: OpportunityDraftInput,
): Promise<Opportunity> {
  const body = await apiRequest<{ data: Opportunity }>(`/opportunities/${id}`, {
    method: 'PATCH',
    body: input,
  });
  return body.data;
}

/** DELETE /v2/opportunities/:id: discards a draft (204). */
export async function deleteOpportunity(id: number): Promise<void> {
  await apiRequest<unknown>(`/opportunities/${id}`, { method: 'DELETE' });
}

/**
 * Saves the draft: POST the first time (`id` null), PATCH after. The answer goes into the cache
 * under its id, so the page it moves to reads it at once.
 */
export function useSaveOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OpportunityDraftInput }) =>
      id === null ? createOpportunity(input) : updateOpportunity(id, input),
    onSuccess: (opportunity) => {
      queryClient.setQueryData(
        opportunityQueryKey(opportunity.content_opportunity_id),
        opportunity,
      );
      void queryClient.invalidateQueries({ queryKey: listRoot });
    },
  });
}

export function useDeleteOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOpportunity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listRoot }),
  });
}

/** GET /v2/opportunities/:id/quote?promo_code=: the platform fee as the server prices it. */
export async function quoteOpportunity(
  id: number,
  promoCode: string | null,
  signal?: AbortSignal,
): Promise<OpportunityQuote> {
  const query = promoCode ? `?${new URLSearchParams({ promo_code: promoCode }).toString()}` : '';
  const body = await apiRequest<{ data: OpportunityQuote }>(`/opportunities/${id}/quote${query}`, {
    signal,
  });
  return body.data;
}

export function useOpportunityQuote(id: number, promoCode: string | null) {
  return useQuery({
    queryKey: [...opportunitiesQueryRoot, 'quote', id, promoCode],
    queryFn: ({ signal }) => quoteOpportunity(id, promoCode, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface OpportunityCheckoutInput {
  id: number;
  method: PaymentMethod;
  promoCode: string | null;
  idempotencyKey: string;
}

export interface OpportunityCheckoutResult {
  content_opportunity_id: number;
  state: OpportunityState;
  payment_url: string | null;
  payment_id: number | null;
}

/**
 * POST /v2/opportunities/:id/checkout: the wallet pays at once (the opportunity goes live), the
 * gateway answers the page to send the payer to. The same `Idempotency-Key` with the same body
 * answers the first result, so a retry after a network error never pays twice.
 */
export async function checkoutOpportunity(
  input: OpportunityCheckoutInput,
): Promise<OpportunityCheckoutResult> {
  const body = await apiRequest<{ data: OpportunityCheckoutResult }>(
    `/opportunities/${input.id}/checkout`,
    {
      method: 'POST',
      body: { method: input.method, ...(input.promoCode ? { promo_code: input.promoCode } : {}) },
      headers: { 'Idempotency-Key': input.idempotencyKey },
    },
  );
  return body.data;
}

export function useCheckoutOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkoutOpportunity,
    // Not awaited: the caller's toast and navigation come first.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: opportunitiesQueryRoot });
    },
  });
}

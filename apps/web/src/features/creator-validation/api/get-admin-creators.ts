import type { AdminCreatorsResponse, AdminCreator } from '@clipmarket/contracts/creator-validation';
import type { CreatorValidationState } from '@clipmarket/contracts/workflows/creator-validation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminCreatorsQueryRoot } from '../../../lib/pending-creators';
import { type ReferenceLanguage, useReferenceLanguage } from '../../../lib/reference-data';

export type { AdminCreator };
export type AdminCreatorsPage = AdminCreatorsResponse['data'];

/** Creators shown per "Load more". */
export const ADMIN_CREATORS_PAGE_SIZE = 20;

export const adminCreatorsQueryKey = (
  state: CreatorValidationState,
  labelLanguage: ReferenceLanguage,
) => [...adminCreatorsQueryRoot, 'list', state, labelLanguage] as const;

/**
 * GET /v2/admin/creators?state=&cursor=&limit= (ADMIN): creator accounts in one validation
 * state, oldest waiting first, one keyset page at a time. Category labels come in the
 * interface language.
 */
export async function getAdminCreators(
  params: {
    state: CreatorValidationState;
    cursor: string | null;
    labelLanguage: ReferenceLanguage;
  },
  signal?: AbortSignal,
): Promise<AdminCreatorsPage> {
  const query = new URLSearchParams({
    state: params.state,
    limit: String(ADMIN_CREATORS_PAGE_SIZE),
  });
  if (params.cursor) query.set('cursor', params.cursor);
  const body = await apiRequest<AdminCreatorsResponse>(`/admin/creators?${query.toString()}`, {
    signal,
    headers: { 'accept-language': params.labelLanguage },
  });
  return body.data;
}

export function useAdminCreators(state: CreatorValidationState) {
  const labelLanguage = useReferenceLanguage();
  return useInfiniteQuery({
    queryKey: adminCreatorsQueryKey(state, labelLanguage),
    queryFn: ({ pageParam, signal }) =>
      getAdminCreators({ state, cursor: pageParam, labelLanguage }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

import type {
  LicencePage,
  LicenceSummary,
  SparkCodeBody,
} from '@clipmarket/contracts/licence-lifecycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * A line's usage licence (issue 27 §1): its page, the advertiser's one-click renewal and the
 * creator's Spark code. Shared by the licence page, the advertiser's review screen (the expired
 * state and the renew button where HD is downloaded) and the creator's line page (the code).
 */
export type { LicencePage, LicenceSummary };

export const licenceQueryKey = (lineId: number) => ['licences', lineId] as const;

/** GET /v2/licences/{content_request_influencer_id}. */
export function useLicence(lineId: number | null) {
  return useQuery({
    queryKey: licenceQueryKey(lineId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: LicencePage }>(`/licences/${lineId}`, { signal })).data,
    enabled: lineId !== null,
  });
}

/**
 * POST /v2/licences/{id}/renew from the wallet: the term being renewed is sent, so a second
 * click renews nothing more; one Idempotency-Key per click. Everything showing the line is
 * read again after it (the licence, the review screen, the wallet).
 */
export function useRenewLicence(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (term: number) =>
      (
        await apiRequest<{ data: { renewed: boolean; licence: LicenceSummary } }>(
          `/licences/${lineId}/renew`,
          {
            method: 'POST',
            body: { term },
            headers: { 'Idempotency-Key': crypto.randomUUID() },
          },
        )
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}

/** PUT /v2/licences/{id}/spark-code: the creator's code and the day it expires. */
export function useSaveSparkCode(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SparkCodeBody) =>
      (
        await apiRequest<{ data: LicenceSummary }>(`/licences/${lineId}/spark-code`, {
          method: 'PUT',
          body,
        })
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}

export const licencePath = (lineId: number) => `/licences/${lineId}`;
export const WALLET_TOP_UP_PATH = '/track-payments/my-wallet';

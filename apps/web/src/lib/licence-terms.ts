import {
  licenceChannels,
  licenceDurations,
  licenceTerritories,
  wordLicenceTerms,
  type LicenceAddOn,
  type LicenceRateEntry,
  type LicenceTerms,
  type LicenceWords,
  type SuggestedLicenceRates,
} from '@clipmarket/contracts/licences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { formatPercentage } from './format';
import { useTranslation } from './use-translation';

/**
 * Usage licences before they are bought (issue 27 §1): the suggested surcharges the request
 * and opportunity forms show, the creator's own rates, and the wording of a licence's terms in
 * the interface language (texts: `common` `licence.*`).
 */

export type { LicenceRateEntry, LicenceTerms, SuggestedLicenceRates };

/** GET /v2/licence-rates/suggested: the business settings' rate per add-on (basis points). */
export function useSuggestedLicenceRates() {
  return useQuery({
    queryKey: ['licence-rates', 'suggested'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { rates: SuggestedLicenceRates } }>('/licence-rates/suggested', {
          signal,
        })
      ).data.rates,
    staleTime: 5 * 60_000,
  });
}

export const ownLicenceRatesQueryKey = ['licence-rates', 'me'] as const;

/** GET /v2/influencer/licence-rates: the creator's rate per add-on, own or suggested. */
export function useOwnLicenceRates() {
  return useQuery({
    queryKey: ownLicenceRatesQueryKey,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { rates: LicenceRateEntry[] } }>('/influencer/licence-rates', {
          signal,
        })
      ).data.rates,
  });
}

/** PUT /v2/influencer/licence-rates: one rate per add-on; null goes back to the suggested. */
export function useSaveLicenceRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rates: Record<LicenceAddOn, number | null>) =>
      (
        await apiRequest<{ data: { rates: LicenceRateEntry[] } }>('/influencer/licence-rates', {
          method: 'PUT',
          body: { rates },
        })
      ).data.rates,
    onSuccess: (rates) => queryClient.setQueryData(ownLicenceRatesQueryKey, rates),
  });
}

/** `+30 %` of a rate in basis points, in the interface language. */
export function surchargeText(basisPoints: number, language: string): string {
  return `+${formatPercentage(basisPoints / 100, language)}`;
}

/** The wording of terms: "licence: organic + paid ads, 90 days, MENA" in the interface language. */
export function useLicenceWording() {
  const { t } = useTranslation('common');
  const words = (): LicenceWords => ({
    prefix: t('licence.words.prefix'),
    channels: Object.fromEntries(
      licenceChannels.map((c) => [c, t(`licence.words.channels.${c}`)]),
    ) as LicenceWords['channels'],
    durations: Object.fromEntries(
      licenceDurations.map((d) => [d, t(`licence.words.durations.${d}`)]),
    ) as LicenceWords['durations'],
    territories: Object.fromEntries(
      licenceTerritories.map((r) => [r, t(`licence.words.territories.${r}`)]),
    ) as LicenceWords['territories'],
    exclusivity: t('licence.words.exclusivity'),
    separator: t('licence.words.separator'),
  });
  return {
    /** "organic + paid ads, 90 days, MENA". */
    terms: (terms: Omit<LicenceTerms, 'exclusivity_days'> & { exclusivity_days: number }) =>
      wordLicenceTerms(terms, words()),
    /** "licence:" before the terms (its colon included). */
    prefix: () => t('licence.words.prefix'),
  };
}

import type { CountryState } from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAcceptLanguage } from './accept-language';

/** GET /v2/country/states/{country} (spec §7): the cities offered for one country. */
export async function getStates(
  country: string,
  language: string,
  signal?: AbortSignal,
): Promise<CountryState[]> {
  const body = await apiRequest<{ data: CountryState[] }>(
    `/country/states/${encodeURIComponent(country)}`,
    { signal, headers: { 'accept-language': language } },
  );
  return body.data;
}

/**
 * Spec §7 acts only on a 200: any failure leaves the list empty (query in error state).
 * `language` overrides the interface language (names are localized by the API).
 */
export function useStates(country: string | null | undefined, languageOverride?: string) {
  const interfaceLanguage = useAcceptLanguage();
  const language = languageOverride ?? interfaceLanguage;
  return useQuery({
    queryKey: ['reference', 'states', country, language],
    queryFn: ({ signal }) => getStates(country as string, language, signal),
    enabled: Boolean(country),
    staleTime: Infinity,
  });
}

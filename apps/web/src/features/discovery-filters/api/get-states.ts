import type { CountryState } from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useReferenceLanguage } from './reference-language';

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

/** Keyed by country: choosing another country loads its own list (spec §4). */
export function useStates(country: string) {
  const language = useReferenceLanguage();
  return useQuery({
    queryKey: ['reference', 'states', country, language],
    queryFn: ({ signal }) => getStates(country, language, signal),
    staleTime: Infinity,
  });
}

import type { Country } from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAcceptLanguage } from './accept-language';

/** GET /v2/country/find (spec §7). */
export async function getCountries(language: string, signal?: AbortSignal): Promise<Country[]> {
  const body = await apiRequest<{ data: Country[] }>('/country/find', {
    signal,
    headers: { 'accept-language': language },
  });
  return body.data;
}

export function useCountries(enabled = true) {
  const language = useAcceptLanguage();
  return useQuery({
    queryKey: ['reference', 'countries', language],
    queryFn: ({ signal }) => getCountries(language, signal),
    staleTime: Infinity,
    enabled,
  });
}

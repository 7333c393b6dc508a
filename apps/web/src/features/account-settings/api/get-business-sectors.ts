import type { BusinessSector } from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAcceptLanguage } from './accept-language';

/** GET /v2/business-sector/find (spec §7). */
export async function getBusinessSectors(
  language: string,
  signal?: AbortSignal,
): Promise<BusinessSector[]> {
  const body = await apiRequest<{ data: BusinessSector[] }>('/business-sector/find', {
    signal,
    headers: { 'accept-language': language },
  });
  return body.data;
}

export function useBusinessSectors(enabled = true) {
  const language = useAcceptLanguage();
  return useQuery({
    queryKey: ['reference', 'business-sectors', language],
    queryFn: ({ signal }) => getBusinessSectors(language, signal),
    staleTime: Infinity,
    enabled,
  });
}

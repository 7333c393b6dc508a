import type { ReferenceEnums } from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useReferenceLanguage } from './reference-language';

/** GET /v2/reference/enums: genders, ages, platforms and search bands with labels. */
export async function getReferenceEnums(
  language: string,
  signal?: AbortSignal,
): Promise<ReferenceEnums> {
  const body = await apiRequest<{ data: ReferenceEnums }>('/reference/enums', {
    signal,
    headers: { 'accept-language': language },
  });
  return body.data;
}

export function useReferenceEnums(enabled = true) {
  const language = useReferenceLanguage();
  return useQuery({
    queryKey: ['reference', 'enums', language],
    queryFn: ({ signal }) => getReferenceEnums(language, signal),
    staleTime: Infinity,
    enabled,
  });
}

import type { Category } from '@clipmarket/contracts/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAcceptLanguage } from './accept-language';

/** GET /v2/category/find (spec §7). */
export async function getCategories(language: string, signal?: AbortSignal): Promise<Category[]> {
  const body = await apiRequest<{ data: Category[] }>('/category/find', {
    signal,
    headers: { 'accept-language': language },
  });
  return body.data;
}

export function useCategories(enabled = true) {
  const language = useAcceptLanguage();
  return useQuery({
    queryKey: ['reference', 'categories', language],
    queryFn: ({ signal }) => getCategories(language, signal),
    staleTime: Infinity,
    enabled,
  });
}

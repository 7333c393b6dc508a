import type { GetInspiredPage, InspirationVideo } from '@clipmarket/contracts/get-inspired';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { GetInspiredPage, InspirationVideo };

/** The gallery's filters; null is "any". */
export interface InspirationFilters {
  categoryId: number | null;
  contentType: string | null;
  platform: 'instagram' | 'tiktok' | null;
  videoDuration: 15 | 30 | 60 | null;
}

export const noFilters: InspirationFilters = {
  categoryId: null,
  contentType: null,
  platform: null,
  videoDuration: null,
};

export const GALLERY_PAGE_SIZE = 12;
export const galleryQueryRoot = ['get-inspired'] as const;

/**
 * GET /v2/get-inspired: published videos both their creator and their advertiser allowed
 * showing, newest first, one page before the `before` of the previous one.
 */
export async function listInspirationVideos(
  filters: InspirationFilters,
  before: number | null,
  signal?: AbortSignal,
): Promise<GetInspiredPage> {
  const query = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE) });
  if (filters.categoryId !== null) query.set('category_id', String(filters.categoryId));
  if (filters.contentType !== null) query.set('content_type', filters.contentType);
  if (filters.platform !== null) query.set('platform', filters.platform);
  if (filters.videoDuration !== null) query.set('video_duration', String(filters.videoDuration));
  if (before !== null) query.set('before', String(before));
  return apiRequest<GetInspiredPage>(`/get-inspired?${query.toString()}`, { signal });
}

export function useInspirationVideos(filters: InspirationFilters) {
  return useInfiniteQuery({
    queryKey: [...galleryQueryRoot, filters],
    queryFn: ({ pageParam, signal }) => listInspirationVideos(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    placeholderData: keepPreviousData,
  });
}

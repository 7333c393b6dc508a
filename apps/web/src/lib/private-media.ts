import type { Efile, MediaSize, PrivateUrl } from '@clipmarket/contracts/media';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// Apart from lib/media.ts (public read URLs, in the shell's first download): only the screens
// that show a CIN scan load this.

/** GET /v2/media/private-url: a read URL of a file the caller may read, signed if private. */
export async function fetchPrivateMediaUrl(
  fileId: number,
  size: MediaSize,
  signal?: AbortSignal,
): Promise<PrivateUrl> {
  const query = new URLSearchParams({ file_id: String(fileId), size });
  const body = await apiRequest<{ data: PrivateUrl }>(`/media/private-url?${query.toString()}`, {
    signal,
  });
  return body.data;
}

/**
 * Signed URLs work 10 minutes: renewed well before, so that a URL taken from the cache or kept
 * by a long-open page still loads.
 */
const SIGNED_URL_REFRESH_MS = 4 * 60_000;

/**
 * The signed read URL of a private file (CIN scan) as a query (loading, error, data), renewed
 * before it expires; no access token ever goes into it. Disabled without a file id.
 */
export function usePrivateMediaUrlQuery(fileId: number | null | undefined, size: MediaSize) {
  return useQuery({
    queryKey: ['media', 'private-url', fileId, size],
    queryFn: ({ signal }) => fetchPrivateMediaUrl(fileId!, size, signal),
    enabled: fileId !== undefined && fileId !== null,
    staleTime: SIGNED_URL_REFRESH_MS,
    gcTime: SIGNED_URL_REFRESH_MS,
    refetchInterval: SIGNED_URL_REFRESH_MS,
  });
}

/**
 * The read URL of a private file (CIN scan) for an <img>: short-lived and signed by the API
 * for its owner or an admin. Undefined while loading or without a file.
 */
export function usePrivateMediaUrl(
  efile: Pick<Efile, 'file_id'> | null | undefined,
  size: MediaSize = 'medium',
): string | undefined {
  return usePrivateMediaUrlQuery(efile?.file_id, size).data?.url;
}

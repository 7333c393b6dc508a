import type { MediaSize } from '@clipmarket/contracts/media';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What GET /v2/media/private-url answers (contracts/media `PrivateUrl`). */
export interface PrivateUrl {
  url: string;
  expires_at: string | null;
}

/**
 * GET /v2/media/private-url?file_id=&size= : a short-lived signed read URL of a private file
 * (a CIN scan) the caller may read, for <img> and links that cannot send the bearer header.
 */
export async function getPrivateUrl(
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

/** Asked again each time it is shown: a signed URL only lasts a few minutes. */
export function usePrivateUrl(fileId: number | null, size: MediaSize) {
  return useQuery({
    queryKey: ['media', 'private-url', fileId, size] as const,
    queryFn: ({ signal }) => getPrivateUrl(fileId as number, size, signal),
    enabled: fileId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

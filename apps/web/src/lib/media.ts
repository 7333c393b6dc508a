import type { Efile, MediaPurpose, MediaSize } from '@clipmarket/contracts/media';
import { API_BASE } from './api-client';

export type { MediaPurpose, MediaSize };

export interface MediaUrlOptions {
  /** Ask for the file as a download (original name, Content-Disposition attachment). */
  download?: boolean;
}

/**
 * Read URL of a stored public file (spec §7 "Media read": /v2/media/{size}/{token}.{ext}), or
 * undefined when there is no file. Images come in thumb (160 px), medium (640 px) and full;
 * documents have one size, any of them serves it. Private files (CIN scans) need a signed
 * URL: `usePrivateMediaUrl` (lib/private-media.ts). An access token never goes into a URL.
 */
export function mediaUrl(
  efile: Pick<Efile, 'token' | 'file_extension'> | null | undefined,
  size: MediaSize = 'medium',
  opts: MediaUrlOptions = {},
): string | undefined {
  if (!efile) return undefined;
  const url = `${API_BASE}/media/${size}/${encodeURIComponent(efile.token)}.${efile.file_extension}`;
  const params = new URLSearchParams();
  if (opts.download) params.set('action', 'download');
  const query = params.toString();
  return query ? `${url}?${query}` : url;
}

import type { ErrorResponse } from '@clipmarket/contracts/errors';
import type { Efile, MediaPurpose, MediaSize, PrivateUrl } from '@clipmarket/contracts/media';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, apiRequest, refreshSession } from './api-client';
import { readTokens } from './session';

export type { MediaPurpose, MediaSize };

export interface MediaUrlOptions {
  /** Ask for the file as a download (original name, Content-Disposition attachment). */
  download?: boolean;
}

/**
 * Read URL of a stored public file (spec §7 "Media read": /v2/media/{size}/{token}.{ext}), or
 * undefined when there is no file. Images come in thumb (160 px), medium (640 px) and full;
 * documents have one size, any of them serves it. Private files (CIN scans) need a signed
 * URL: `usePrivateMediaUrl`. An access token never goes into a URL.
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

/** Upload route by purpose: /media/upload for profile, cin and document (images or PDF). */
function uploadPath(purpose: MediaPurpose): string {
  return `${API_BASE}/media/upload?purpose=${encodeURIComponent(purpose)}`;
}

interface XhrResult {
  status: number;
  body: unknown;
}

function sendOnce(
  file: File,
  purpose: MediaPurpose,
  onProgress: ((percent: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadPath(purpose));
    const token = readTokens()?.accessToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'NETWORK', 'Network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one file (spec §7 POST /media/upload, progress variant) and resolves with its efile.
 * XMLHttpRequest rather than fetch: only XHR reports upload progress. An expired session is
 * refreshed once and the upload retried; failures reject with the server's ApiError
 * (INVALID_FILE_TYPE, PAYLOAD_TOO_LARGE, …), an aborted upload with an AbortError.
 */
export async function uploadFile(
  file: File,
  purpose: MediaPurpose,
  onProgress?: (percent: number) => void,
  options: { signal?: AbortSignal } = {},
): Promise<Efile> {
  let result = await sendOnce(file, purpose, onProgress, options.signal);
  if (result.status === 401 && readTokens()?.refreshToken && (await refreshSession())) {
    onProgress?.(0);
    result = await sendOnce(file, purpose, onProgress, options.signal);
  }
  if (result.status < 200 || result.status >= 300) {
    const error = (result.body as ErrorResponse | undefined)?.error;
    throw new ApiError(
      result.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? 'Upload failed',
      error?.fields,
    );
  }
  onProgress?.(100);
  return (result.body as { data: Efile }).data;
}

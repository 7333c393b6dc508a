import type { ErrorResponse } from '@clipmarket/contracts/errors';
import type { Efile, MediaPurpose } from '@clipmarket/contracts/media';
import { API_BASE, ApiError, failWith, refreshSession } from './api-client';
import { readTokens } from './session';

// Apart from lib/media.ts (read URLs, in the shell's first download): only screens that upload
// load this.

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
export function uploadFile(
  file: File,
  purpose: MediaPurpose,
  onProgress?: (percent: number) => void,
  options: { signal?: AbortSignal } = {},
): Promise<Efile> {
  // Its failures come with their texts, as the API client's do.
  return sendWithRefresh(file, purpose, onProgress, options.signal).catch((error: unknown) =>
    error instanceof ApiError ? failWith(error) : Promise.reject(error),
  );
}

async function sendWithRefresh(
  file: File,
  purpose: MediaPurpose,
  onProgress: ((percent: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Efile> {
  let result = await sendOnce(file, purpose, onProgress, signal);
  if (result.status === 401 && readTokens()?.refreshToken && (await refreshSession())) {
    onProgress?.(0);
    result = await sendOnce(file, purpose, onProgress, signal);
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

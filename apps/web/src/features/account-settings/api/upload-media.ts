import type { Efile } from '@clipmarket/contracts/users';
import type { ErrorResponse } from '@clipmarket/contracts/errors';
import { API_BASE, ApiError, refreshSession } from '../../../lib/api-client';
import { readTokens } from '../../../lib/session';

export type UploadPurpose = 'profile' | 'cin';

interface XhrResult {
  status: number;
  body: unknown;
}

function sendUpload(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/media/upload?purpose=${purpose}`);
    const token = readTokens()?.accessToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * POST /v2/media/upload?purpose=… (spec §7, progress variant). XMLHttpRequest rather than
 * fetch because only XHR reports upload progress. Retries once after refreshing an expired token.
 */
export async function uploadMedia(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void = () => {},
): Promise<Efile> {
  let result = await sendUpload(file, purpose, onProgress);
  if (result.status === 401 && readTokens()?.refreshToken && (await refreshSession())) {
    result = await sendUpload(file, purpose, onProgress);
  }
  if (result.status < 200 || result.status >= 300) {
    const err = (result.body as ErrorResponse | undefined)?.error;
    throw new ApiError(result.status, err?.code ?? 'INTERNAL', err?.message ?? '', err?.fields);
  }
  return (result.body as { data: Efile }).data;
}

/** Public image read URL; private files (CIN scans) use `usePrivateMediaUrl` (signed). */
export function mediaUrl(
  file: Pick<Efile, 'token' | 'file_extension'>,
  size: 'thumb' | 'medium' | 'full' = 'medium',
): string {
  return `${API_BASE}/media/${size}/${file.token}.${file.file_extension}`;
}

import { VIDEO_UPLOAD_PATH } from '@clipmarket/contracts/content-delivery';
import type { DetailedError, Upload } from 'tus-js-client';
import { API_BASE, refreshSession } from '../../lib/api-client';
import { readTokens } from '../../lib/session';

/** Waits between tries after a dropped connection (tus resumes from the server's offset). */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface UploadFailure {
  status: number | null;
  code: string | null;
  message: string | null;
}

export interface VideoUploadHandlers {
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (failure: UploadFailure) => void;
}

export interface VideoUpload {
  pause: () => void;
  resume: () => void;
  cancel: () => Promise<void>;
}

/** Same file, same line: a reload or another try finds the unfinished upload and resumes it. */
export const fingerprintOf = (file: File, lineId: number) =>
  ['clipmarket-video', lineId, file.name, file.type, file.size, file.lastModified].join('-');

/** An upload of the line left unfinished in this browser (a reload, a closed tab). */
export interface UnfinishedUpload {
  filename: string;
  size: number;
  uploadUrl: string | null;
}

/**
 * The unfinished upload of `lineId` that tus-js-client remembers in localStorage (its
 * fingerprint, above, starts with the line), or null. Choosing the same file resumes it.
 */
export function unfinishedUploadOf(lineId: number): UnfinishedUpload | null {
  if (typeof localStorage === 'undefined') return null;
  const prefix = `tus::clipmarket-video-${lineId}-`;
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key?.startsWith(prefix)) continue;
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? '') as {
        size?: number;
        metadata?: { filename?: string };
        uploadUrl?: string;
      };
      return {
        filename: stored.metadata?.filename ?? '',
        size: stored.size ?? 0,
        uploadUrl: stored.uploadUrl ?? null,
      };
    } catch {
      // Not one of ours: skipped.
    }
  }
  return null;
}

/** How many bytes of an unfinished upload the server has (tus HEAD), or null if unknown. */
export async function uploadedBytesOf(uploadUrl: string): Promise<number | null> {
  try {
    const token = readTokens()?.accessToken;
    const response = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    const offset = Number(response.headers.get('upload-offset'));
    return response.ok && Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}

/** The server's `{ error: { code, message } }` of a refused request, when it sent one. */
function failureOf(error: Error | DetailedError): UploadFailure {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { status: null, code: null, message: null };
  const status = response.getStatus();
  try {
    const body = JSON.parse(response.getBody()) as { error?: { code?: string; message?: string } };
    return { status, code: body.error?.code ?? null, message: body.error?.message ?? null };
  } catch {
    return { status, code: null, message: null };
  }
}

// A 401 refreshes the session (as the api client does); every request waits for it.
let refreshing: Promise<unknown> | null = null;

/**
 * Starts (or resumes) the tus upload of a video for a line. `tus-js-client` is imported here,
 * on demand: only the upload screen downloads it, never the first screen.
 */
export async function startVideoUpload(
  file: File,
  lineId: number,
  handlers: VideoUploadHandlers,
): Promise<VideoUpload> {
  const tus = await import('tus-js-client');
  const upload: Upload = new tus.Upload(file, {
    endpoint: `${API_BASE}${VIDEO_UPLOAD_PATH.replace(/^\/v2/, '')}`,
    retryDelays: RETRY_DELAYS,
    // 50 MB per PATCH: a dropped connection loses at most one chunk.
    chunkSize: 50 * 1024 * 1024,
    metadata: {
      content_request_influencer_id: String(lineId),
      filename: file.name,
      filetype: file.type,
      consent: 'true',
    },
    fingerprint: async () => fingerprintOf(file, lineId),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: async (request) => {
      if (refreshing) await refreshing;
      const token = readTokens()?.accessToken;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        if (!readTokens()?.refreshToken) return false;
        refreshing ??= refreshSession().finally(() => {
          refreshing = null;
        });
        return true;
      }
      // A refusal of ours (a JSON error body: consent, size, type, state) never gets better.
      if (failureOf(error).code) return false;
      const clientError = status >= 400 && status < 500 && status !== 409 && status !== 423;
      return !clientError && (typeof navigator === 'undefined' || navigator.onLine !== false);
    },
    onProgress: handlers.onProgress,
    onSuccess: () => handlers.onSuccess(),
    onError: (error) => handlers.onError(failureOf(error)),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return {
    pause: () => void upload.abort(false),
    resume: () => upload.start(),
    // Ends the unfinished upload on the server too (tus DELETE) and forgets it.
    cancel: () => upload.abort(true).catch(() => undefined),
  };
}

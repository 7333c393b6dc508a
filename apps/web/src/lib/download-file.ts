import { API_BASE, ApiError, refreshSession } from './api-client';
import { readTokens } from './session';

/** Saves what the page holds (a CSV it wrote, a PDF it fetched) under `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download: the URL may go once the event loop turns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

function fetchWithToken(path: string): Promise<Response> {
  const token = readTokens()?.accessToken;
  return fetch(`${API_BASE}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/**
 * GET a file of the API (an invoice's or a campaign report's PDF) with the bearer token — a
 * link could not send it — refreshed once on a 401, then saves it under `filename`. A refusal
 * rejects with the API's error, as `apiRequest` does.
 */
export async function downloadFile(path: string, filename: string) {
  let res: Response;
  try {
    res = await fetchWithToken(path);
    if (res.status === 401 && (await refreshSession())) res = await fetchWithToken(path);
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code?: ApiError['code']; message?: string };
    } | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'INTERNAL',
      body?.error?.message ?? res.statusText,
    );
  }
  saveFile(await res.blob(), filename);
}

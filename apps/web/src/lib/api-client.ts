import type { ErrorCode, ErrorResponse, FieldError } from '@clipmarket/contracts/errors';
import { loadNamespaces } from './i18n';
import { clearSession, markSessionExpired, readTokens, storeTokens } from './session';

/** Base of every API call (spec §7: API root plus /v2). Same origin in production. */
export const API_BASE = '/v2';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Accept-Language for reference data labels. */
  headers?: Record<string, string>;
  /** Skip the bearer token (public calls such as login). */
  anonymous?: boolean;
}

let refreshing: Promise<boolean> | null = null;

/** Exchanges the stored refresh token for a new pair; one refresh at a time for all callers. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokens = readTokens();
    if (!tokens?.refreshToken) return false;
    try {
      const res = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: tokens.refreshToken }),
      });
      if (!res.ok) {
        clearSession();
        markSessionExpired();
        return false;
      }
      const { data } = (await res.json()) as {
        data: { accessToken: string; refreshToken: string };
      };
      storeTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.anonymous ? null : readTokens()?.accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(`${API_BASE}${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
  });
}

/**
 * Rejects with `error` once the texts of the API's errors are in (the `errors` namespace, not
 * part of any first screen): whoever shows the failure finds its text (api-error-message.ts).
 * When they cannot be fetched either, the screen shows its own generic message.
 */
export async function failWith(error: ApiError): Promise<never> {
  await loadNamespaces(['errors']).catch(() => undefined);
  throw error;
}

/**
 * Calls the API with the stored bearer token. On a 401 it refreshes the session once and
 * retries; if that fails the 401 reaches the caller (getMe turns it into "Session expired").
 * Resolves with the parsed JSON body, or throws an ApiError with the server's code.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(path, options);
    if (res.status === 401 && !options.anonymous && readTokens()?.refreshToken) {
      if (await refreshSession()) res = await send(path, options);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return failWith(new ApiError(0, 'NETWORK', 'Network error'));
  }
  const text = await res.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const err = (json as ErrorResponse | undefined)?.error;
    return failWith(
      new ApiError(
        res.status,
        err?.code ?? 'INTERNAL',
        err?.message ?? res.statusText,
        err?.fields,
      ),
    );
  }
  return json as T;
}

import type { MetricPlatform, MetricSource } from '@clipmarket/contracts/publication-metrics';

/** The figures of one post as a platform gives them: null where it gives none. */
export interface PostFigures {
  views: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  watchTimeMs: number | null;
}

/** What connecting an account (or refreshing its token) gives. */
export interface AccountTokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  /** Null when the platform refreshes the access token itself (Instagram). */
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

export interface ConnectedAccountTokens extends AccountTokens {
  externalAccountId: string;
  username: string;
}

/** A connected account as a source reads with it. */
export interface SourceAccount {
  externalAccountId: string;
  accessToken: string;
}

/**
 * Why a read failed, as the jobs act on it: `token_expired` (reconnect needed), `rate_limited`
 * (retry later), `post_deleted` (recorded, never read again), `not_enough_viewers` (Instagram
 * gives nothing yet), `refused` (the platform said no: a bad code, a wrong app), `unavailable`
 * (network, timeout, 5xx: retry).
 */
export type SourceFailure =
  | 'token_expired'
  | 'rate_limited'
  | 'post_deleted'
  | 'not_enough_viewers'
  | 'refused'
  | 'unavailable';

export class MetricsSourceError extends Error {
  constructor(
    readonly failure: SourceFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MetricsSourceError';
  }
}

/**
 * One platform's metrics (issue 24 §2), behind which the real API or the built-in sandbox
 * answers: OAuth, token refresh, finding the post of a publication link, reading its figures.
 */
export interface MetricsSource {
  platform: MetricPlatform;
  source: MetricSource;
  /** Where the creator allows the access; the platform comes back to `redirectUri`. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<ConnectedAccountTokens>;
  refresh(tokens: { accessToken: string; refreshToken: string | null }): Promise<AccountTokens>;
  /** The platform's id of the post at `postUrl` among the account's posts, or null. */
  findMedia(account: SourceAccount, postUrl: string): Promise<string | null>;
  readFigures(account: SourceAccount, mediaId: string): Promise<PostFigures>;
}

export interface SourceHttpOptions {
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs?: number;
}

/** A request with a timeout; a network failure or a timeout is `unavailable`. */
export async function requestJson(
  options: SourceHttpOptions,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      ...init,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new MetricsSourceError('unavailable', `Request failed: ${(error as Error).name}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    // Not JSON (a proxy's error page): the status alone tells what happened.
    return { status: response.status, body: null };
  }
}

export const expiresIn = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

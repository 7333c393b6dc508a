import {
  MetricsSourceError,
  asRecord,
  expiresIn,
  numberOrNull,
  requestJson,
  type AccountTokens,
  type MetricsSource,
  type SourceHttpOptions,
} from './metrics-source.js';

export interface TikTokConfig extends SourceHttpOptions {
  /** `https://www.tiktok.com/v2/auth/authorize/` (or the sandbox's). */
  authorizeUrl: string;
  /** `https://open.tiktokapis.com` (or the sandbox's): `/v2/oauth/token/`, `/v2/video/…`. */
  apiUrl: string;
  clientKey: string;
  clientSecret: string;
}

const SCOPES = 'user.info.basic,video.list';
const FIGURE_FIELDS = 'id,view_count,like_count,comment_count,share_count,create_time';

/** The video id in `https://www.tiktok.com/@user/video/{id}` (short `vm.` links have none). */
export function tiktokVideoId(postUrl: string): string | null {
  if (!URL.canParse(postUrl)) return null;
  return /\/video\/(\d{1,30})(?:\/|$)/.exec(new URL(postUrl).pathname)?.[1] ?? null;
}

/**
 * TikTok's answer `{data, error:{code,message,log_id}}` as a failure: `access_token_invalid`
 * (expired or revoked), `rate_limit_exceeded`, else refused or unavailable.
 */
function apiFailure(status: number, body: unknown): MetricsSourceError | null {
  const error = asRecord(asRecord(body).error);
  const code = typeof error.code === 'string' ? error.code : status === 200 ? 'ok' : 'unknown';
  if (status === 200 && code === 'ok') return null;
  const message = typeof error.message === 'string' && error.message ? error.message : code;
  if (code === 'access_token_invalid' || status === 401) {
    return new MetricsSourceError('token_expired', message);
  }
  if (code === 'rate_limit_exceeded' || status === 429) {
    return new MetricsSourceError('rate_limited', message);
  }
  if (status >= 500 || code === 'internal_error')
    return new MetricsSourceError('unavailable', message);
  return new MetricsSourceError('refused', message);
}

/**
 * TikTok's Display API (issue 24 §2): OAuth v2 (an access token of 24 h with a refresh token),
 * the account's videos (`/v2/video/list/`, cursor and `has_more`) and the figures of given
 * videos (`/v2/video/query/`). TikTok gives no reach, saves or watch time.
 */
export function createTikTokSource(config: TikTokConfig): MetricsSource & {
  listVideos(
    account: { accessToken: string },
    cursor?: number,
  ): Promise<{ videos: Array<{ id: string; shareUrl: string | null }>; cursor: number | null }>;
} {
  const api = (path: string) => `${config.apiUrl.replace(/\/+$/, '')}${path}`;

  async function token(form: Record<string, string>): Promise<AccountTokens & { openId: string }> {
    const { status, body } = await requestJson(config, api('/v2/oauth/token/'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_key: config.clientKey,
        client_secret: config.clientSecret,
        ...form,
      }).toString(),
    });
    const answer = asRecord(body);
    const expires = numberOrNull(answer.expires_in);
    const refreshExpires = numberOrNull(answer.refresh_expires_in);
    if (
      status !== 200 ||
      typeof answer.access_token !== 'string' ||
      typeof answer.refresh_token !== 'string' ||
      expires === null
    ) {
      const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`;
      // An invalid refresh token means the creator must connect again.
      if (form.grant_type === 'refresh_token' && reason === 'invalid_grant') {
        throw new MetricsSourceError('token_expired', 'TikTok refused the refresh token');
      }
      throw new MetricsSourceError(
        status >= 500 ? 'unavailable' : 'refused',
        `TikTok refused the token request: ${reason}`,
      );
    }
    const now = config.now();
    return {
      accessToken: answer.access_token,
      accessTokenExpiresAt: expiresIn(now, expires),
      refreshToken: answer.refresh_token,
      refreshTokenExpiresAt: refreshExpires === null ? null : expiresIn(now, refreshExpires),
      openId: typeof answer.open_id === 'string' ? answer.open_id : '',
    };
  }

  async function call(accessToken: string, path: string, init: RequestInit = {}) {
    const { status, body } = await requestJson(config, api(path), {
      ...init,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const failure = apiFailure(status, body);
    if (failure) throw failure;
    return asRecord(asRecord(body).data);
  }

  const source = {
    platform: 'tiktok' as const,
    source: 'tiktok_api' as const,

    authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('client_key', config.clientKey);
      url.searchParams.set('scope', SCOPES);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }) {
      const { openId, ...tokens } = await token({
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      });
      const data = await call(
        tokens.accessToken,
        '/v2/user/info/?fields=open_id,username,display_name',
      );
      const user = asRecord(data.user);
      const externalAccountId = typeof user.open_id === 'string' ? user.open_id : openId;
      const username =
        typeof user.username === 'string'
          ? user.username
          : typeof user.display_name === 'string'
            ? user.display_name
            : '';
      if (!externalAccountId) throw new MetricsSourceError('refused', 'TikTok answered no account');
      return { ...tokens, externalAccountId, username };
    },

    async refresh({ refreshToken }: { accessToken: string; refreshToken: string | null }) {
      if (!refreshToken) throw new MetricsSourceError('token_expired', 'No refresh token');
      const { openId: _openId, ...tokens } = await token({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      return tokens;
    },

    async listVideos(account: { accessToken: string }, cursor?: number) {
      const data = await call(
        account.accessToken,
        '/v2/video/list/?fields=id,share_url,create_time',
        {
          method: 'POST',
          body: JSON.stringify({ max_count: 20, ...(cursor === undefined ? {} : { cursor }) }),
        },
      );
      const videos = (Array.isArray(data.videos) ? data.videos.map(asRecord) : []).map((v) => ({
        id: String(v.id ?? ''),
        shareUrl: typeof v.share_url === 'string' ? v.share_url : null,
      }));
      const next = numberOrNull(data.cursor);
      return { videos, cursor: data.has_more === true && next !== null ? next : null };
    },

    async findMedia(account: { accessToken: string }, postUrl: string) {
      const videoId = tiktokVideoId(postUrl);
      if (!videoId) return null;
      const data = await call(account.accessToken, `/v2/video/query/?fields=id`, {
        method: 'POST',
        body: JSON.stringify({ filters: { video_ids: [videoId] } }),
      });
      const videos = Array.isArray(data.videos) ? data.videos.map(asRecord) : [];
      return videos.some((video) => String(video.id) === videoId) ? videoId : null;
    },

    async readFigures(account: { accessToken: string }, mediaId: string) {
      const data = await call(account.accessToken, `/v2/video/query/?fields=${FIGURE_FIELDS}`, {
        method: 'POST',
        body: JSON.stringify({ filters: { video_ids: [mediaId] } }),
      });
      const videos = Array.isArray(data.videos) ? data.videos.map(asRecord) : [];
      const video = videos.find((item) => String(item.id) === mediaId);
      // A video the query no longer answers was deleted (or made private) by its creator.
      if (!video) throw new MetricsSourceError('post_deleted', 'TikTok no longer has this video');
      return {
        views: numberOrNull(video.view_count),
        reach: null,
        likes: numberOrNull(video.like_count),
        comments: numberOrNull(video.comment_count),
        shares: numberOrNull(video.share_count),
        saves: null,
        watchTimeMs: null,
      };
    },
  };
  return source;
}

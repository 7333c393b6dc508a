import {
  MetricsSourceError,
  asRecord,
  expiresIn,
  numberOrNull,
  requestJson,
  type MetricsSource,
  type PostFigures,
  type SourceHttpOptions,
} from './metrics-source.js';

export interface InstagramConfig extends SourceHttpOptions {
  /** `https://www.instagram.com/oauth/authorize` (or the sandbox's). */
  authorizeUrl: string;
  /** `https://api.instagram.com/oauth/access_token` (or the sandbox's). */
  tokenUrl: string;
  /** `https://graph.instagram.com` (or the sandbox's), without the version. */
  graphUrl: string;
  appId: string;
  appSecret: string;
  apiVersion?: string;
  /** Items asked per page of the account's media list. */
  pageSize?: number;
  /** Pages read at most when looking for a post (newest first: an old post is far down). */
  maxPages?: number;
}

const SCOPES = 'instagram_business_basic,instagram_business_manage_insights';
const INSIGHT_METRICS = ['views', 'reach', 'likes', 'comments', 'shares', 'saved'];
/** Reels also give their total watch time (ms). */
const REEL_WATCH_TIME = 'ig_reels_video_view_total_time';

/** The post's shortcode in `https://www.instagram.com/{p|reel|reels|tv}/{shortcode}/`. */
export function instagramShortcode(postUrl: string): string | null {
  if (!URL.canParse(postUrl)) return null;
  const match = /^\/(?:[^/]+\/)?(?:p|reel|reels|tv)\/([A-Za-z0-9_-]+)/.exec(
    new URL(postUrl).pathname,
  );
  return match?.[1] ?? null;
}

/**
 * The Graph API's error object, `{error:{message,type,code,error_subcode}}`, as a failure:
 * 190 an expired or revoked token, 4/17/32/613 rate limits, 100 with subcode 33 (or 803) an
 * object that no longer exists, 10 not enough viewers yet.
 */
function graphFailure(status: number, body: unknown): MetricsSourceError {
  const error = asRecord(asRecord(body).error);
  const code = numberOrNull(error.code);
  const subcode = numberOrNull(error.error_subcode);
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  if (code === 190 || code === 102) return new MetricsSourceError('token_expired', message);
  if (code === 4 || code === 17 || code === 32 || code === 613) {
    return new MetricsSourceError('rate_limited', message);
  }
  if ((code === 100 && (subcode === 33 || subcode === 2108006)) || code === 803) {
    return new MetricsSourceError('post_deleted', message);
  }
  if (code === 10) return new MetricsSourceError('not_enough_viewers', message);
  if (status >= 500 || code === 1 || code === 2) {
    return new MetricsSourceError('unavailable', message);
  }
  return new MetricsSourceError('refused', message);
}

/**
 * Instagram's Graph API with Instagram Login (issue 24 §2): a professional account connected by
 * OAuth (a short-lived token exchanged for a long-lived one of 60 days, refreshed before it
 * ends), the account's media list paged to find a link's post, and the post's insights.
 */
export function createInstagramSource(config: InstagramConfig): MetricsSource {
  const version = config.apiVersion ?? 'v22.0';
  const graph = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${config.graphUrl.replace(/\/+$/, '')}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };

  async function graphGet(url: string, accessToken?: string): Promise<Record<string, unknown>> {
    const { status, body } = await requestJson(config, url, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
    if (status !== 200 || asRecord(body).error) throw graphFailure(status, body);
    return asRecord(body);
  }

  /** The long-lived token answer (`{access_token, token_type, expires_in}`). */
  function longLived(body: Record<string, unknown>) {
    const accessToken = body.access_token;
    const seconds = numberOrNull(body.expires_in);
    if (typeof accessToken !== 'string' || seconds === null) {
      throw new MetricsSourceError('refused', 'Instagram answered no long-lived token');
    }
    return {
      accessToken,
      accessTokenExpiresAt: expiresIn(config.now(), seconds),
      refreshToken: null,
      refreshTokenExpiresAt: null,
    };
  }

  return {
    platform: 'instagram',
    source: 'instagram_api',

    authorizeUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('client_id', config.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', SCOPES);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const { status, body } = await requestJson(config, config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: config.appId,
          client_secret: config.appSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        }).toString(),
      });
      // Either `{access_token, user_id}` or `{data: [{access_token, user_id, permissions}]}`.
      const answer = asRecord(body);
      const first = Array.isArray(answer.data) ? asRecord(answer.data[0]) : answer;
      if (status !== 200 || typeof first.access_token !== 'string') {
        const message = typeof answer.error_message === 'string' ? answer.error_message : '';
        throw new MetricsSourceError(
          status >= 500 ? 'unavailable' : 'refused',
          `Instagram refused the code${message ? `: ${message}` : ''}`,
        );
      }
      const tokens = longLived(
        await graphGet(
          graph('access_token', {
            grant_type: 'ig_exchange_token',
            client_secret: config.appSecret,
            access_token: first.access_token,
          }),
        ),
      );
      const me = await graphGet(
        graph(`${version}/me`, { fields: 'user_id,username' }),
        tokens.accessToken,
      );
      const externalAccountId = String(me.user_id ?? me.id ?? '');
      if (!externalAccountId || typeof me.username !== 'string') {
        throw new MetricsSourceError('refused', 'Instagram answered no account');
      }
      return { ...tokens, externalAccountId, username: me.username };
    },

    async refresh({ accessToken }) {
      return longLived(
        await graphGet(
          graph('refresh_access_token', {
            grant_type: 'ig_refresh_token',
            access_token: accessToken,
          }),
        ),
      );
    },

    async findMedia(account, postUrl) {
      const shortcode = instagramShortcode(postUrl);
      if (!shortcode) return null;
      let url: string | null = graph(`${version}/${account.externalAccountId}/media`, {
        fields: 'id,permalink,shortcode,timestamp,media_product_type',
        limit: String(config.pageSize ?? 25),
      });
      for (let page = 0; url && page < (config.maxPages ?? 20); page += 1) {
        const body = await graphGet(url, account.accessToken);
        const items = Array.isArray(body.data) ? body.data.map(asRecord) : [];
        const found = items.find(
          (item) =>
            item.shortcode === shortcode ||
            (typeof item.permalink === 'string' &&
              instagramShortcode(item.permalink) === shortcode),
        );
        if (found && typeof found.id === 'string') return found.id;
        const paging = asRecord(body.paging);
        const after = asRecord(paging.cursors).after;
        // `next` is there only while another page is; we ask it with our own URL (and header).
        url =
          paging.next && typeof after === 'string'
            ? graph(`${version}/${account.externalAccountId}/media`, {
                fields: 'id,permalink,shortcode,timestamp,media_product_type',
                limit: String(config.pageSize ?? 25),
                after,
              })
            : null;
      }
      return null;
    },

    async readFigures(account, mediaId) {
      const media = await graphGet(
        graph(`${version}/${mediaId}`, { fields: 'id,media_product_type' }),
        account.accessToken,
      );
      const metrics =
        media.media_product_type === 'REELS'
          ? [...INSIGHT_METRICS, REEL_WATCH_TIME]
          : INSIGHT_METRICS;
      const body = await graphGet(
        graph(`${version}/${mediaId}/insights`, { metric: metrics.join(',') }),
        account.accessToken,
      );
      const values = new Map<string, number | null>();
      for (const item of Array.isArray(body.data) ? body.data.map(asRecord) : []) {
        const first = Array.isArray(item.values) ? asRecord(item.values[0]) : {};
        if (typeof item.name === 'string') values.set(item.name, numberOrNull(first.value));
      }
      const figure = (name: string) => values.get(name) ?? null;
      const figures: PostFigures = {
        views: figure('views'),
        reach: figure('reach'),
        likes: figure('likes'),
        comments: figure('comments'),
        shares: figure('shares'),
        saves: figure('saved'),
        watchTimeMs: figure(REEL_WATCH_TIME),
      };
      return figures;
    },
  };
}

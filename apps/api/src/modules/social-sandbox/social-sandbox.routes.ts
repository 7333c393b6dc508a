import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromLanguageTag, parseAcceptLanguage, type Language } from '../../platform/i18n.js';
import { renderAuthorizePage } from './social-sandbox.page.js';
import type {
  SandboxGrant,
  SandboxMedia,
  SandboxPlatform,
  SocialSandboxService,
} from './social-sandbox.service.js';

export interface SocialSandboxConfig {
  /** PUBLIC_URL: the only origin the sandboxes send a browser back to. */
  publicUrl: string;
  instagram: { appId: string; appSecret: string };
  tiktok: { clientKey: string; clientSecret: string };
}

type Query = Record<string, string | undefined>;
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Query;
const formOf = (request: FastifyRequest) =>
  (request.body && typeof request.body === 'object' ? request.body : {}) as Query;

const logId = () => crypto.randomBytes(10).toString('hex');
const cursorOf = (offset: number) => Buffer.from(String(offset)).toString('base64url');
const offsetOf = (cursor: string | undefined) => {
  const offset = Number(Buffer.from(cursor ?? '', 'base64url').toString('utf8'));
  return Number.isInteger(offset) && offset >= 0 ? offset : 0;
};

function languageOf(request: FastifyRequest): Language {
  const asked = queryOf(request).lang;
  return (
    (typeof asked === 'string' ? fromLanguageTag(asked) : null) ??
    parseAcceptLanguage(request.headers['accept-language']) ??
    'en'
  );
}

/** The bearer token of a call, or the Graph API's `access_token` parameter. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length);
  return queryOf(request).access_token;
}

// ---- Instagram Graph API's answers ----

const graphError = (
  reply: FastifyReply,
  status: number,
  error: { message: string; type: string; code: number; error_subcode?: number },
) => reply.status(status).send({ error: { ...error, fbtrace_id: logId() } });

const expiredToken = (reply: FastifyReply) =>
  graphError(reply, 400, {
    message: 'Error validating access token: Session has expired.',
    type: 'OAuthException',
    code: 190,
    error_subcode: 463,
  });

const missingObject = (reply: FastifyReply, id: string) =>
  graphError(reply, 400, {
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

const rateLimitedGraph = (reply: FastifyReply) =>
  graphError(reply, 400, {
    message: '(#4) Application request limit reached',
    type: 'OAuthException',
    code: 4,
  });

// ---- TikTok's answers ----

const tiktokAnswer = (
  reply: FastifyReply,
  status: number,
  data: object,
  error: { code: string; message: string } = { code: 'ok', message: '' },
) => reply.status(status).send({ data, error: { ...error, log_id: logId() } });

/**
 * The built-in Instagram and TikTok sandboxes (issue 24 §2), under `/sandbox/social`: the
 * endpoints the production clients call, with the real shapes of answers and errors, a consent
 * page that sends the browser back to Clipmarket only, and figures that grow with a post's age.
 */
export function createSocialSandboxRoutes(
  service: SocialSandboxService,
  config: SocialSandboxConfig,
) {
  const ownOrigin = new URL(config.publicUrl).origin;
  const onOwnOrigin = (url: string | undefined) =>
    !!url && URL.canParse(url) && new URL(url).origin === ownOrigin;

  const page = (
    reply: FastifyReply,
    status: number,
    input: Parameters<typeof renderAuthorizePage>[0],
  ) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderAuthorizePage(input));

  /** The consent page and its answer, the same for both platforms. */
  function authorizeRoutes(
    app: FastifyInstance,
    platform: SandboxPlatform,
    path: string,
    clientField: 'client_id' | 'client_key',
    clientId: string,
  ) {
    const acceptable = (query: Query) =>
      query[clientField] === clientId &&
      query.response_type === 'code' &&
      onOwnOrigin(query.redirect_uri);

    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const query = queryOf(request);
      const fields = acceptable(query)
        ? {
            [clientField]: clientId,
            redirect_uri: query.redirect_uri!,
            response_type: 'code',
            state: query.state ?? '',
          }
        : null;
      const action = `/sandbox/social${path}?lang=${languageOf(request)}`;
      return page(reply, fields ? 200 : 400, {
        language: languageOf(request),
        platform,
        action,
        fields,
      });
    });

    app.post(path, { schema: { hide: true } }, async (request, reply) => {
      const form = formOf(request);
      const language = languageOf(request);
      const username = form.username ?? '';
      if (
        !acceptable(form) ||
        (form.decision === 'allow' && !/^[A-Za-z0-9._]{1,30}$/.test(username))
      ) {
        return page(reply, 400, { language, platform, action: '', fields: null });
      }
      const back = new URL(form.redirect_uri!);
      if (form.decision === 'allow') {
        const account = { accountId: service.accountIdOf(platform, username), username };
        back.searchParams.set(
          'code',
          service.issue(platform, 'code', account, form.redirect_uri).token,
        );
        if (platform === 'tiktok') back.searchParams.set('scopes', 'user.info.basic,video.list');
      } else {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied your request');
      }
      back.searchParams.set('state', form.state ?? '');
      return reply.redirect(back.toString(), 303);
    });
  }

  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8192 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    // ---------------- Instagram ----------------
    authorizeRoutes(
      app,
      'instagram',
      '/instagram/oauth/authorize',
      'client_id',
      config.instagram.appId,
    );

    app.post(
      '/instagram/oauth/access_token',
      { schema: { hide: true } },
      async (request, reply) => {
        const form = formOf(request);
        const oauthError = (message: string) =>
          reply
            .status(400)
            .send({ error_type: 'OAuthException', code: 400, error_message: message });
        if (
          form.client_id !== config.instagram.appId ||
          form.client_secret !== config.instagram.appSecret
        ) {
          return oauthError('Invalid platform app');
        }
        if (form.grant_type !== 'authorization_code') return oauthError('Unsupported grant_type');
        const grant = service.verify(form.code, 'instagram', ['code']);
        if (!grant || grant.redirectUri !== form.redirect_uri) {
          return oauthError(
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          );
        }
        const { token } = service.issue('instagram', 'short', grant);
        return {
          data: [
            {
              access_token: token,
              user_id: grant.accountId,
              permissions: 'instagram_business_basic,instagram_business_manage_insights',
            },
          ],
        };
      },
    );

    app.get('/instagram/graph/access_token', { schema: { hide: true } }, async (request, reply) => {
      const query = queryOf(request);
      if (
        query.grant_type !== 'ig_exchange_token' ||
        query.client_secret !== config.instagram.appSecret
      ) {
        return graphError(reply, 400, {
          message: 'Invalid request',
          type: 'OAuthException',
          code: 100,
        });
      }
      const grant = service.verify(query.access_token, 'instagram', ['short']);
      if (!grant) return expiredToken(reply);
      const { token, expiresIn } = service.issue('instagram', 'access', grant);
      return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
    });

    app.get(
      '/instagram/graph/refresh_access_token',
      { schema: { hide: true } },
      async (request, reply) => {
        const query = queryOf(request);
        if (query.grant_type !== 'ig_refresh_token') {
          return graphError(reply, 400, {
            message: 'Invalid grant_type',
            type: 'OAuthException',
            code: 100,
          });
        }
        // Only a long-lived token that has not expired can be refreshed.
        const grant = service.verify(query.access_token, 'instagram', ['access']);
        if (!grant) return expiredToken(reply);
        const { token, expiresIn } = service.issue('instagram', 'access', grant);
        return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
      },
    );

    /** The caller's long-lived token, or the answer already sent. */
    const instagramCaller = (request: FastifyRequest, reply: FastifyReply): SandboxGrant | null => {
      const grant = service.verify(tokenOf(request), 'instagram', ['access']);
      if (!grant) {
        void expiredToken(reply);
        return null;
      }
      if (service.takeRateLimit('instagram')) {
        void rateLimitedGraph(reply);
        return null;
      }
      return grant;
    };

    app.get('/instagram/graph/:version/me', { schema: { hide: true } }, async (request, reply) => {
      const grant = instagramCaller(request, reply);
      if (!grant) return reply;
      return { user_id: grant.accountId, username: grant.username, id: grant.accountId };
    });

    app.get(
      '/instagram/graph/:version/:id/media',
      { schema: { hide: true } },
      async (request, reply) => {
        const grant = instagramCaller(request, reply);
        if (!grant) return reply;
        const { id } = request.params as { id: string };
        if (id !== grant.accountId) return missingObject(reply, id);
        const query = queryOf(request);
        const limit = Math.min(100, Math.max(1, Number(query.limit) || 25));
        const offset = offsetOf(query.after);
        const media = await service.mediaOf('instagram', id);
        const slice = media.slice(offset, offset + limit);
        const hasMore = offset + limit < media.length;
        const toItem = (item: SandboxMedia) => ({
          id: item.mediaId,
          shortcode: item.postKey,
          permalink: `https://www.instagram.com/reel/${item.postKey}/`,
          timestamp: item.publishedAt.toISOString().replace(/\.\d{3}Z$/, '+0000'),
          media_product_type: 'REELS',
        });
        const next = new URL(`${config.publicUrl}${request.url}`);
        next.searchParams.delete('access_token');
        next.searchParams.set('after', cursorOf(offset + limit));
        return {
          data: slice.map(toItem),
          paging: {
            cursors: { before: cursorOf(offset), after: cursorOf(offset + slice.length) },
            ...(hasMore ? { next: next.toString() } : {}),
          },
        };
      },
    );

    const instagramMedia = async (request: FastifyRequest, reply: FastifyReply) => {
      const grant = instagramCaller(request, reply);
      if (!grant) return null;
      const { id } = request.params as { id: string };
      const media = await service.findMedia('instagram', grant.accountId, id);
      if (!media) {
        void missingObject(reply, id);
        return null;
      }
      return media;
    };

    app.get('/instagram/graph/:version/:id', { schema: { hide: true } }, async (request, reply) => {
      const media = await instagramMedia(request, reply);
      if (!media) return reply;
      return {
        id: media.mediaId,
        media_product_type: 'REELS',
        timestamp: media.publishedAt.toISOString(),
      };
    });

    app.get(
      '/instagram/graph/:version/:id/insights',
      { schema: { hide: true } },
      async (request, reply) => {
        const media = await instagramMedia(request, reply);
        if (!media) return reply;
        // Instagram shows nothing for a post seen by too few people yet (its first hour here).
        if (service.now().getTime() - media.publishedAt.getTime() < 3_600_000) {
          return graphError(reply, 400, {
            message: '(#10) Not enough viewers for the media to show insights',
            type: 'OAuthException',
            code: 10,
          });
        }
        const figures = service.figuresOf(media);
        const byMetric: Record<string, number> = {
          views: figures.views,
          reach: figures.reach,
          likes: figures.likes,
          comments: figures.comments,
          shares: figures.shares,
          saved: figures.saves,
          ig_reels_video_view_total_time: figures.watchTimeMs,
          ig_reels_avg_watch_time: figures.views
            ? Math.round(figures.watchTimeMs / figures.views)
            : 0,
        };
        const metrics = (queryOf(request).metric ?? '').split(',').filter(Boolean);
        const unknown = metrics.find((metric) => !(metric in byMetric));
        if (metrics.length === 0 || unknown) {
          return graphError(reply, 400, {
            message: `(#100) metric[0] must be one of the following values: ${Object.keys(byMetric).join(', ')}`,
            type: 'OAuthException',
            code: 100,
          });
        }
        return {
          data: metrics.map((name) => ({
            name,
            period: 'lifetime',
            values: [{ value: byMetric[name] }],
            title: name,
            id: `${media.mediaId}/insights/${name}/lifetime`,
          })),
        };
      },
    );

    // ---------------- TikTok ----------------
    authorizeRoutes(
      app,
      'tiktok',
      '/tiktok/v2/auth/authorize/',
      'client_key',
      config.tiktok.clientKey,
    );

    app.post('/tiktok/v2/oauth/token/', { schema: { hide: true } }, async (request, reply) => {
      const form = formOf(request);
      const tokenError = (error: string, description: string) =>
        reply.status(400).send({ error, error_description: description, log_id: logId() });
      if (
        form.client_key !== config.tiktok.clientKey ||
        form.client_secret !== config.tiktok.clientSecret
      ) {
        return tokenError('invalid_client', 'Client key or secret is incorrect.');
      }
      let grant: SandboxGrant | null;
      if (form.grant_type === 'authorization_code') {
        grant = service.verify(form.code, 'tiktok', ['code']);
        if (!grant || grant.redirectUri !== form.redirect_uri) {
          return tokenError('invalid_grant', 'Authorization code is expired.');
        }
      } else if (form.grant_type === 'refresh_token') {
        grant = service.verify(form.refresh_token, 'tiktok', ['refresh']);
        if (!grant) return tokenError('invalid_grant', 'Refresh token is invalid or expired.');
      } else {
        return tokenError('unsupported_grant_type', 'Unsupported grant_type.');
      }
      const access = service.issue('tiktok', 'access', grant);
      const refresh = service.issue('tiktok', 'refresh', grant);
      return {
        access_token: access.token,
        expires_in: access.expiresIn,
        open_id: grant.accountId,
        refresh_token: refresh.token,
        refresh_expires_in: refresh.expiresIn,
        scope: 'user.info.basic,video.list',
        token_type: 'Bearer',
      };
    });

    const tiktokCaller = (request: FastifyRequest, reply: FastifyReply): SandboxGrant | null => {
      const grant = service.verify(tokenOf(request), 'tiktok', ['access']);
      if (!grant) {
        void tiktokAnswer(
          reply,
          401,
          {},
          {
            code: 'access_token_invalid',
            message: 'The access token is invalid or not found in the request.',
          },
        );
        return null;
      }
      if (service.takeRateLimit('tiktok')) {
        void tiktokAnswer(
          reply,
          429,
          {},
          {
            code: 'rate_limit_exceeded',
            message: 'The API rate limit was exceeded. Please try again later.',
          },
        );
        return null;
      }
      return grant;
    };

    app.get('/tiktok/v2/user/info/', { schema: { hide: true } }, async (request, reply) => {
      const grant = tiktokCaller(request, reply);
      if (!grant) return reply;
      return tiktokAnswer(reply, 200, {
        user: { open_id: grant.accountId, username: grant.username, display_name: grant.username },
      });
    });

    const videoOf = (media: SandboxMedia) => {
      const figures = service.figuresOf(media);
      return {
        id: media.mediaId,
        create_time: Math.floor(media.publishedAt.getTime() / 1000),
        share_url: `https://www.tiktok.com/@sandbox/video/${media.mediaId}`,
        view_count: figures.views,
        like_count: figures.likes,
        comment_count: figures.comments,
        share_count: figures.shares,
      };
    };
    const withFields = (request: FastifyRequest, video: Record<string, unknown>) => {
      const fields = (queryOf(request).fields ?? '').split(',').filter(Boolean);
      return Object.fromEntries(Object.entries(video).filter(([name]) => fields.includes(name)));
    };

    app.post('/tiktok/v2/video/list/', { schema: { hide: true } }, async (request, reply) => {
      const grant = tiktokCaller(request, reply);
      if (!grant) return reply;
      const body = formOf(request) as { cursor?: unknown; max_count?: unknown };
      const limit = Math.min(20, Math.max(1, Number(body.max_count) || 20));
      const offset =
        Number.isInteger(body.cursor) && Number(body.cursor) >= 0 ? Number(body.cursor) : 0;
      const media = await service.mediaOf('tiktok', grant.accountId);
      const slice = media.slice(offset, offset + limit);
      return tiktokAnswer(reply, 200, {
        videos: slice.map((item) => withFields(request, videoOf(item))),
        cursor: offset + slice.length,
        has_more: offset + limit < media.length,
      });
    });

    app.post('/tiktok/v2/video/query/', { schema: { hide: true } }, async (request, reply) => {
      const grant = tiktokCaller(request, reply);
      if (!grant) return reply;
      const ids = (formOf(request) as { filters?: { video_ids?: unknown } }).filters?.video_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) {
        return tiktokAnswer(
          reply,
          400,
          {},
          {
            code: 'invalid_params',
            message: 'filters.video_ids must list 1 to 20 video ids.',
          },
        );
      }
      const videos: Record<string, unknown>[] = [];
      for (const id of ids) {
        const media = await service.findMedia('tiktok', grant.accountId, String(id));
        // A deleted video, or another account's, is simply not in the answer.
        if (media) videos.push(withFields(request, videoOf(media)));
      }
      return tiktokAnswer(reply, 200, { videos });
    });
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessFetch } from '../../../platform/http/in-process-fetch.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { FILLER_POSTS, type SocialSandboxService } from '../../social-sandbox/index.js';
import { consent, controlClock, DAY, HOUR } from '../publication-metrics.test-support.js';
import { createInstagramSource, instagramShortcode } from './instagram-source.js';
import { MetricsSourceError, type MetricsSource } from './metrics-source.js';
import { createTikTokSource, tiktokVideoId } from './tiktok-source.js';

/**
 * The Instagram and TikTok clients against the sandboxes built into the app, over the whole
 * HTTP pipeline: OAuth, token refresh, paging to find a post, figures, and the errors the jobs
 * act on (an expired token, a rate limit, a deleted post).
 */
let ctx: TestContext;
let sandbox: SocialSandboxService;
let clock: ReturnType<typeof controlClock>;
let instagram: MetricsSource;
let tiktok: ReturnType<typeof createTikTokSource>;
const origin = 'http://localhost:3000';
const redirectUri = `${origin}/v2/social-accounts/instagram/callback`;
const tiktokRedirectUri = `${origin}/v2/social-accounts/tiktok/callback`;
const start = new Date('2027-03-01T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: origin });
  sandbox = ctx.socialSandbox!.service;
  clock = controlClock(ctx, start);
  const http = { fetch: createInProcessFetch(ctx.app, [origin]), now: clock.now };
  instagram = createInstagramSource({
    ...http,
    authorizeUrl: `${origin}/sandbox/social/instagram/oauth/authorize`,
    tokenUrl: `${origin}/sandbox/social/instagram/oauth/access_token`,
    graphUrl: `${origin}/sandbox/social/instagram/graph`,
    appId: ctx.env.INSTAGRAM_APP_ID,
    appSecret: ctx.env.INSTAGRAM_APP_SECRET,
  });
  tiktok = createTikTokSource({
    ...http,
    authorizeUrl: `${origin}/sandbox/social/tiktok/v2/auth/authorize/`,
    apiUrl: `${origin}/sandbox/social/tiktok`,
    clientKey: ctx.env.TIKTOK_CLIENT_KEY,
    clientSecret: ctx.env.TIKTOK_CLIENT_SECRET,
  });
});
afterAll(async () => {
  clock?.restore();
  await ctx?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function codeFor(source: MetricsSource, username: string, redirect: string) {
  const back = await consent(ctx, source.authorizeUrl({ state: 'st-1', redirectUri: redirect }), {
    username,
  });
  expect(`${back.origin}${back.pathname}`).toBe(redirect);
  expect(back.searchParams.get('state')).toBe('st-1');
  return back.searchParams.get('code')!;
}

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MetricsSourceError);
  return (error as MetricsSourceError).failure;
};

describe('links of posts', () => {
  it('reads the Instagram shortcode and the TikTok video id of a post link', () => {
    expect(instagramShortcode('https://www.instagram.com/reel/C9xYz_1-a/')).toBe('C9xYz_1-a');
    expect(instagramShortcode('https://www.instagram.com/p/abc123/?igsh=x')).toBe('abc123');
    expect(instagramShortcode('https://www.instagram.com/maya/reel/abc123/')).toBe('abc123');
    expect(instagramShortcode('https://www.instagram.com/maya/')).toBeNull();
    expect(tiktokVideoId('https://www.tiktok.com/@maya/video/7350001112223334445?lang=fr')).toBe(
      '7350001112223334445',
    );
    expect(tiktokVideoId('https://vm.tiktok.com/ZMabc/')).toBeNull();
  });
});

describe('Instagram client and sandbox', () => {
  it('exchanges a code for a long-lived token and names the account; refuses a reused redirect or a bad code', async () => {
    const username = `ig_${unique()}`;
    const code = await codeFor(instagram, username, redirectUri);
    const tokens = await instagram.exchangeCode({ code, redirectUri });
    expect(tokens.username).toBe(username);
    expect(tokens.externalAccountId).toBe(sandbox.accountIdOf('instagram', username));
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.accessTokenExpiresAt.getTime()).toBe(clock.now().getTime() + 60 * DAY);

    const other = await codeFor(instagram, username, redirectUri);
    expect(
      await failureOf(
        instagram.exchangeCode({ code: other, redirectUri: `${origin}/v2/elsewhere` }),
      ),
    ).toBe('refused');
    expect(await failureOf(instagram.exchangeCode({ code: 'forged', redirectUri }))).toBe(
      'refused',
    );
  });

  it('sends the browser back to the product only, and tells a denial', async () => {
    const foreign = instagram.authorizeUrl({ state: 's', redirectUri: 'https://evil.example/cb' });
    const page = await ctx.app.inject({
      method: 'GET',
      url: new URL(foreign).pathname + new URL(foreign).search,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('evil.example');
    const denied = await consent(ctx, instagram.authorizeUrl({ state: 's2', redirectUri }), {
      decision: 'deny',
    });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('pages through the media list to find an older post, reads figures that grow, and knows an unknown post', async () => {
    const username = `ig_${unique()}`;
    const tokens = await instagram.exchangeCode({
      code: await codeFor(instagram, username, redirectUri),
      redirectUri,
    });
    const account = {
      externalAccountId: tokens.externalAccountId,
      accessToken: tokens.accessToken,
    };
    const shortcode = `OLD${unique()}`;
    // Older than every filler post: it is on the second page (25 a page).
    await sandbox.publishPost({
      platform: 'instagram',
      username,
      postKey: shortcode,
      publishedAt: new Date(clock.now().getTime() - (FILLER_POSTS * 2 + 10) * DAY),
    });
    const mediaId = await instagram.findMedia(account, `https://www.instagram.com/p/${shortcode}/`);
    expect(mediaId).toMatch(/^1790\d{11}$/);
    expect(
      await instagram.findMedia(account, 'https://www.instagram.com/p/NOTMINE123/'),
    ).toBeNull();

    const recent = `NEW${unique()}`;
    await sandbox.publishPost({
      platform: 'instagram',
      username,
      postKey: recent,
      publishedAt: clock.now(),
    });
    const recentId = (await instagram.findMedia(
      account,
      `https://www.instagram.com/reel/${recent}/`,
    ))!;
    // Too few viewers in its first hour.
    expect(await failureOf(instagram.readFigures(account, recentId))).toBe('not_enough_viewers');
    clock.advance(24 * HOUR);
    const day1 = await instagram.readFigures(account, recentId);
    clock.advance(6 * DAY);
    const day7 = await instagram.readFigures(account, recentId);
    for (const figures of [day1, day7]) {
      expect(figures.views).toBeGreaterThan(0);
      expect(figures.reach).toBeGreaterThan(0);
      expect(figures.watchTimeMs).toBeGreaterThan(0);
      expect(figures.likes).not.toBeNull();
      expect(figures.saves).not.toBeNull();
    }
    expect(day7.views!).toBeGreaterThan(day1.views!);
    // The same post at the same time gives the same figures.
    expect(await instagram.readFigures(account, recentId)).toEqual(day7);
  });

  it('refreshes a long-lived token; an expired token, a rate limit and a deleted post are told apart', async () => {
    sandbox.lifetimes.instagramLongLived = 3600;
    try {
      const username = `ig_${unique()}`;
      const tokens = await instagram.exchangeCode({
        code: await codeFor(instagram, username, redirectUri),
        redirectUri,
      });
      const shortcode = `DEL${unique()}`;
      await sandbox.publishPost({
        platform: 'instagram',
        username,
        postKey: shortcode,
        publishedAt: new Date(clock.now().getTime() - 2 * DAY),
      });
      const account = {
        externalAccountId: tokens.externalAccountId,
        accessToken: tokens.accessToken,
      };
      const mediaId = (await instagram.findMedia(
        account,
        `https://www.instagram.com/p/${shortcode}/`,
      ))!;

      clock.advance(30 * 60_000);
      const refreshed = await instagram.refresh({
        accessToken: tokens.accessToken,
        refreshToken: null,
      });
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(refreshed.accessTokenExpiresAt.getTime()).toBe(clock.now().getTime() + 3600_000);

      sandbox.answerRateLimitNext('instagram', 1);
      expect(await failureOf(instagram.readFigures(account, mediaId))).toBe('rate_limited');
      expect((await instagram.readFigures(account, mediaId)).views).toBeGreaterThan(0);

      await sandbox.deletePost('instagram', shortcode);
      expect(await failureOf(instagram.readFigures(account, mediaId))).toBe('post_deleted');

      // The first token has ended: reads and refreshes are refused as an expired session.
      clock.advance(31 * 60_000);
      expect(await failureOf(instagram.readFigures(account, mediaId))).toBe('token_expired');
      expect(
        await failureOf(instagram.refresh({ accessToken: tokens.accessToken, refreshToken: null })),
      ).toBe('token_expired');
    } finally {
      sandbox.lifetimes.instagramLongLived = 60 * 24 * 3600;
    }
  });

  it('answers the Graph API error object as Instagram does', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/sandbox/social/instagram/graph/v22.0/me?fields=username',
      headers: { authorization: 'Bearer sbx1.forged.token' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
  });
});

describe('TikTok client and sandbox', () => {
  it('exchanges a code, refreshes with the refresh token, and an expired access token is refused', async () => {
    sandbox.lifetimes.tiktokAccess = 600;
    try {
      const username = `tt_${unique()}`;
      const tokens = await tiktok.exchangeCode({
        code: await codeFor(tiktok, username, tiktokRedirectUri),
        redirectUri: tiktokRedirectUri,
      });
      expect(tokens).toMatchObject({
        username,
        externalAccountId: sandbox.accountIdOf('tiktok', username),
      });
      expect(tokens.refreshToken).toMatch(/^sbx1\./);
      expect(tokens.accessTokenExpiresAt.getTime()).toBe(clock.now().getTime() + 600_000);
      expect(tokens.refreshTokenExpiresAt!.getTime()).toBe(clock.now().getTime() + 365 * DAY);

      const videoId = `73${Date.now()}`;
      await sandbox.publishPost({
        platform: 'tiktok',
        username,
        postKey: videoId,
        publishedAt: new Date(clock.now().getTime() - 3 * DAY),
      });
      const account = {
        externalAccountId: tokens.externalAccountId,
        accessToken: tokens.accessToken,
      };
      expect(
        await tiktok.findMedia(account, `https://www.tiktok.com/@${username}/video/${videoId}`),
      ).toBe(videoId);
      const figures = await tiktok.readFigures(account, videoId);
      expect(figures.views).toBeGreaterThan(0);
      expect(figures).toMatchObject({ reach: null, saves: null, watchTimeMs: null });

      clock.advance(11 * 60_000);
      expect(await failureOf(tiktok.readFigures(account, videoId))).toBe('token_expired');
      const refreshed = await tiktok.refresh(tokens);
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(
        (await tiktok.readFigures({ ...account, accessToken: refreshed.accessToken }, videoId))
          .views,
      ).toBeGreaterThan(0);
      expect(
        await failureOf(tiktok.refresh({ accessToken: '', refreshToken: 'sbx1.forged.x' })),
      ).toBe('token_expired');
    } finally {
      sandbox.lifetimes.tiktokAccess = 24 * 3600;
    }
  });

  it('pages the video list with its cursor, answers rate limits, and a deleted video is gone', async () => {
    const username = `tt_${unique()}`;
    const tokens = await tiktok.exchangeCode({
      code: await codeFor(tiktok, username, tiktokRedirectUri),
      redirectUri: tiktokRedirectUri,
    });
    const account = {
      externalAccountId: tokens.externalAccountId,
      accessToken: tokens.accessToken,
    };
    const videoId = `74${Date.now()}`;
    await sandbox.publishPost({
      platform: 'tiktok',
      username,
      postKey: videoId,
      publishedAt: new Date(clock.now().getTime() - 200 * DAY),
    });
    const seen: string[] = [];
    let cursor: number | undefined;
    let pages = 0;
    do {
      const page = await tiktok.listVideos(account, cursor);
      seen.push(...page.videos.map((video) => video.id));
      cursor = page.cursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(FILLER_POSTS + 1);
    expect(seen.at(-1)).toBe(videoId);

    sandbox.answerRateLimitNext('tiktok', 1);
    expect(await failureOf(tiktok.readFigures(account, videoId))).toBe('rate_limited');

    await sandbox.deletePost('tiktok', videoId);
    expect(await failureOf(tiktok.readFigures(account, videoId))).toBe('post_deleted');
    expect(
      await tiktok.findMedia(account, `https://www.tiktok.com/@x/video/${videoId}`),
    ).toBeNull();
  });
});

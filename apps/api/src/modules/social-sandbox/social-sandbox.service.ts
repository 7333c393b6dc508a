import crypto from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import {
  socialSandboxRepository as repository,
  type SandboxPost,
} from './social-sandbox.repository.js';

export type SandboxPlatform = 'instagram' | 'tiktok';
type GrantKind = 'code' | 'short' | 'access' | 'refresh';

/** What a sandbox token or code carries (signed: the sandbox keeps no token table). */
export interface SandboxGrant {
  platform: SandboxPlatform;
  kind: GrantKind;
  accountId: string;
  username: string;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
  /** A code is only good for the redirect address it was given for. */
  redirectUri?: string;
}

/** Token lifetimes, in seconds; tests shorten them to see tokens expire. */
export interface SandboxLifetimes {
  code: number;
  instagramShortLived: number;
  instagramLongLived: number;
  tiktokAccess: number;
  tiktokRefresh: number;
}

export const defaultSandboxLifetimes: SandboxLifetimes = {
  code: 10 * 60,
  instagramShortLived: 60 * 60,
  instagramLongLived: 60 * 24 * 3600,
  tiktokAccess: 24 * 3600,
  tiktokRefresh: 365 * 24 * 3600,
};

/** Older posts each sandbox account has, so that finding a recent post's link needs paging. */
export const FILLER_POSTS = 30;
const FILLER_SPACING_MS = 2 * 24 * 3600 * 1000;

export interface SandboxMedia {
  mediaId: string;
  postKey: string;
  publishedAt: Date;
}

export interface SandboxFigures {
  views: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  watchTimeMs: number;
}

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * Figures that grow with the post's age on a saturating curve, the same for the same post and
 * time: a ceiling of 2,000 to 52,000 views reached at two thirds in about two days.
 */
export function sandboxFigures(postKey: string, ageMs: number): SandboxFigures {
  const seed = hashOf(postKey);
  const ceiling = 2_000 + (seed.readUInt32BE(0) % 50_000);
  const hours = Math.max(0, ageMs) / 3_600_000;
  const views = Math.round(ceiling * (1 - Math.exp(-hours / 48)));
  const likeRate = 0.04 + (seed[4]! % 40) / 1000;
  return {
    views,
    reach: Math.round(views * 0.78),
    likes: Math.round(views * likeRate),
    comments: Math.round(views * 0.004),
    shares: Math.round(views * 0.006),
    saves: Math.round(views * 0.008),
    watchTimeMs: views * (6_000 + (seed[5]! % 60) * 100),
  };
}

/**
 * The Instagram and TikTok sandboxes' state: signed codes and tokens that expire, accounts
 * named on the authorize page, posts published by the tests or the demo data (with older
 * filler posts), figures from `sandboxFigures`, and rate-limit answers on demand.
 */
export function createSocialSandboxService(deps: {
  db: Db;
  signingSecret: string;
  now: () => Date;
}) {
  const { db } = deps;
  const key = crypto.createHmac('sha256', deps.signingSecret).update('social-sandbox').digest();
  const lifetimes: SandboxLifetimes = { ...defaultSandboxLifetimes };
  const rateLimited = new Map<SandboxPlatform, number>();

  const sign = (grant: SandboxGrant) => {
    const body = Buffer.from(
      JSON.stringify({ ...grant, nonce: crypto.randomBytes(6).toString('hex') }),
    ).toString('base64url');
    const mac = crypto.createHmac('sha256', key).update(body).digest('base64url');
    return `sbx1.${body}.${mac}`;
  };

  const fillerKey = (platform: SandboxPlatform, accountId: string, index: number) => {
    const digits = (hashOf(`${platform}:${accountId}:${index}`).readUInt32BE(0) % 1e9)
      .toString()
      .padStart(9, '0');
    return platform === 'instagram'
      ? `F${digits}x${index}`
      : `7100${digits}${String(index).padStart(4, '0')}`;
  };

  return {
    lifetimes,
    now: deps.now,

    /** An account's id from its name: the same name is the same account. */
    accountIdOf(platform: SandboxPlatform, username: string): string {
      const digest = hashOf(`${platform}:${username.toLowerCase()}`);
      return platform === 'instagram'
        ? `1784${(digest.readUInt32BE(0) * 1000 + (digest[4]! % 1000)).toString().padStart(13, '0')}`
        : `-000${digest.subarray(0, 12).toString('hex')}`;
    },

    /** A code or token of `kind` for the account, expiring after its lifetime. */
    issue(
      platform: SandboxPlatform,
      kind: GrantKind,
      account: { accountId: string; username: string },
      redirectUri?: string,
    ): { token: string; expiresIn: number } {
      const seconds =
        kind === 'code'
          ? lifetimes.code
          : kind === 'refresh'
            ? lifetimes.tiktokRefresh
            : platform === 'tiktok'
              ? lifetimes.tiktokAccess
              : kind === 'short'
                ? lifetimes.instagramShortLived
                : lifetimes.instagramLongLived;
      const token = sign({
        platform,
        kind,
        accountId: account.accountId,
        username: account.username,
        expiresAt: deps.now().getTime() + seconds * 1000,
        ...(redirectUri ? { redirectUri } : {}),
      });
      return { token, expiresIn: seconds };
    },

    /** The grant a code or token carries: null when forged, of another kind, or expired. */
    verify(
      token: string | undefined,
      platform: SandboxPlatform,
      kinds: GrantKind[],
    ): SandboxGrant | null {
      const [prefix, body, mac] = (token ?? '').split('.');
      if (prefix !== 'sbx1' || !body || !mac) return null;
      const expected = crypto.createHmac('sha256', key).update(body).digest('base64url');
      if (
        mac.length !== expected.length ||
        !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))
      ) {
        return null;
      }
      const grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxGrant;
      if (grant.platform !== platform || !kinds.includes(grant.kind)) return null;
      return grant.expiresAt > deps.now().getTime() ? grant : null;
    },

    /** The next `count` calls to the platform's data endpoints answer its rate-limit error. */
    answerRateLimitNext(platform: SandboxPlatform, count = 1) {
      rateLimited.set(platform, count);
    },

    /** Whether this call is one of those (and counts it). */
    takeRateLimit(platform: SandboxPlatform): boolean {
      const left = rateLimited.get(platform) ?? 0;
      if (left <= 0) return false;
      rateLimited.set(platform, left - 1);
      return true;
    },

    /** Publishes a post (its link's shortcode or video id) on a sandbox account. */
    async publishPost(input: {
      platform: SandboxPlatform;
      username: string;
      postKey: string;
      publishedAt: Date;
    }): Promise<SandboxPost> {
      return repository.upsertPost(db, {
        platform: input.platform,
        accountId: this.accountIdOf(input.platform, input.username),
        postKey: input.postKey,
        publishedAt: input.publishedAt,
      });
    },

    /** The creator deletes the post: the media list and the insights no longer have it. */
    async deletePost(platform: SandboxPlatform, postKey: string): Promise<void> {
      await repository.markDeleted(db, platform, postKey, deps.now());
    },

    /** The account's media, newest first: its published posts among its filler posts. */
    async mediaOf(platform: SandboxPlatform, accountId: string): Promise<SandboxMedia[]> {
      const now = deps.now().getTime();
      const published = (await repository.postsOf(db, platform, accountId)).map((post) => ({
        mediaId:
          platform === 'instagram' ? `1790${String(post.id).padStart(11, '0')}` : post.postKey,
        postKey: post.postKey,
        publishedAt: post.publishedAt,
      }));
      const fillers = Array.from({ length: FILLER_POSTS }, (_, index) => {
        const postKey = fillerKey(platform, accountId, index);
        return {
          mediaId: platform === 'instagram' ? `1791${postKey.slice(1)}` : postKey,
          postKey,
          publishedAt: new Date(now - (index + 1) * FILLER_SPACING_MS),
        };
      });
      return [...published, ...fillers].sort(
        (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime(),
      );
    },

    /** One medium of the account by its id, or undefined (deleted, or never the account's). */
    async findMedia(platform: SandboxPlatform, accountId: string | null, mediaId: string) {
      if (platform === 'instagram' && /^1790\d{11}$/.test(mediaId)) {
        const post = await repository.findById(db, Number(mediaId.slice(4)));
        if (!post || post.platform !== 'instagram' || post.deletedAt) return undefined;
        if (accountId !== null && post.accountId !== accountId) return undefined;
        return { mediaId, postKey: post.postKey, publishedAt: post.publishedAt };
      }
      if (platform === 'tiktok' && accountId !== null) {
        const post = await repository.find(db, 'tiktok', mediaId);
        if (post && !post.deletedAt && post.accountId === accountId) {
          return { mediaId, postKey: post.postKey, publishedAt: post.publishedAt };
        }
      }
      if (accountId === null) return undefined;
      return (await this.mediaOf(platform, accountId)).find((media) => media.mediaId === mediaId);
    },

    figuresOf(media: SandboxMedia): SandboxFigures {
      return sandboxFigures(media.postKey, deps.now().getTime() - media.publishedAt.getTime());
    },
  };
}

export type SocialSandboxService = ReturnType<typeof createSocialSandboxService>;

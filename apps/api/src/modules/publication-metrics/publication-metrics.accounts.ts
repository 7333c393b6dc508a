import crypto from 'node:crypto';
import type { MetricPlatform, SocialAccount } from '@clipmarket/contracts/publication-metrics';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { notFound } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/jobs/job-queue.js';
import {
  accountsRepository as accounts,
  snapshotsRepository as snapshots,
  type SocialAccountRow,
} from './publication-metrics.repository.js';
import {
  MetricsSourceError,
  type AccountTokens,
  type MetricsSource,
  type SourceAccount,
} from './sources/metrics-source.js';
import { TokenDecryptionError, type TokenCipher } from './token-cipher.js';

/** An OAuth round trip must end within this long (the state stops being accepted). */
const STATE_LIFETIME_MS = 15 * 60 * 1000;
/** Tokens refreshed by the job when they end sooner than this (Instagram's last 60 days). */
export const REFRESH_AHEAD_MS: Record<MetricPlatform, number> = {
  instagram: 7 * 24 * 3600 * 1000,
  tiktok: 6 * 3600 * 1000,
};

export type MetricsSources = Record<MetricPlatform, MetricsSource>;

export interface AccountsDeps {
  db: Db;
  sources: MetricsSources;
  cipher: TokenCipher;
  now: () => Date;
  /** Signs the OAuth state (the creator it was started for). */
  stateSecret: string;
  /** PUBLIC_URL: the callback's address and the web page the creator is sent back to. */
  publicUrl: string;
  log: Logger;
}

interface Caller {
  userId: number;
}

/** Where the platform sends the browser back after the consent. */
export const callbackPathOf = (platform: MetricPlatform) =>
  `/v2/social-accounts/${platform}/callback`;

export const toSocialAccount = (row: SocialAccountRow): SocialAccount => ({
  platform: row.platform,
  username: row.username,
  status: row.status,
  connected_at: row.connectedAt.toISOString(),
});

/**
 * Creators' connected accounts (issue 24 §2): OAuth with a signed state naming the creator,
 * tokens encrypted at rest, refreshed ahead of their end, and an account marked for
 * reconnection when the platform refuses its token.
 */
export function createAccounts(deps: AccountsDeps) {
  const { db, cipher } = deps;
  const stateKey = crypto
    .createHmac('sha256', deps.stateSecret)
    .update('social-oauth-state')
    .digest();
  const redirectUriOf = (platform: MetricPlatform) =>
    `${deps.publicUrl}${callbackPathOf(platform)}`;

  const signState = (userId: number, platform: MetricPlatform) => {
    const body = `${userId}.${platform}.${deps.now().getTime() + STATE_LIFETIME_MS}.${crypto.randomBytes(8).toString('hex')}`;
    const mac = crypto.createHmac('sha256', stateKey).update(body).digest('base64url');
    return `${body}.${mac}`;
  };

  /** The creator a state was signed for, when it is ours, for this platform and not expired. */
  const readState = (state: string | undefined, platform: MetricPlatform): number | null => {
    const parts = (state ?? '').split('.');
    if (parts.length !== 5) return null;
    const [userId, statePlatform, expiresAt, , mac] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = crypto
      .createHmac('sha256', stateKey)
      .update(parts.slice(0, 4).join('.'))
      .digest('base64url');
    if (
      mac.length !== expected.length ||
      !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))
    ) {
      return null;
    }
    if (statePlatform !== platform || Number(expiresAt) < deps.now().getTime()) return null;
    return Number(userId);
  };

  const tokenColumns = (tokens: AccountTokens) => ({
    accessTokenEncrypted: cipher.encrypt(tokens.accessToken),
    refreshTokenEncrypted: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
  });

  const decrypted = (row: SocialAccountRow) => ({
    accessToken: cipher.decrypt(row.accessTokenEncrypted),
    refreshToken: row.refreshTokenEncrypted ? cipher.decrypt(row.refreshTokenEncrypted) : null,
  });

  async function markReconnectNeeded(row: SocialAccountRow, why: string) {
    await accounts.update(db, row.id, { status: 'reconnect_needed', updatedAt: deps.now() });
    deps.log.warn(
      { accountId: row.id, platform: row.platform, why },
      'social account needs reconnecting',
    );
  }

  /** Refreshes the account's token; a refused refresh marks it for reconnection. */
  async function refresh(row: SocialAccountRow): Promise<SourceAccount | null> {
    try {
      const tokens = await deps.sources[row.platform].refresh(decrypted(row));
      await accounts.update(db, row.id, { ...tokenColumns(tokens), updatedAt: deps.now() });
      return { externalAccountId: row.externalAccountId, accessToken: tokens.accessToken };
    } catch (error) {
      if (error instanceof TokenDecryptionError) {
        await markReconnectNeeded(row, 'token cannot be decrypted');
        return null;
      }
      if (
        error instanceof MetricsSourceError &&
        (error.failure === 'token_expired' || error.failure === 'refused')
      ) {
        await markReconnectNeeded(row, error.failure);
        return null;
      }
      throw error;
    }
  }

  return {
    async list(caller: Caller): Promise<SocialAccount[]> {
      return (await accounts.listOf(db, caller.userId)).map(toSocialAccount);
    },

    connectUrl(caller: Caller, platform: MetricPlatform): string {
      return deps.sources[platform].authorizeUrl({
        state: signState(caller.userId, platform),
        redirectUri: redirectUriOf(platform),
      });
    },

    /**
     * The platform's return: the code exchanged and the account stored for the creator the state
     * names. Answers the web page to send the browser to, saying how it went.
     */
    async completeConnection(
      platform: MetricPlatform,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    ): Promise<string> {
      const page = (outcome: Record<string, string>) =>
        `${deps.publicUrl}/showcase?${new URLSearchParams(outcome).toString()}`;
      const userId = readState(query.state, platform);
      if (userId === null) return page({ connect_error: 'invalid', platform });
      if (query.error || !query.code) return page({ connect_error: 'denied', platform });
      try {
        const tokens = await deps.sources[platform].exchangeCode({
          code: query.code,
          redirectUri: redirectUriOf(platform),
        });
        await inTransaction(db, async (tx) => {
          const previous = await accounts.find(tx, userId, platform);
          // Posts found with another account are looked for again with this one.
          if (previous && previous.externalAccountId !== tokens.externalAccountId) {
            await snapshots.forgetMediaOf(tx, userId, platform);
          }
          await accounts.upsert(tx, {
            userId,
            platform,
            externalAccountId: tokens.externalAccountId,
            username: tokens.username,
            ...tokenColumns(tokens),
            connectedAt: deps.now(),
          });
        });
        return page({ connected: platform });
      } catch (error) {
        if (!(error instanceof MetricsSourceError)) throw error;
        deps.log.warn({ platform, failure: error.failure }, 'social account connection failed');
        return page({ connect_error: 'failed', platform });
      }
    },

    async disconnect(caller: Caller, platform: MetricPlatform): Promise<void> {
      if (!(await accounts.remove(db, caller.userId, platform)))
        throw notFound('Connected account');
    },

    /** The creator's connected account of the platform, or undefined. */
    async connectedAccount(userId: number, platform: MetricPlatform) {
      const row = await accounts.find(db, userId, platform);
      return row?.status === 'connected' ? row : undefined;
    },

    /**
     * Reads with the creator's account: its token refreshed first when it has ended, and the
     * account marked for reconnection when the platform refuses the token. Answers null when
     * no usable account is connected.
     */
    async withAccount<T>(
      userId: number,
      platform: MetricPlatform,
      read: (account: SourceAccount) => Promise<T>,
    ): Promise<{ value: T } | null> {
      const row = await accounts.find(db, userId, platform);
      if (row?.status !== 'connected') return null;
      let account: SourceAccount | null;
      try {
        account =
          row.accessTokenExpiresAt.getTime() <= deps.now().getTime()
            ? await refresh(row)
            : { externalAccountId: row.externalAccountId, accessToken: decrypted(row).accessToken };
      } catch (error) {
        if (!(error instanceof TokenDecryptionError)) throw error;
        await markReconnectNeeded(row, 'token cannot be decrypted');
        return null;
      }
      if (!account) return null;
      try {
        return { value: await read(account) };
      } catch (error) {
        if (error instanceof MetricsSourceError && error.failure === 'token_expired') {
          await markReconnectNeeded(row, 'token refused');
          return null;
        }
        throw error;
      }
    },

    /** Refreshes the tokens ending soon (the job); answers how many were refreshed. */
    async refreshExpiring(limit = 100): Promise<number> {
      let refreshed = 0;
      for (const platform of ['instagram', 'tiktok'] as const) {
        const before = new Date(deps.now().getTime() + REFRESH_AHEAD_MS[platform]);
        for (const row of await accounts.expiringBefore(db, platform, before, limit)) {
          try {
            if (await refresh(row)) refreshed += 1;
          } catch (error) {
            // The platform is down or limiting: the next run tries again, the others go on.
            deps.log.warn({ err: error, accountId: row.id, platform }, 'token not refreshed');
          }
        }
      }
      return refreshed;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

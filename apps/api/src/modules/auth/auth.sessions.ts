import type { Db } from '../../platform/db/client.js';
import type { AuthRepository } from './auth.repository.js';

/** How long a session's state is trusted without asking the database again. */
export const SESSION_CHECK_CACHE_MS = 10_000;
/** Entries kept at most; beyond, the cache starts again empty (a burst of sessions). */
const MAX_CACHED_SESSIONS = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a session (a refresh-token family, named by the access token's `sid`) is still
 * open: checked for every authenticated request and every realtime join, so that a logout, a
 * password change or a revocation ends the session's access tokens at once instead of when
 * they expire (ADR 034). The answer is kept in memory for a few seconds; this process forgets
 * it (`ended`) as soon as it ends a session, other processes within `SESSION_CHECK_CACHE_MS`.
 */
export function createSessionCheck(deps: {
  db: Db;
  repository: AuthRepository;
  now?: () => number;
  cacheMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? SESSION_CHECK_CACHE_MS;
  const cache = new Map<string, { active: boolean; until: number }>();

  function remember(sessionId: string, active: boolean) {
    if (cache.size >= MAX_CACHED_SESSIONS) cache.clear();
    cache.set(sessionId, { active, until: now() + cacheMs });
  }

  return {
    async isActive(sessionId: string): Promise<boolean> {
      if (!UUID.test(sessionId)) return false;
      const cached = cache.get(sessionId);
      if (cached && cached.until > now()) return cached.active;
      const active = await deps.repository.isFamilyActive(deps.db, sessionId, new Date(now()));
      remember(sessionId, active);
      return active;
    },

    /** These sessions were just ended (by this process): refuse their tokens from now on. */
    ended(sessionIds: readonly string[]): void {
      for (const sessionId of sessionIds) remember(sessionId, false);
    },
  };
}

export type SessionCheck = ReturnType<typeof createSessionCheck>;

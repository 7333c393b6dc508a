import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../app/test-utils';
import { ApiError, apiRequest } from './api-client';
import { isSessionExpired, onSessionExpiryChange, readTokens, storeTokens } from './session';

/**
 * Spec §4 "Session": a session the server ends (its refresh refused) must say "Session
 * expired" wherever it was noticed. Any call whose refresh is refused tells the shell, not
 * only the current user's load (a page's own call used to clear the credentials silently, and
 * the next page change went to the login page without a word).
 */
describe('a refused refresh marks the session expired', () => {
  beforeEach(() => {
    storeTokens({ accessToken: 'old.access', refreshToken: 'old-refresh' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('clears the credentials and tells the listeners once', async () => {
    const listener = vi.fn();
    const stop = onSessionExpiryChange(listener);
    mockApi({
      'GET /notifications': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'x' } },
      },
      'POST /auth/refresh': {
        status: 401,
        body: { error: { code: 'INVALID_REFRESH_TOKEN', message: 'x' } },
      },
    });
    await expect(apiRequest('/notifications')).rejects.toBeInstanceOf(ApiError);
    expect(readTokens()).toBeNull();
    expect(isSessionExpired()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    // A new sign-in starts a session that is not expired.
    storeTokens({ accessToken: 'new.access', refreshToken: 'new-refresh' });
    expect(isSessionExpired()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not mark it expired when the network failed (the session may still be fine)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/auth/refresh')) throw new TypeError('offline');
        return new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'x' } }), {
          status: 401,
        });
      }),
    );
    await expect(apiRequest('/notifications')).rejects.toBeInstanceOf(ApiError);
    expect(isSessionExpired()).toBe(false);
    expect(readTokens()).not.toBeNull();
  });
});

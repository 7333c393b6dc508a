import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectionQueryKey } from '../features/shell/api/get-redirection';
import i18n from '../lib/i18n';
import { meQueryKey } from '../lib/me';
import { clearSession, storeTokens } from '../lib/session';
import { warmStart } from './warm-start';

const me = { user_id: 7, role: 'BRAND', email: 'brand@clipmarket.tn' };

describe('warmStart', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let queryClient: QueryClient;

  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      const body = url.endsWith('/user/getMe')
        ? { data: me }
        : { data: { redirection: '/discover-content' } };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    queryClient = new QueryClient();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  const calledPaths = () => fetchMock.mock.calls.map(([url]) => url as string);

  it('signed in on home: asks for the user and the redirection at once', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    warmStart({ pathname: '/', queryClient });
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
      expect(queryClient.getQueryData(redirectionQueryKey)).toBe('/discover-content');
    });
    expect(calledPaths().sort()).toEqual(['/v2/request/redirection', '/v2/user/getMe']);
  });

  it('signed in on another page: the user, not the redirection', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    warmStart({ pathname: '/short-lists', queryClient });
    await vi.waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toEqual(me));
    expect(calledPaths()).toEqual(['/v2/user/getMe']);
  });

  it('signed in: makes the formatters of the interface language in a task of its own', () => {
    vi.useFakeTimers();
    try {
      const prepareFormatters = vi.fn();
      storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
      warmStart({ pathname: '/', queryClient, prepareFormatters });
      // Not in the task that sends the requests: they leave first.
      expect(prepareFormatters).not.toHaveBeenCalled();
      vi.runOnlyPendingTimers();
      expect(prepareFormatters).toHaveBeenCalledExactlyOnceWith(i18n.language);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signed out: starts nothing', () => {
    const prepareFormatters = vi.fn();
    // Fake timers first, so that a timer warmStart would set is run here and seen.
    vi.useFakeTimers();
    warmStart({ pathname: '/', queryClient, prepareFormatters });
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    expect(prepareFormatters).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorProfileQueryKey } from '../lib/creator-profile-request';
import { clearSession, storeTokens } from '../lib/session';
import { ShellRoutes } from './app-routes';
import { preloadFirstScreen } from './first-screen';
import { lazyPage, type PageRoute } from './routes';
import { makeMe, mockApi } from './test-utils';

// The frame's chunk, as far as the first screen uses it: which of its pages it asks for.
const preloadShellPage = vi.hoisted(() => vi.fn(async (_path: string) => {}));
vi.mock('./shell-loader', () => ({ loadShell: async () => ({ preloadShellPage }) }));

/** A bare page whose download is counted (and can be made to fail or hang). */
function countedPage(path: string, download = () => Promise.resolve()) {
  const load = vi.fn(async () => {
    await download();
    return { default: () => <p>{`page ${path}`}</p> };
  });
  return { route: { path, Page: lazyPage(load) } satisfies PageRoute, load };
}

describe('preloadFirstScreen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(() => {
    clearSession();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    preloadShellPage.mockClear();
  });

  it('signed out: the page of the address, which then renders at once (no loader)', async () => {
    const login = countedPage('/login');
    const signUp = countedPage('/sign-up');
    const shell = vi.spyOn(ShellRoutes, 'preload');
    await preloadFirstScreen([login.route, signUp.route], '/login');
    expect(login.load).toHaveBeenCalledOnce();
    expect(signUp.load).not.toHaveBeenCalled();
    expect(shell).not.toHaveBeenCalled();
    // No Suspense boundary around it: a page that suspended would render nothing.
    render(<login.route.Page />);
    expect(screen.getByText('page /login')).toBeInTheDocument();
  });

  it('signed in on home: goes where home sends the user before the first render, with that page', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 'BRAND');
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /request/redirection': { body: { redirection: 'discover-content' } },
    });
    const home = countedPage('/');
    const shell = vi.spyOn(ShellRoutes, 'preload').mockResolvedValue(() => <p>frame</p>);
    await preloadFirstScreen([countedPage('/login').route, home.route], '/', new QueryClient());
    expect(window.location.pathname).toBe('/discover-content');
    expect(shell).toHaveBeenCalledOnce();
    expect(preloadShellPage).toHaveBeenCalledWith('/discover-content');
    // Home itself, which only redirects, is not needed.
    expect(home.load).not.toHaveBeenCalled();
  });

  it("signed in on home as a creator: the showcase comes with the creator's profile", async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 'TALENT');
    const profile = { influencer_id: 'influencer-1', stats: [] };
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /request/redirection': { body: { redirection: null } },
      'GET /influencers/me/profile': { body: { data: profile } },
    });
    vi.spyOn(ShellRoutes, 'preload').mockResolvedValue(() => <p>frame</p>);
    const queryClient = new QueryClient();
    await preloadFirstScreen([countedPage('/').route], '/', queryClient);
    expect(window.location.pathname).toBe('/profile/check-profile');
    expect(queryClient.getQueryData(creatorProfileQueryKey('me', 'en', 'user'))).toEqual(profile);
  });

  it('signed in on home without the user (an error): home stays, and its page comes', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 'BRAND');
    mockApi({ 'GET /user/getMe': { status: 500, body: {} } });
    const home = countedPage('/');
    vi.spyOn(ShellRoutes, 'preload').mockResolvedValue(() => <p>frame</p>);
    await preloadFirstScreen([home.route], '/', new QueryClient());
    expect(window.location.pathname).toBe('/');
    expect(home.load).toHaveBeenCalledOnce();
  });

  it('answers that come after the first render has started leave the address to home', async () => {
    vi.useFakeTimers();
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 'ADMIN');
    // Both answers wait until the test lets them in.
    const pending: Array<() => void> = [];
    const bodies: Record<string, unknown> = {
      '/v2/user/getMe': { data: makeMe({ role: 'ADMIN' }) },
      '/v2/request/redirection': { redirection: null },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: RequestInfo | URL) =>
          new Promise<Response>((resolve) =>
            pending.push(() =>
              resolve(Response.json(bodies[new URL(String(input), 'http://localhost').pathname])),
            ),
          ),
      ),
    );
    vi.spyOn(ShellRoutes, 'preload').mockResolvedValue(() => <p>frame</p>);
    const rendered = preloadFirstScreen([countedPage('/').route], '/', new QueryClient());
    await vi.advanceTimersByTimeAsync(1_500);
    await rendered;
    expect(pending).toHaveLength(2);
    for (const answer of pending) answer();
    await vi.advanceTimersByTimeAsync(10);
    expect(preloadShellPage).toHaveBeenCalledTimes(0);
    expect(window.location.pathname).toBe('/');
  });

  it('signed in on a page of the frame: the frame, no bare page', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 'TALENT');
    const login = countedPage('/login');
    const shell = vi.spyOn(ShellRoutes, 'preload').mockResolvedValue(() => <p>frame</p>);
    await preloadFirstScreen([login.route], '/short-lists');
    expect(shell).toHaveBeenCalledOnce();
    expect(login.load).not.toHaveBeenCalled();
  });

  it('a download that fails is left to the route: the first render is not held back', async () => {
    const login = countedPage('/login', () => Promise.reject(new Error('offline')));
    await expect(preloadFirstScreen([login.route], '/login')).resolves.toBeUndefined();
  });

  it('a download that hangs holds the first render back 1.5 s at most', async () => {
    vi.useFakeTimers();
    const login = countedPage('/login', () => new Promise<void>(() => {}));
    let done = false;
    void preloadFirstScreen([login.route], '/login').then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeTokens } from '../lib/session';
import { ShellRoutes } from './app-routes';
import { preloadFirstScreen } from './first-screen';
import { lazyPage, type PageRoute } from './routes';

/** A bare page whose download is counted (and can be made to fail or hang). */
function countedPage(path: string, download = () => Promise.resolve()) {
  const load = vi.fn(async () => {
    await download();
    return { default: () => <p>{`page ${path}`}</p> };
  });
  return { route: { path, Page: lazyPage(load) } satisfies PageRoute, load };
}

describe('preloadFirstScreen', () => {
  afterEach(() => {
    clearSession();
    vi.restoreAllMocks();
    vi.useRealTimers();
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

  it('signed in on home: home and the signed-in frame', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 'BRAND');
    const home = countedPage('/');
    const shell = vi.spyOn(ShellRoutes, 'preload').mockResolvedValue(() => <p>frame</p>);
    await preloadFirstScreen([countedPage('/login').route, home.route], '/');
    expect(home.load).toHaveBeenCalledOnce();
    expect(shell).toHaveBeenCalledOnce();
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

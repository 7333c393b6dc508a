import type { Role } from '@clipmarket/contracts/enums';
import { readStoredRole, readTokens } from '../lib/session';
import { ShellRoutes } from './app-routes';
import { findPage, type PageRoute } from './routes';
import { loadShell } from './shell-loader';

/**
 * Where home sends each role (features/shell/pages/home-page.tsx: advertisers to the server's
 * redirection, Discover Content today), and that page's chunk, asked for at once rather than
 * once the frame's chunk is in. The stored role is only a guess: a wrong one costs a download.
 */
const advertiserLanding = {
  path: '/discover-content',
  load: () => import('../features/discovery/pages/discover-page'),
};
const landingPages: Partial<Record<Role, { path: string; load?: () => Promise<unknown> }>> = {
  BRAND: advertiserLanding,
  AGENCY: advertiserLanding,
  TALENT: {
    path: '/profile/check-profile',
    load: () => import('../features/showcase/pages/showcase-page'),
  },
  ADMIN: { path: '/admin' },
};

/** The longest the first render waits for the first screen's code (then its loaders show). */
const FIRST_SCREEN_WAIT_MS = 1_500;

/**
 * Asks for the code of the screen the address opens (a page without the frame, or the
 * signed-in frame and its page; on home, the page the stored role lands on) so that the first
 * render finds it and shows the screen in one go. A lazy page that renders before its chunk is
 * in shows its loader, and React then holds the page back until 300 ms after that loader
 * appeared: twice on a signed-in home (the frame, then its page), 0.6 s for nothing.
 * Never rejects: a download that fails is the route's to retry and report.
 */
export function preloadFirstScreen(
  bare: readonly PageRoute[],
  pathname = window.location.pathname,
): Promise<void> {
  const downloads: Promise<unknown>[] = [];
  const barePage = findPage(bare, pathname);
  if (barePage?.Page.preload) downloads.push(barePage.Page.preload());
  if (readTokens() && (!barePage || pathname === '/')) {
    const landing = pathname === '/' ? landingPages[readStoredRole() as Role] : undefined;
    if (landing?.load) downloads.push(landing.load());
    const framePage = pathname === '/' ? landing?.path : pathname;
    downloads.push(
      ShellRoutes.preload(),
      loadShell().then((shell) => (framePage ? shell.preloadShellPage(framePage) : undefined)),
    );
  }
  const settled = Promise.all(downloads).then(
    () => undefined,
    () => undefined,
  );
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  return Promise.race([settled, waited]);
}

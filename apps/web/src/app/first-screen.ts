import type { Role } from '@clipmarket/contracts/enums';
import type { QueryClient } from '@tanstack/react-query';
import { getRedirection, redirectionQueryKey } from '../features/shell/api/redirection-request';
import { homeTarget } from '../features/shell/home-target';
import { fetchMe, meQueryKey } from '../lib/me-request';
import { queryClient as appQueryClient } from '../lib/query-client';
import { readStoredRole, readTokens } from '../lib/session';
import { ShellRoutes } from './app-routes';
import { landingPages } from './landing-pages';
import { findPage, type PageRoute } from './routes';
import { loadShell } from './shell-loader';

/** The longest the first render waits for the first screen's code (then its loaders show). */
const FIRST_SCREEN_WAIT_MS = 1_500;

/**
 * Where home sends the signed-in user (features/shell/home-target.ts), from the user and the
 * redirection target the warm start asked for (warm-start.ts); null when either failed: home's
 * page then says so.
 */
async function resolveHome(queryClient: QueryClient): Promise<string | null> {
  try {
    const [me, redirection] = await Promise.all([
      queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) }),
      queryClient.fetchQuery({
        queryKey: redirectionQueryKey,
        queryFn: ({ signal }) => getRedirection(signal),
      }),
    ]);
    return homeTarget(me, redirection);
  } catch {
    return null;
  }
}

/**
 * Gets the screen the address opens ready for the first render, so that it shows in one go:
 * asks for its code (a page without the frame, or the signed-in frame and its page) and, on
 * home, goes where home would send the user (the address changes in place, as home's own
 * redirect does) once the user and the redirection target are in — their requests leave with
 * the first download, and the code and data of the landing page the stored role points to
 * (landing-pages.ts) are asked for meanwhile.
 * A lazy page that renders before its chunk is in shows its loader, and React then holds the
 * page back until 300 ms after that loader appeared: twice on a signed-in home (the frame, then
 * its page), 0.6 s for nothing; home's redirect would render the whole screen a second time.
 * Never rejects: a download that fails is the route's to retry and report.
 */
export function preloadFirstScreen(
  bare: readonly PageRoute[],
  pathname = window.location.pathname,
  queryClient: QueryClient = appQueryClient,
): Promise<void> {
  let firstRenderStarted = false;
  const downloads: Promise<unknown>[] = [];
  const preloadPage = async (path: string) => {
    const barePage = findPage(bare, path);
    if (barePage) return barePage.Page.preload?.();
    return (await loadShell()).preloadShellPage(path);
  };
  const signedIn = readTokens() !== null;
  if (pathname === '/' && signedIn) {
    const landing = landingPages[readStoredRole() as Role];
    // The landing page's code and texts at once: the frame's table would name its texts only
    // once the frame's chunk is in, one more round trip.
    if (landing?.route.Page.preload) downloads.push(landing.route.Page.preload());
    if (landing?.prefetch) downloads.push(landing.prefetch(queryClient));
    downloads.push(
      ShellRoutes.preload(),
      resolveHome(queryClient).then((target) => {
        if (target === null) return bare.find((route) => route.path === '/')?.Page.preload?.();
        if (firstRenderStarted) return undefined;
        window.history.replaceState(window.history.state, '', target);
        return preloadPage(target);
      }),
    );
  } else if (findPage(bare, pathname)) {
    downloads.push(preloadPage(pathname));
  } else if (signedIn) {
    downloads.push(ShellRoutes.preload(), preloadPage(pathname));
  }
  const settled = Promise.all(downloads).then(
    () => undefined,
    () => undefined,
  );
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  return Promise.race([settled, waited]).then(() => {
    firstRenderStarted = true;
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { getRedirection, redirectionQueryKey } from '../features/shell/api/redirection-request';
import i18n from '../lib/i18n';
import { fetchMe, meQueryKey } from '../lib/me-request';
import { queryClient as appQueryClient } from '../lib/query-client';
import { readTokens } from '../lib/session';
import { loadHome } from './routes';
import { loadShell } from './shell-loader';

/**
 * A signed-in visit waits for the user (getMe), for the shell's chunk and texts and, on `/`,
 * for the home's redirection target. Each is otherwise asked for only when the screen needing
 * it renders: the home page's chunk, then getMe, then the redirection, then the shell, one
 * round trip after another (about two seconds on a slow phone network). Started here, while
 * the app boots, they arrive together; the screens then find them in the query cache and the
 * module map. Signed out, nothing is started.
 */
export function warmStart({
  pathname = window.location.pathname,
  queryClient = appQueryClient,
  preloadShell = loadShell,
  preloadHome = loadHome,
  prepareFormatters = (language) =>
    // Only a head start: the screens make whatever is not ready, so a failure is let go.
    import('../lib/format').then((format) => format.prepareFormatters(language)).catch(() => {}),
}: {
  pathname?: string;
  queryClient?: QueryClient;
  preloadShell?: () => Promise<unknown>;
  preloadHome?: () => Promise<unknown>;
  prepareFormatters?: (language: string) => unknown;
} = {}) {
  if (!readTokens()) return;
  void queryClient.prefetchQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
  });
  if (pathname === '/') {
    // Home only decides where to go: its chunk comes with the rest, not after the entry's.
    preloadHome().catch(() => {});
    void queryClient.prefetchQuery({
      queryKey: redirectionQueryKey,
      queryFn: ({ signal }) => getRedirection(signal),
    });
  }
  // A failed download is retried (and reported) by the shell's route.
  preloadShell().catch(() => {});
  // The first screen's Intl formatters, made while the answers are on the way (lib/format.ts),
  // in a task of their own once this one has sent the requests. Imported here rather than at
  // the top: the entry stays as it is (a new static import reshuffles the first download's chunks).
  setTimeout(() => prepareFormatters(i18n.language));
}

import type { QueryClient } from '@tanstack/react-query';
import { getRedirection, redirectionQueryKey } from '../features/shell/api/redirection-request';
import i18n from '../lib/i18n';
import { fetchMe, meQueryKey } from '../lib/me-request';
import { queryClient as appQueryClient } from '../lib/query-client';
import { readTokens } from '../lib/session';

/**
 * A signed-in visit waits for the user (getMe) and, on `/`, for the home's redirection target.
 * Each is otherwise asked for only when the screen needing it renders, one round trip after
 * the code's (about two seconds on a slow phone network). Started here, while the app boots,
 * they arrive with the first screen's code (first-screen.ts); the screens then find them in
 * the query cache. Signed out, nothing is started.
 */
export function warmStart({
  pathname = window.location.pathname,
  queryClient = appQueryClient,
  prepareFormatters = (language) =>
    // Only a head start: the screens make whatever is not ready, so a failure is let go.
    import('../lib/format').then((format) => format.prepareFormatters(language)).catch(() => {}),
}: {
  pathname?: string;
  queryClient?: QueryClient;
  prepareFormatters?: (language: string) => unknown;
} = {}) {
  if (!readTokens()) return;
  void queryClient.prefetchQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
  });
  if (pathname === '/') {
    void queryClient.prefetchQuery({
      queryKey: redirectionQueryKey,
      queryFn: ({ signal }) => getRedirection(signal),
    });
  }
  // The first screen's Intl formatters, made while the answers are on the way (lib/format.ts),
  // in a task of their own once this one has sent the requests. Imported here rather than at
  // the top: the entry stays as it is (a new static import reshuffles the first download's chunks).
  setTimeout(() => prepareFormatters(i18n.language));
}

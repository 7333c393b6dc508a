import { Suspense, type ReactNode } from 'react';
import { Route } from 'wouter';
import { RouteErrorBoundary } from './route-error';
import type { PageRoute } from './routes';

/**
 * One route of the table: its page with its own error boundary (a page that fails to load or
 * crashes shows "Retry" in its place, reset by the next navigation) and its loader while the
 * page's chunk arrives. `wrap` puts a guard around the page (the shell's role guard).
 */
export function pageRoutes(
  routes: readonly PageRoute[],
  fallback: ReactNode,
  wrap: (route: PageRoute, page: ReactNode) => ReactNode = (_route, page) => page,
) {
  return routes.map((route) => (
    <Route key={route.path} path={route.path}>
      <RouteErrorBoundary>
        <Suspense fallback={fallback}>{wrap(route, <route.Page />)}</Suspense>
      </RouteErrorBoundary>
    </Route>
  ));
}

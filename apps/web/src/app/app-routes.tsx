import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, type ReactNode } from 'react';
import { Route, Switch, matchRoute, useLocation, useRouter } from 'wouter';
import NotFoundPage from '../features/not-found/pages/not-found-page';
import { useTranslation } from '../lib/use-translation';
import RoleRoute from './role-route';
import { RouteErrorBoundary } from './route-error';
import { loadShell, type PageRoute, type RouteTable } from './routes';

// The signed-in frame: its own chunk, also started early by the warm start (warm-start.ts).
const ShellLayout = lazy(loadShell);

function ScreenLoader() {
  const { t } = useTranslation('common');
  return (
    <Center h="100dvh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/**
 * One page: its own error boundary (a page that fails to load or crashes shows "Retry" in its
 * place, reset by the next navigation), its loader while its chunk arrives, its role guard.
 */
function RoutePage({ route, fallback }: { route: PageRoute; fallback: ReactNode }) {
  const { Page, roles } = route;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={fallback}>
        {roles ? (
          <RoleRoute roles={roles}>
            <Page />
          </RoleRoute>
        ) : (
          <Page />
        )}
      </Suspense>
    </RouteErrorBoundary>
  );
}

function pageRoutes(routes: readonly PageRoute[], fallback: ReactNode) {
  return routes.map((route) => (
    <Route key={route.path} path={route.path}>
      <RoutePage route={route} fallback={fallback} />
    </Route>
  ));
}

/** The signed-in frame around the page the address names, or around the not-found page. */
function ShellRoutes({ routes }: { routes: readonly PageRoute[] }) {
  const { parser } = useRouter();
  const [pathname] = useLocation();
  const current = routes.find((route) => matchRoute(parser, route.path, pathname)[0]);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<ScreenLoader />}>
        <ShellLayout hideNavigation={current?.hideNavigation ?? false}>
          <Switch>
            {pageRoutes(routes, <PageLoader />)}
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </ShellLayout>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The app's pages (routes.tsx) on wouter: the bare pages first, then every other address
 * inside the signed-in frame. Rendered under wouter's browser location in the app and under
 * a memory location in tests (test/router.tsx).
 */
export function AppRoutes({ routes }: { routes: RouteTable }) {
  return (
    <Switch>
      {pageRoutes(routes.bare, <ScreenLoader />)}
      <Route>
        <ShellRoutes routes={routes.shell} />
      </Route>
    </Switch>
  );
}

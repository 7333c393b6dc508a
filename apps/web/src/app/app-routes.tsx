import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Route, Switch } from 'wouter';
import { useTranslation } from '../lib/use-translation';
import { pageRoutes } from './page-route';
import { RouteErrorBoundary } from './route-error';
import type { RouteTable } from './routes';
import { loadShell } from './shell-loader';

// The signed-in frame and its routes: a chunk, asked for before the first render when the
// first screen is inside it (first-screen.ts).
export const ShellRoutes = lazyWithPreload(loadShell);

function ScreenLoader() {
  const { t } = useTranslation('common');
  return (
    <Center h="100dvh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/**
 * The app's pages (routes.tsx) on wouter: the bare pages first, then every other address
 * inside the signed-in frame (layout/shell-routes.tsx). Rendered under wouter's browser
 * location in the app and under a memory location in tests (test/router.tsx).
 */
export function AppRoutes({ routes }: { routes: RouteTable }) {
  return (
    <Switch>
      {pageRoutes(routes.bare, <ScreenLoader />)}
      <Route>
        <RouteErrorBoundary>
          <Suspense fallback={<ScreenLoader />}>
            <ShellRoutes routes={routes.shell} />
          </Suspense>
        </RouteErrorBoundary>
      </Route>
    </Switch>
  );
}

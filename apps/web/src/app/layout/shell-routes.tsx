import { Center, Loader } from '@mantine/core';
import { Route, Switch, matchRoute, useLocation, useRouter } from 'wouter';
import { LazyNotFoundPage } from '../../features/not-found/lazy-not-found-page';
import { useTranslation } from '../../lib/use-translation';
import { pageRoutes } from '../page-route';
import RoleRoute from '../role-route';
import { findPage, type PageRoute } from '../routes';
import { createShellRoutes } from '../shell-pages';
import ShellLayout from './shell-layout';

let shellRoutes: readonly PageRoute[] | undefined;
/** The app's own table of the frame's pages, made once (its lazy pages keep their state). */
function defaultShellRoutes() {
  shellRoutes ??= createShellRoutes();
  return shellRoutes;
}

/** Downloads the frame's page at this address before it renders (first-screen.ts). */
export async function preloadShellPage(pathname: string): Promise<void> {
  await findPage(defaultShellRoutes(), pathname)?.Page.preload?.();
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
 * The signed-in frame around the page the address names (its role guard around it), or around
 * the not-found page. Its own chunk with the frame and its pages' table (shell-loader.ts `loadShell`): /login downloads
 * neither.
 */
export default function ShellRoutes({
  routes = defaultShellRoutes(),
}: {
  routes?: readonly PageRoute[] | undefined;
}) {
  const { parser } = useRouter();
  const [pathname] = useLocation();
  const current = routes.find((route) => matchRoute(parser, route.path, pathname)[0]);
  return (
    <ShellLayout hideNavigation={current?.hideNavigation ?? false}>
      <Switch>
        {pageRoutes(routes, <PageLoader />, (route, page) =>
          route.roles ? <RoleRoute roles={route.roles}>{page}</RoleRoute> : page,
        )}
        <Route>
          <LazyNotFoundPage />
        </Route>
      </Switch>
    </ShellLayout>
  );
}

import type { Role } from '@clipmarket/contracts/enums';
import type { ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from 'react-lazy-with-preload';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { type LazyNamespace, loadNamespaces } from '../lib/i18n';

type PageModule = { default: ComponentType };
/** A page in a chunk of its own, which can be asked for before the page renders. */
export type LazyPage = PreloadableComponent<ComponentType>;

/**
 * One page of the route table (spec §2): its path (wouter's syntax: `/request-content/:id`),
 * its component and who may open it. The table is data: the app renders it (app-routes.tsx),
 * and tests read it (route-coverage.test.tsx) without rendering.
 */
export interface PageRoute {
  path: string;
  /** A lazy page (`lazyPage`), or a plain component (nothing to download: tests). */
  Page: ComponentType & { preload?: LazyPage['preload'] };
  /** Only these roles see the page (spec §6); anyone else gets the not-found page. */
  roles?: readonly Role[];
  /** Spec §2: "A route may set a flag to hide navigation" (the shell's menu and top bar). */
  hideNavigation?: boolean;
}

export interface RouteTable {
  /** Pages without the signed-in frame (sign-in pages, home's redirection), first match wins. */
  bare: readonly PageRoute[];
  /**
   * Pages inside the signed-in frame (app/layout/shell-layout.tsx), first match wins; a path
   * that no page of either list matches shows the not-found page inside the frame. Absent: the
   * frame's own table (shell-pages.tsx), which comes with the frame's chunk, so that /login
   * does not download the signed-in pages' table.
   */
  shell?: readonly PageRoute[];
}

/**
 * A page as its own chunk (`React.lazy`) that arrives with its texts: the chunk and the
 * namespaces are asked for together. A download that fails throws into the route's error
 * boundary (app-routes.tsx), which shows "Retry". Once preloaded (`Page.preload()`, see
 * first-screen.ts) the page renders at once instead of suspending.
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  namespaces: readonly LazyNamespace[] = [],
): LazyPage {
  return lazyWithPreload(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  });
}

/** The first page of the table whose path matches (wouter's own pattern syntax and order). */
export function findPage(routes: readonly PageRoute[], pathname: string): PageRoute | undefined {
  return routes.find((route) => matchRoute(parse, route.path, pathname)[0]);
}

export function page(
  path: string,
  load: () => Promise<PageModule>,
  namespaces: readonly LazyNamespace[] = [],
): PageRoute {
  return { path, Page: lazyPage(load, namespaces) };
}

/** Pages for some roles only (spec §6): the roles are part of each page's entry. */
export function guarded(roles: readonly Role[], pages: PageRoute[]): PageRoute[] {
  return pages.map((route) => ({ ...route, roles }));
}

/**
 * The pages without the signed-in frame: signing in, the public campaign report, the creators'
 * public media kits and home's redirection (spec §2).
 */
export function createBareRoutes(): PageRoute[] {
  return [
    page('/login', () => import('../features/auth/pages/login-page'), ['auth']),
    page('/sign-up', () => import('../features/auth/pages/sign-up-page'), ['auth']),
    page('/forgot-password', () => import('../features/auth/pages/forgot-password-page'), ['auth']),
    page('/reset-password', () => import('../features/auth/pages/reset-password-page'), ['auth']),
    page('/verify-email', () => import('../features/auth/pages/verify-email-page'), ['auth']),
    // Spec §2 `/campaigns/{redirection}`: a campaign's public report, for anyone holding the
    // link its advertiser shared (issue 24 §4); no sign-in, no navigation.
    page('/campaigns/:token', () => import('../features/shared-report/pages/shared-report-page'), [
      'shared-report',
    ]),
    // Spec §2 `/media_kit/{influencer_name}`: a creator's media kit for anyone (issue 25 §2);
    // no sign-in, no navigation.
    page(
      '/media_kit/:influencer_name',
      () => import('../features/media-kit/pages/public-media-kit-page'),
      ['media-kit'],
    ),
    // Home only decides where a signed-in visit goes; the first screen usually goes there
    // before it renders (first-screen.ts), so its chunk is asked for only when needed.
    page('/', () => import('../features/shell/pages/home-page')),
  ];
}

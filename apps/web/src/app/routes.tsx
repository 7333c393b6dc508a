import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import NotFoundPage from '../features/not-found/pages/not-found-page';
import { featureFlags } from '../lib/feature-flags';
import { loadNamespaces } from '../lib/i18n';
import AdminRoute from './admin-route';
import AdvertiserRoute from './advertiser-route';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };

/**
 * Loads a page chunk. A rejected `lazy` leaves the route unrendered (React Router then
 * renders nothing below the root: a blank screen), so a failed download becomes a page
 * that throws its error, which the route's error element turns into "Retry".
 */
export function lazyPage(load: () => Promise<PageModule>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      return {
        Component: function PageLoadFailed() {
          throw error;
        },
      };
    }
  };
}

/**
 * Every page is its own chunk (`lazy`), so /login and the shell download only what they
 * show. Each page route has its own error element, so a page that fails to load shows
 * "Retry" inside the shell instead of replacing it.
 */
function page(
  path: string | undefined,
  load: () => Promise<PageModule>,
  namespaces: Parameters<typeof loadNamespaces>[0] = [],
): RouteObject {
  const loadWithCatalogs = async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  };
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: lazyPage(loadWithCatalogs),
    errorElement: <RouteError />,
  };
}

function InitialLoader() {
  const { t } = useTranslation('common');
  return (
    <Center h="100dvh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/**
 * Route table (spec §2). Routes of features not built yet (request-content, manage-content,
 * accept-requests, media-kit, toolbox, track-*, campaign, dashboard, …) fall through to the
 * not-found page inside the shell while the menu already links to them.
 */
export function createRoutes(flags = featureFlags): RouteObject[] {
  const discoverPage = () => import('../features/discovery/pages/discover-page');
  const shortListsPage = () => import('../features/discovery/pages/short-lists-page');
  // Advertisers only (spec §6); others get the not-found page. The guard is a few lines in
  // the first download: as a chunk of its own it would split the shell's shared chunks.
  const advertiserPages: RouteObject = {
    id: 'advertiser',
    element: <AdvertiserRoute />,
    errorElement: <RouteError />,
    children: [
      page('discover-content', discoverPage, ['discovery']),
      // Spec §2: "a search/discover route (named search or discover) also exists".
      page('search', discoverPage, ['discovery']),
      ...(flags.shortlist
        ? [
            page('short-lists', shortListsPage, ['discovery']),
            page('short-lists/:short_list_id', shortListsPage, ['discovery']),
          ]
        : []),
    ],
  };
  // Admins only (issue 7: creator account validation).
  const adminPages: RouteObject = {
    id: 'admin',
    element: <AdminRoute />,
    errorElement: <RouteError />,
    children: [
      page(
        'admin/creators',
        () => import('../features/creator-validation/pages/admin-creators-page'),
        ['admin'],
      ),
    ],
  };
  const shellPages: RouteObject[] = [
    advertiserPages,
    adminPages,
    page('creator/:influencer_id', () => import('../features/discovery/pages/creator-page'), [
      'discovery',
    ]),
    page('profile/check-profile', () => import('../features/showcase/pages/showcase-page')),
    page('profile/:userId', () => import('../features/showcase/pages/showcase-page')),
    page('get-started', () => import('../features/onboarding/pages/get-started-page')),
    page('support-advertiser', () => import('../features/support/pages/support-advertiser-page'), [
      'support',
    ]),
    page('support-creator', () => import('../features/support/pages/support-creator-page'), [
      'support',
    ]),
    ...(flags.contact
      ? [page('contact-us', () => import('../features/support/pages/contact-us-page'), ['support'])]
      : []),
    // Already in the first download (the error element shows it for 404s): no chunk of its own.
    { path: '*', element: <NotFoundPage />, errorElement: <RouteError /> },
  ];
  return [
    {
      id: 'root',
      errorElement: <RouteError />,
      hydrateFallbackElement: <InitialLoader />,
      children: [
        page('login', () => import('../features/auth/pages/login-page')),
        page('sign-up', () => import('../features/auth/pages/sign-up-page')),
        page('forgot-password', () => import('../features/auth/pages/forgot-password-page')),
        page('reset-password', () => import('../features/auth/pages/reset-password-page')),
        page('verify-email', () => import('../features/auth/pages/verify-email-page')),
        page(undefined, () => import('../features/shell/pages/home-page')),
        {
          id: 'shell',
          lazy: lazyPage(() => import('./layout/shell-layout')),
          errorElement: <RouteError />,
          children: shellPages,
        },
      ],
    },
  ];
}

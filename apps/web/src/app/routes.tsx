import type { Role } from '@clipmarket/contracts/enums';
import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { RouteObject } from 'react-router';
import NotFoundPage from '../features/not-found/pages/not-found-page';
import HomePage from '../features/shell/pages/home-page';
import {
  activeComingSoonAreas,
  type ComingSoonAudience,
  type ComingSoonRouteHandle,
} from '../lib/coming-soon';
import { type FeatureFlags, featureFlags } from '../lib/feature-flags';
import { loadNamespaces } from '../lib/i18n';
import RoleRoute, {
  adminRoles,
  advertiserRoles,
  creatorRoles,
  type RoleRouteHandle,
} from './role-route';
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

/**
 * Pages for some roles only (spec §6). The roles are also the route's `handle`, so a test can
 * tell from the table alone who may open a path.
 */
function guarded(id: string, roles: readonly Role[], children: RouteObject[]): RouteObject {
  const handle: RoleRouteHandle = { roles };
  return {
    id,
    element: <RoleRoute roles={roles} />,
    handle,
    errorElement: <RouteError />,
    children,
  };
}

/**
 * Issue 8 point 6: the routes of the areas that menus and notifications link to before their
 * pages exist (lib/coming-soon.ts) show one "coming soon" page that names the area.
 */
function comingSoonPages(audience: ComingSoonAudience, flags: Readonly<FeatureFlags>) {
  const load = () => import('../features/coming-soon/pages/coming-soon-page');
  return activeComingSoonAreas(flags)
    .filter((area) => area.audience === audience)
    .flatMap((area) =>
      area.paths.map((path): RouteObject => {
        const handle: ComingSoonRouteHandle = { comingSoon: area.id };
        return { ...page(path, load, ['coming-soon']), handle };
      }),
    );
}

/**
 * The frame of every signed-in page, with the texts of its bell and pages (lib/i18n.ts). Also
 * started by the warm start (warm-start.ts), before the router asks for it.
 */
export async function loadShell(): Promise<PageModule> {
  const [module] = await Promise.all([
    import('./layout/shell-layout'),
    loadNamespaces(['pages', 'notifications']),
  ]);
  return module;
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
 * Route table (spec §2). Routes of features not built yet (request-content,
 * accept-requests, media-kit, toolbox, track-*, campaign, dashboard, …) show their area's
 * "coming soon" page behind the role guard the real pages will have; any other path shows
 * the not-found page inside the shell.
 */
export function createRoutes(flags = featureFlags): RouteObject[] {
  const discoverPage = () => import('../features/discovery/pages/discover-page');
  const shortListsPage = () => import('../features/discovery/pages/short-lists-page');
  const adminMoneyPage = () => import('../features/admin-money/pages/admin-money-page');
  const walletPage = () => import('../features/wallet/pages/wallet-page');
  // Advertisers only (spec §6); others get the not-found page.
  const advertiserPages = guarded('advertiser', advertiserRoles, [
    page('discover-content', discoverPage, ['discovery']),
    // Spec §2: "a search/discover route (named search or discover) also exists".
    page('search', discoverPage, ['discovery']),
    ...(flags.shortlist
      ? [
          page('short-lists', shortListsPage, ['discovery']),
          page('short-lists/:short_list_id', shortListsPage, ['discovery']),
        ]
      : []),
    // Issue 9 §5: the wallet, its pack checkout (`/payment`, where the legal info returns to)
    // and the result of a pack's payment.
    page('track-payments/my-wallet', walletPage, ['wallet', 'checkout']),
    page('track-payments/my-wallet/payment', walletPage, ['wallet', 'checkout']),
    page(
      'track-payments/purchase-pack/:wallet_purchase_id/:status',
      () => import('../features/wallet/pages/purchase-result-page'),
      ['wallet'],
    ),
    // Issue 10 §3: the content requests, their four steps and the result of their payment.
    page('request-content', () => import('../features/content-requests/pages/request-list-page'), [
      'content-requests',
    ]),
    page(
      'request-content/add',
      () => import('../features/content-requests/pages/new-request-page'),
      ['content-requests'],
    ),
    page(
      'request-content/:content_request_id',
      () => import('../features/content-requests/pages/request-editor-page'),
      ['content-requests'],
    ),
    page(
      'request-content/:content_request_id/payment',
      () => import('../features/content-requests/pages/checkout-page'),
      ['content-requests', 'checkout'],
    ),
    page(
      'request-content/:content_request_id/payment/:status',
      () => import('../features/content-requests/pages/payment-result-page'),
      ['content-requests'],
    ),
    // Issue 11 §3–§5: the videos to review, each one's review and payment, its payment result.
    page('manage-content', () => import('../features/manage-content/pages/manage-content-page'), [
      'manage-content',
    ]),
    page(
      'manage-content/:content_request_influencer_id',
      () => import('../features/manage-content/pages/line-page'),
      ['manage-content'],
    ),
    page(
      'manage-content/:content_request_influencer_id/payment/:status',
      () => import('../features/manage-content/pages/payment-result-page'),
      ['manage-content'],
    ),
    // Issue 9 §6: the invoices, each downloaded as a PDF.
    page('track-payments/my-invoices', () => import('../features/invoices/pages/invoices-page'), [
      'invoices',
    ]),
    ...comingSoonPages('advertiser', flags),
  ]);
  const makeContentPage = () => import('../features/accept-requests/pages/make-content-page');
  // Creators only (spec §6): issue 10 §4, the requests to answer and the work accepted; their
  // areas still to come.
  const creatorPages = guarded('creator', creatorRoles, [
    page(
      'accept-requests',
      () => import('../features/accept-requests/pages/accept-requests-page'),
      ['accept-requests'],
    ),
    page('make-content', makeContentPage, ['accept-requests']),
    page(
      'make-content/:content_request_influencer_id',
      () => import('../features/accept-requests/pages/line-details-page'),
      ['accept-requests'],
    ),
    // Issue 11 §6: the creator's earnings and payouts (spec §2 "Creator payments (get paid)").
    page('track-deposits', () => import('../features/payouts/pages/track-deposits-page'), [
      'payouts',
    ]),
    ...comingSoonPages('creator', flags),
  ]);
  // Admins only (issue 7: creator account validation; issue 8: admin home; issue 9: promo codes).
  const adminPages = guarded('admin', adminRoles, [
    page('admin', () => import('../features/admin-home/pages/admin-home-page'), ['admin']),
    page(
      'admin/creators',
      () => import('../features/creator-validation/pages/admin-creators-page'),
      ['admin'],
    ),
    // Issue 9 point 8: the ledger, the payments and their reconciliation with the gateway.
    page('admin/payments', adminMoneyPage, ['admin-money']),
    page('admin/payments/:payment_id', adminMoneyPage, ['admin-money']),
    page(
      'admin/promo-codes',
      () => import('../features/promo-codes/pages/admin-promo-codes-page'),
      ['admin'],
    ),
    page('admin/settings', () => import('../features/admin-settings/pages/admin-settings-page'), [
      'admin',
    ]),
    // Issue 11 §5 and §7: the creators' publication links and the disputed rejections.
    page(
      'admin/publications',
      () => import('../features/admin-content/pages/admin-publications-page'),
      ['admin-content'],
    ),
    page('admin/disputes', () => import('../features/admin-content/pages/admin-disputes-page'), [
      'admin-content',
    ]),
    // Every creator's line of the content requests, and the background jobs that failed.
    page(
      'admin/content-requests',
      () => import('../features/admin-content/pages/admin-content-requests-page'),
      ['admin-content'],
    ),
    page('admin/jobs', () => import('../features/admin-home/pages/admin-jobs-page'), ['admin']),
    // Issue 11 §6: what is due to creators, the bank and D17 batches, payouts marked paid.
    page('admin/payouts', () => import('../features/payouts/pages/admin-payouts-page'), [
      'payouts',
    ]),
    ...comingSoonPages('admin', flags),
  ]);
  const shellPages: RouteObject[] = [
    advertiserPages,
    creatorPages,
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
        page('login', () => import('../features/auth/pages/login-page'), ['auth']),
        page('sign-up', () => import('../features/auth/pages/sign-up-page'), ['auth']),
        page('forgot-password', () => import('../features/auth/pages/forgot-password-page'), [
          'auth',
        ]),
        page('reset-password', () => import('../features/auth/pages/reset-password-page'), [
          'auth',
        ]),
        page('verify-email', () => import('../features/auth/pages/verify-email-page'), ['auth']),
        // In the first download: home only decides where to go, from the user and the
        // redirection the warm start (warm-start.ts) has already asked for, so the target
        // page's chunks are asked for without waiting for a chunk of home's own.
        { index: true, element: <HomePage />, errorElement: <RouteError /> },
        {
          id: 'shell',
          lazy: lazyPage(loadShell),
          errorElement: <RouteError />,
          children: shellPages,
        },
      ],
    },
  ];
}

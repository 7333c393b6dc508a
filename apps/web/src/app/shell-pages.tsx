import { activeComingSoonAreas, type ComingSoonAudience } from '../lib/coming-soon';
import { type FeatureFlags, featureFlags } from '../lib/feature-flags';
import {
  createBareRoutes,
  guarded,
  lazyPage,
  page,
  type PageRoute,
  type RouteTable,
} from './routes';
import { creatorHomePage, discoverContentPage } from './landing-pages';
import { adminRoles, advertiserRoles, creatorRoles } from './roles';

/**
 * Issue 8 point 6: the routes of the areas that menus and notifications link to before their
 * pages exist (lib/coming-soon.ts) show one "coming soon" page that names the area (it finds
 * the area from the address).
 */
function comingSoonPages(audience: ComingSoonAudience, flags: Readonly<FeatureFlags>) {
  const ComingSoonPage = lazyPage(
    () => import('../features/coming-soon/pages/coming-soon-page'),
    ['coming-soon'],
  );
  return activeComingSoonAreas(flags)
    .filter((area) => area.audience === audience)
    .flatMap((area) =>
      area.paths.map((path): PageRoute => ({ path: `/${path}`, Page: ComingSoonPage })),
    );
}

/**
 * The pages inside the signed-in frame (spec §2), in the frame's chunk (layout/shell-routes.tsx):
 * /login does not download this table. Routes of features not built yet (request-content,
 * accept-requests, media-kit, track-*, campaign, dashboard, …) show their area's
 * "coming soon" page behind the role guard the real pages will have; any other path shows
 * the not-found page inside the shell. Within a list the first match wins: a static path
 * (`/request-content/add`) comes before a parameter at the same place
 * (`/request-content/:content_request_id`); route-coverage.test.tsx checks that no entry
 * hides another.
 */
export function createShellRoutes(flags = featureFlags): PageRoute[] {
  const shortListsPage = () => import('../features/discovery/pages/short-lists-page');
  const adminMoneyPage = () => import('../features/admin-money/pages/admin-money-page');
  const walletPage = () => import('../features/wallet/pages/wallet-page');
  const showcasePage = () => import('../features/showcase/pages/showcase-page');
  const discoverOpportunitiesPage = () =>
    import('../features/discover-opportunities/pages/discover-opportunities-page');
  const opportunityPage = () => import('../features/discover-opportunities/pages/opportunity-page');
  const trackOpportunitiesPage = () =>
    import('../features/discover-opportunities/pages/track-opportunities-page');
  const lineDetailsPage = () => import('../features/accept-requests/pages/line-details-page');
  // Issue 25 §3: creators look for ideas there, advertisers for creators.
  const getInspiredPage = page(
    '/get-inspired',
    () => import('../features/get-inspired/pages/get-inspired-page'),
    ['get-inspired', 'pages'],
  );
  const discoverOpportunitiesNamespaces = ['discover-opportunities', 'pages', 'reviews'] as const;
  // Advertisers only (spec §6); others get the not-found page.
  const advertiserPages = guarded(advertiserRoles, [
    discoverContentPage,
    // Spec §2: "a search/discover route (named search or discover) also exists".
    { path: '/search', Page: discoverContentPage.Page },
    ...(flags.shortlist
      ? [
          page('/short-lists', shortListsPage, ['discovery']),
          page('/short-lists/:short_list_id', shortListsPage, ['discovery']),
        ]
      : []),
    // Issue 9 §5: the wallet, its pack checkout (`/payment`, where the legal info returns to)
    // and the result of a pack's payment.
    page('/track-payments/my-wallet', walletPage, ['wallet', 'checkout']),
    page('/track-payments/my-wallet/payment', walletPage, ['wallet', 'checkout']),
    page(
      '/track-payments/purchase-pack/:wallet_purchase_id/:status',
      () => import('../features/wallet/pages/purchase-result-page'),
      ['wallet'],
    ),
    // Issue 10 §3: the content requests, their four steps and the result of their payment.
    page('/request-content', () => import('../features/content-requests/pages/request-list-page'), [
      'content-requests',
    ]),
    page(
      '/request-content/add',
      () => import('../features/content-requests/pages/new-request-page'),
      ['content-requests'],
    ),
    page(
      '/request-content/:content_request_id',
      () => import('../features/content-requests/pages/request-editor-page'),
      ['content-requests'],
    ),
    page(
      '/request-content/:content_request_id/payment',
      () => import('../features/content-requests/pages/checkout-page'),
      ['content-requests', 'checkout'],
    ),
    page(
      '/request-content/:content_request_id/payment/:status',
      () => import('../features/content-requests/pages/payment-result-page'),
      ['content-requests'],
    ),
    // Issue 23 §2: the advertiser's opportunities, their three steps and their payment's result.
    page(
      '/publish-opportunity',
      () => import('../features/publish-opportunity/pages/opportunity-list-page'),
      ['publish-opportunity'],
    ),
    page(
      '/publish-opportunity/add',
      () => import('../features/publish-opportunity/pages/opportunity-editor-page'),
      ['publish-opportunity'],
    ),
    page(
      '/publish-opportunity/:content_opportunity_id',
      () => import('../features/publish-opportunity/pages/opportunity-editor-page'),
      ['publish-opportunity'],
    ),
    page(
      '/publish-opportunity/:content_opportunity_id/payment',
      () => import('../features/publish-opportunity/pages/checkout-page'),
      ['publish-opportunity', 'checkout'],
    ),
    page(
      '/publish-opportunity/:content_opportunity_id/payment/:status',
      () => import('../features/publish-opportunity/pages/payment-result-page'),
      ['publish-opportunity'],
    ),
    // Issue 11 §3–§5: the videos to review, each one's review and payment, its payment result.
    page('/manage-content', () => import('../features/manage-content/pages/manage-content-page'), [
      'manage-content',
    ]),
    page(
      '/manage-content/:content_request_influencer_id',
      () => import('../features/manage-content/pages/line-page'),
      ['manage-content', 'licences', 'reviews'],
    ),
    page(
      '/manage-content/:content_request_influencer_id/payment/:status',
      () => import('../features/manage-content/pages/payment-result-page'),
      ['manage-content'],
    ),
    // Issue 23 §4: an opportunity's applications, compared and answered, and the creators
    // interested in it.
    page(
      '/publish-opportunity/:content_opportunity_id/applications',
      () => import('../features/opportunity-applications/pages/applications-page'),
      ['opportunity-applications'],
    ),
    // Back from paying by card what the wallet was missing to approve an application.
    page(
      '/publish-opportunity/:content_opportunity_id/applications/:content_opportunity_influencer_id/payment/:status',
      () => import('../features/opportunity-applications/pages/approval-payment-result-page'),
      ['opportunity-applications'],
    ),
    page(
      '/publish-opportunity/:content_opportunity_id/interests',
      () => import('../features/opportunity-applications/pages/interests-page'),
      ['opportunity-applications'],
    ),
    // Issue 24 §1: the advertiser's campaigns and one campaign (behind the campaign flag).
    ...(flags.campaign
      ? [
          page('/campaign', () => import('../features/campaigns/pages/campaign-list-page'), [
            'campaigns',
          ]),
          page(
            '/campaign/:campaign_id',
            () => import('../features/campaigns/pages/campaign-page'),
            ['campaigns'],
          ),
          // Issue 24 §3: a campaign's performance over its requests, opportunities or both.
          ...['request', 'opportunity', 'mixed'].map((view) =>
            page(
              `/campaign/:campaign_id/performance-${view}`,
              () => import('../features/performance/pages/campaign-performance-page'),
              ['performance', 'campaigns'],
            ),
          ),
        ]
      : []),
    // Issue 24 §3: what the published videos brought against what they cost.
    page('/dashboard', () => import('../features/performance/pages/dashboard-page'), [
      'performance',
      'campaigns',
    ]),
    page(
      '/performance/content-request/:performance_id',
      () => import('../features/performance/pages/request-performance-page'),
      ['performance', 'campaigns'],
    ),
    page(
      '/performance/content-opportunity/:performance_id',
      () => import('../features/performance/pages/opportunity-performance-page'),
      ['performance', 'campaigns'],
    ),
    // Issue 9 §6: the invoices, each downloaded as a PDF.
    page('/track-payments/my-invoices', () => import('../features/invoices/pages/invoices-page'), [
      'invoices',
      'checkout',
    ]),
    ...comingSoonPages('advertiser', flags),
  ]);
  // Creators only (spec §6): issue 10 §4, the requests to answer and the work accepted; their
  // areas still to come.
  const creatorPages = guarded(creatorRoles, [
    page(
      '/accept-requests',
      () => import('../features/accept-requests/pages/accept-requests-page'),
      ['accept-requests'],
    ),
    page('/make-content', () => import('../features/accept-requests/pages/make-content-page'), [
      'accept-requests',
    ]),
    page('/make-content/:content_request_influencer_id', lineDetailsPage, [
      'accept-requests',
      'licences',
      'reviews',
    ]),
    // Issue 24 §2: where Instagram's and TikTok's consent sends the creator back
    // (`?connected=` / `?connect_error=`): their own showcase, which then cleans the address.
    page('/showcase', showcasePage),
    // Issue 11 §6: the creator's earnings and payouts (spec §2 "Creator payments (get paid)").
    page('/track-deposits', () => import('../features/payouts/pages/track-deposits-page'), [
      'payouts',
    ]),
    // Issue 23 §3: the opportunities the creator matches, one opportunity (its details, then
    // "learn more" with the brief and the application), and the creator's applications.
    page('/discover-opportunities', discoverOpportunitiesPage, discoverOpportunitiesNamespaces),
    page(
      '/discover-opportunities/:content_opportunity_id',
      opportunityPage,
      discoverOpportunitiesNamespaces,
    ),
    page(
      '/discover-opportunities/:content_opportunity_id/learn-more',
      opportunityPage,
      discoverOpportunitiesNamespaces,
    ),
    page(
      '/discover-opportunities/:content_opportunity_id/details',
      opportunityPage,
      discoverOpportunitiesNamespaces,
    ),
    page('/track-opportunities', trackOpportunitiesPage, discoverOpportunitiesNamespaces),
    page(
      '/track-opportunities/:content_opportunity_influencer_id',
      () => import('../features/discover-opportunities/pages/application-page'),
      discoverOpportunitiesNamespaces,
    ),
    // Issue 23 §5: the lines of the approved applications; one line is the creator's delivery
    // screen of a request's line (ADR 035), leading back here.
    page('/track-content', () => import('../features/track-content/pages/track-content-page'), [
      'track-content',
      'accept-requests',
    ]),
    page('/track-content/:content_opportunity_influencer_id', lineDetailsPage, [
      'accept-requests',
      'licences',
      'reviews',
    ]),
    // Issue 24 §5: the creator's short links per delivery, their QR codes and where they go
    // (the menu item still records its click).
    page('/toolbox', () => import('../features/toolbox/pages/toolbox-page'), ['toolbox']),
    page('/toolbox/:session_id', () => import('../features/toolbox/pages/toolbox-line-page'), [
      'toolbox',
    ]),
    // Issue 25 §1: the media kit's builder (its menu item shows when `is_show_media_kit` is on).
    page('/media-kit', () => import('../features/media-kit/pages/media-kit-builder-page'), [
      'media-kit',
    ]),
    ...comingSoonPages('creator', flags),
  ]);
  // Admins only (issue 7: creator account validation; issue 8: admin home; issue 9: promo codes).
  // A new admin page is one more `page(…)` line here.
  const adminPages = guarded(adminRoles, [
    page('/admin', () => import('../features/admin-home/pages/admin-home-page'), ['admin']),
    page(
      '/admin/creators',
      () => import('../features/creator-validation/pages/admin-creators-page'),
      ['admin'],
    ),
    // Issue 9 point 8: the ledger, the payments and their reconciliation with the gateway.
    page('/admin/payments', adminMoneyPage, ['admin-money']),
    page('/admin/payments/:payment_id', adminMoneyPage, ['admin-money']),
    page(
      '/admin/promo-codes',
      () => import('../features/promo-codes/pages/admin-promo-codes-page'),
      ['admin'],
    ),
    page('/admin/settings', () => import('../features/admin-settings/pages/admin-settings-page'), [
      'admin',
    ]),
    // Issue 11 §5 and §7: the creators' publication links and the disputed rejections.
    page(
      '/admin/publications',
      () => import('../features/admin-content/pages/admin-publications-page'),
      ['admin-content'],
    ),
    page('/admin/reviews', () => import('../features/reviews/pages/admin-reviews-page'), [
      'reviews',
    ]),
    page('/admin/disputes', () => import('../features/admin-content/pages/admin-disputes-page'), [
      'admin-content',
    ]),
    // Issue 24 §2: the figures creators submit with a screenshot, checked by the team.
    page(
      '/admin/metric-submissions',
      () => import('../features/admin-content/pages/admin-metric-submissions-page'),
      ['admin-content', 'publication-metrics'],
    ),
    // Every creator's line of the content requests, and the background jobs that failed.
    page(
      '/admin/content-requests',
      () => import('../features/admin-content/pages/admin-content-requests-page'),
      ['admin-content'],
    ),
    page(
      '/admin/opportunities',
      () => import('../features/admin-opportunities/pages/admin-opportunities-page'),
      ['admin-opportunities'],
    ),
    page(
      '/admin/opportunities/:content_opportunity_id',
      () => import('../features/admin-opportunities/pages/admin-opportunity-page'),
      ['admin-opportunities'],
    ),
    page('/admin/jobs', () => import('../features/admin-home/pages/admin-jobs-page'), ['admin']),
    // Issue 11 §6: what is due to creators, the bank and D17 batches, payouts marked paid.
    page('/admin/payouts', () => import('../features/payouts/pages/admin-payouts-page'), [
      'payouts',
    ]),
    ...comingSoonPages('admin', flags),
  ]);
  return [
    ...advertiserPages,
    ...creatorPages,
    ...adminPages,
    // Creators and advertisers alike; admins have no gallery.
    ...guarded([...creatorRoles, ...advertiserRoles], [getInspiredPage]),
    // Issue 27 §1: a line's usage licence, for its two parties and admins (others: 404).
    page(
      '/licences/:content_request_influencer_id',
      () => import('../features/licences/pages/licence-page'),
      ['licences'],
    ),
    page('/creator/:influencer_id', () => import('../features/discovery/pages/creator-page'), [
      'discovery',
      'reviews',
    ]),
    creatorHomePage,
    page('/profile/:userId', showcasePage),
    page('/get-started', () => import('../features/onboarding/pages/get-started-page'), [
      'onboarding',
    ]),
    page('/support-advertiser', () => import('../features/support/pages/support-advertiser-page'), [
      'support',
    ]),
    page('/support-creator', () => import('../features/support/pages/support-creator-page'), [
      'support',
    ]),
    ...(flags.contact
      ? [
          page('/contact-us', () => import('../features/support/pages/contact-us-page'), [
            'support',
          ]),
        ]
      : []),
  ];
}

/** The whole route table at once (the bare pages and the frame's), as tests read it. */
export function createRoutes(flags = featureFlags): Required<RouteTable> {
  return { bare: createBareRoutes(), shell: createShellRoutes(flags) };
}

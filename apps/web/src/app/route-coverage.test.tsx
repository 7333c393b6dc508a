import type { Role } from '@clipmarket/contracts/enums';
import { notificationLinks } from '@clipmarket/contracts/notification-links';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { describe, expect, it } from 'vitest';
import { buildMenuItems } from '../features/shell/menu-items';
import { comingSoonAreas, findComingSoonArea } from '../lib/coming-soon';
import type { FeatureFlags } from '../lib/feature-flags';
import english from '../locales/en/coming-soon.json';
import type { PageRoute, RouteTable } from './routes';
import { createRoutes } from './shell-pages';
import { makeMe } from './test-utils';

/**
 * Issue 8 point 6: no menu item and no notification leads to "Page not found". Derived from
 * the route table itself, so a page that later replaces a "coming soon" one keeps it true.
 */
const allFlagsOn: FeatureFlags = {
  chat: true,
  shortlist: true,
  campaign: true,
  feedback: true,
  contact: true,
};
const routes = createRoutes(allFlagsOn);
const roles = ['TALENT', 'BRAND', 'AGENCY', 'ADMIN'] as const satisfies readonly Role[];
const receivers = { advertiser: ['BRAND', 'AGENCY'], talent: ['TALENT'], admin: ['ADMIN'] };

/** The page the app shows on `pathname`: the first match of the bare pages, then the shell's. */
function pageAt(table: Required<RouteTable>, pathname: string): PageRoute | undefined {
  return [...table.bare, ...table.shell].find(
    (route) => matchRoute(parse, route.path, pathname)[0],
  );
}

/** What `role` gets on `path`: the page's route, or why it gets the not-found page. */
function resolve(path: string, role: Role): { page?: PageRoute; notFound?: string } {
  const pathname = path.replace(/[?#].*$/, '');
  const page = pageAt(routes, pathname);
  if (!page) return { notFound: 'no route matches' };
  if (page.roles && !page.roles.includes(role)) {
    return { notFound: `guarded for ${page.roles.join(', ')}` };
  }
  return { page };
}

/** A path as a person follows it: placeholders filled with an id. */
const fill = (redirection: string) => redirection.replace(/\{\w+\}/g, '42');

describe('every link leads to a page', () => {
  describe.each(roles)('%s', (role) => {
    const me = makeMe({ role });
    const withMediaKit = {
      ...me,
      ...(me.influencer ? { influencer: { ...me.influencer, is_show_media_kit: true } } : {}),
    };
    const items = buildMenuItems(withMediaKit, allFlagsOn);

    it('has menu items', () => {
      expect(items.length).toBeGreaterThan(1);
    });

    it.each(items.map((item) => [item.id, item.path] as const))(
      'menu item %s (%s) opens a page',
      (_id, path) => {
        expect(resolve(path, role)).toEqual({ page: expect.anything() });
      },
    );

    const links = Object.entries(notificationLinks).filter(([, link]) =>
      (receivers[link.role] as readonly Role[]).includes(role),
    );
    it.each(links.map(([type, link]) => [type, fill(link.redirection)] as const))(
      'notification %s (%s) opens a page',
      (_type, path) => {
        expect(resolve(path, role)).toEqual({ page: expect.anything() });
      },
    );
  });

  it('covers every notification type for its receivers', () => {
    expect(Object.keys(notificationLinks).length).toBeGreaterThan(30);
    for (const link of Object.values(notificationLinks)) {
      expect(receivers[link.role].length).toBeGreaterThan(0);
    }
  });
});

describe('the not-found page stays for what does not exist', () => {
  it.each([
    ['/no-such-page', 'TALENT'],
    ['/request-content/42/unknown', 'BRAND'],
    ['/admin/unknown', 'ADMIN'],
    ['/toolbox/1/2', 'TALENT'],
  ] as const)('%s for %s', (path, role) => {
    expect(resolve(path, role).notFound).toBe('no route matches');
  });

  it.each([
    ['/request-content', 'TALENT'],
    ['/track-payments/my-invoices', 'TALENT'],
    ['/dashboard', 'ADMIN'],
    ['/accept-requests', 'BRAND'],
    ['/track-deposits', 'AGENCY'],
    ['/admin', 'BRAND'],
    ['/admin/payments', 'TALENT'],
  ] as const)('%s is not for %s', (path, role) => {
    expect(resolve(path, role).notFound).toMatch(/^guarded for/);
  });
});

describe('coming-soon areas', () => {
  const areas = english.areas as Record<string, { title: string; body: string }>;

  it.each(comingSoonAreas.map((area) => [area.id, area] as const))(
    '%s has a title, a sentence of what it will do, and its routes',
    (id, area) => {
      expect(areas[id]?.title).toBeTruthy();
      expect(areas[id]?.body).toBeTruthy();
      for (const path of area.paths) {
        const pathname = `/${path.replace(/:\w+/g, '42')}`;
        expect(pageAt(routes, pathname)?.path, path).toBe(`/${path}`);
        expect(findComingSoonArea(pathname)?.id).toBe(id);
      }
    },
  );

  it('leaves campaigns out while their flag is off', () => {
    expect(pageAt(createRoutes({ ...allFlagsOn, campaign: false }), '/campaign')).toBeUndefined();
  });
});

describe('route table', () => {
  /** A path of the pattern as a person follows it: parameters filled with an id. */
  const sample = (pattern: string) => pattern.replace(/:\w+/g, '42');

  it('shows each page on its own path: no earlier entry hides it', () => {
    for (const route of [...routes.bare, ...routes.shell]) {
      expect(pageAt(routes, sample(route.path))?.path).toBe(route.path);
    }
  });

  it('has each path once', () => {
    const paths = [...routes.bare, ...routes.shell].map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the shared campaign report (spec §2 `/campaigns/{redirection}`)', () => {
  it('opens for anyone who has the link, without the signed-in frame', () => {
    const path = '/campaigns/demo-ramadan-2027-shared-performance-report';
    const page = routes.bare.find((route) => matchRoute(parse, route.path, path)[0]);
    expect(page?.path).toBe('/campaigns/:token');
    expect(page?.roles).toBeUndefined();
    expect(pageAt(routes, path)).toBe(page);
    // The advertiser's own campaign pages stay where they were.
    expect(pageAt(routes, '/campaign/42')?.path).toBe('/campaign/:campaign_id');
  });
});

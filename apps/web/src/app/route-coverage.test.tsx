import type { Role } from '@clipmarket/contracts/enums';
import { notificationLinks } from '@clipmarket/contracts/notification-links';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildMenuItems } from '../features/shell/menu-items';
import { comingSoonAreas } from '../lib/coming-soon';
import type { FeatureFlags } from '../lib/feature-flags';
import english from '../locales/en/coming-soon.json';
import type { RoleRouteHandle } from './role-route';
import { createRoutes } from './routes';
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

/** What `role` gets on `path`: the page's route, or why it gets the not-found page. */
function resolve(path: string, role: Role): { page?: RouteObject; notFound?: string } {
  const pathname = path.replace(/[?#].*$/, '');
  const matches = matchRoutes(routes, pathname) ?? [];
  const page = matches.at(-1)?.route;
  if (!page || page.path === '*') return { notFound: 'no route matches' };
  for (const { route } of matches) {
    const guard = route.handle as Partial<RoleRouteHandle> | undefined;
    if (guard?.roles && !guard.roles.includes(role)) {
      return { notFound: `guarded for ${guard.roles.join(', ')}` };
    }
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
        const matches = matchRoutes(routes, `/${path.replace(/:\w+/g, '42')}`) ?? [];
        expect(matches.at(-1)?.route.handle, path).toEqual({ comingSoon: id });
      }
    },
  );

  it('leaves campaigns out while their flag is off', () => {
    const matches = matchRoutes(createRoutes({ ...allFlagsOn, campaign: false }), '/campaign');
    expect(matches?.at(-1)?.route.path).toBe('*');
  });
});

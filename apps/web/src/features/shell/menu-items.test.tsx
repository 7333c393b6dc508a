import { cleanup, screen } from '@testing-library/react';
import { TestRouter } from '../../test/router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMe, renderWithProviders } from '../../app/test-utils';
import { defaultFeatureFlags } from '../../lib/feature-flags';
import { SideMenu } from './components/side-menu';
import { buildMenuItems, isMenuItemActive } from './menu-items';

const ids = (me: Parameters<typeof buildMenuItems>[0], flags = defaultFeatureFlags) =>
  buildMenuItems(me, flags).map((item) => item.id);

describe('side menu items (spec §6)', () => {
  it('gives creators their items, in order, without the media kit by default', () => {
    expect(ids(makeMe({ role: 'TALENT' }))).toEqual([
      'showcase',
      'get-started',
      'toolbox',
      'get-inspired',
      'accept-requests',
      'make-content',
      'discover-opportunities',
      'track-opportunities',
      'track-content',
      'get-paid',
      'support-creator',
      'contact-us',
    ]);
  });

  it('shows the media kit only when the creator has is_show_media_kit', () => {
    const me = makeMe({ role: 'TALENT' });
    const withKit = { ...me, influencer: { ...me.influencer!, is_show_media_kit: true } };
    expect(ids(withKit)).toContain('media-kit');
    expect(ids(withKit).indexOf('media-kit')).toBe(ids(withKit).indexOf('toolbox') + 1);
    expect(ids(me)).not.toContain('media-kit');
  });

  it.each(['BRAND', 'AGENCY'] as const)('gives %s the advertiser items', (role) => {
    expect(ids(makeMe({ role }))).toEqual([
      'discover-content',
      'get-inspired',
      'request-content',
      'short-lists',
      'manage-content',
      'manage-opportunities',
      'campaigns',
      'performance',
      'track-payments',
      'support-advertiser',
      'contact-us',
    ]);
  });

  it('shows campaigns to advertisers only, and only when the campaign flag is on', () => {
    expect(ids(makeMe({ role: 'TALENT' }))).not.toContain('campaigns');
    const flags = { ...defaultFeatureFlags, campaign: false };
    expect(ids(makeMe({ role: 'BRAND' }), flags)).not.toContain('campaigns');
  });

  it('shows shortlists to advertisers only, and only when the shortlist flag is on', () => {
    expect(ids(makeMe({ role: 'TALENT' }))).not.toContain('short-lists');
    const flags = { ...defaultFeatureFlags, shortlist: false };
    expect(ids(makeMe({ role: 'BRAND' }), flags)).not.toContain('short-lists');
  });

  it('hides contact us when the contact flag is off', () => {
    const flags = { ...defaultFeatureFlags, contact: false };
    expect(ids(makeMe({ role: 'BRAND' }), flags)).not.toContain('contact-us');
    expect(ids(makeMe({ role: 'TALENT' }), flags)).not.toContain('contact-us');
  });

  it('gives admins their home, the creators to validate with the pending count, and the admin areas', () => {
    expect(ids(makeMe({ role: 'ADMIN' }))).toEqual([
      'admin-home',
      'admin-creators',
      'admin-payments',
      'admin-promo-codes',
      'admin-publications',
      'admin-metric-submissions',
      'admin-disputes',
      'admin-reviews',
      'admin-content-requests',
      'admin-opportunities',
      'admin-payouts',
      'admin-settings',
      'admin-jobs',
      'contact-us',
    ]);
    const [home, creators] = buildMenuItems(makeMe({ role: 'ADMIN' }), defaultFeatureFlags);
    expect(home).toMatchObject({ path: '/admin' });
    expect(creators).toMatchObject({ path: '/admin/creators', badge: 'pending-creators' });
    // The home is current on itself only, not on every admin page below it.
    expect(isMenuItemActive(home!, '/admin')).toBe(true);
    expect(isMenuItemActive(home!, '/admin/creators')).toBe(false);
    expect(ids(makeMe({ role: 'BRAND' }))).not.toContain('admin-creators');
    expect(ids(makeMe({ role: 'TALENT' }))).not.toContain('admin-creators');
  });

  it('never mixes creator and advertiser items but Get inspired and contact us', () => {
    const talent = ids(makeMe({ role: 'TALENT' }));
    const brand = ids(makeMe({ role: 'BRAND' }));
    // Get inspired (issue 25 §3): ideas for creators, creators to request for advertisers.
    expect(talent.filter((id) => brand.includes(id))).toEqual(['get-inspired', 'contact-us']);
  });

  it('marks the current item, including its sub-pages', () => {
    const [showcase] = buildMenuItems(makeMe({ role: 'TALENT' }), defaultFeatureFlags);
    expect(isMenuItemActive(showcase!, '/profile/42')).toBe(true);
    expect(isMenuItemActive(showcase!, '/get-started')).toBe(false);
  });

  it("marks Discover Content on a creator's page, reached from the search results", () => {
    const items = buildMenuItems(makeMe({ role: 'BRAND' }), defaultFeatureFlags);
    const active = items.filter((item) => isMenuItemActive(item, '/creator/42'));
    expect(active.map((item) => item.id)).toEqual(['discover-content']);
  });
});

describe('SideMenu', () => {
  afterEach(cleanup);

  it('renders links, marks the current one and pulses items with news', () => {
    const items = buildMenuItems(makeMe({ role: 'TALENT' }), defaultFeatureFlags);
    renderWithProviders(
      <TestRouter location={'/get-started'}>
        <SideMenu items={items} twinkling={{ twinkling_accept_request: true }} />
      </TestRouter>,
    );
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: /Accept Requests/ })).toHaveAttribute(
      'data-twinkling',
      'true',
    );
    expect(screen.getByRole('link', { name: /Get Paid/ })).not.toHaveAttribute('data-twinkling');
    expect(screen.getByRole('link', { name: /Showcase your profile/ })).toHaveAttribute(
      'href',
      '/profile/check-profile',
    );
  });

  it('shows a count badge, read out with the link, and none for zero', () => {
    const items = buildMenuItems(makeMe({ role: 'ADMIN' }), defaultFeatureFlags);
    renderWithProviders(
      <TestRouter location={'/admin/creators'}>
        <SideMenu items={items} badges={{ 'pending-creators': 1250 }} />
      </TestRouter>,
    );
    expect(
      screen.getByRole('link', { name: 'Creators to validate 1,250 waiting' }),
    ).toHaveAttribute('href', '/admin/creators');
    cleanup();
    renderWithProviders(
      <TestRouter location={'/admin/creators'}>
        <SideMenu items={items} badges={{ 'pending-creators': 0 }} />
      </TestRouter>,
    );
    expect(screen.getByRole('link', { name: 'Creators to validate' })).toBeInTheDocument();
  });

  it('marks no creator item as still to come once its page exists', () => {
    const me = makeMe({ role: 'TALENT' });
    const withKit = { ...me, influencer: { ...me.influencer!, is_show_media_kit: true } };
    const items = buildMenuItems(withKit, defaultFeatureFlags);
    renderWithProviders(
      <TestRouter location={'/get-started'}>
        <SideMenu items={items} />
      </TestRouter>,
    );
    // Issue 25 built the media kit: no creator's item is still to come.
    expect(screen.getByRole('link', { name: 'Media Kit' })).toHaveAttribute('href', '/media-kit');
    expect(screen.queryByText('Soon')).toBeNull();
    // Issue 24 §5 built the toolbox.
    expect(screen.getByRole('link', { name: 'ToolBox' })).toHaveAttribute('href', '/toolbox');
    // Issue 23 built the creator's opportunities.
    expect(screen.getByRole('link', { name: 'Discover Opportunities' })).toHaveAttribute(
      'href',
      '/discover-opportunities',
    );
    expect(screen.getByRole('link', { name: 'Track Opportunities' })).toHaveAttribute(
      'href',
      '/track-opportunities',
    );
    expect(screen.getByRole('link', { name: 'Track Content' })).toHaveAttribute(
      'href',
      '/track-content',
    );
    expect(screen.getByRole('link', { name: 'Accept Requests' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
  });
});

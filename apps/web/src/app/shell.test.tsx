import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { readTokens } from '../lib/session';
import { stubPhoneScreen } from '../test/phone';
import { createRoutes } from './shell-pages';
import { makeMe, mockApi, renderRoutes, signIn } from './test-utils';

/** Desktop width (≥ 768 px): the side menu is open by default. */
function useDesktopViewport() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

const twinkling = { body: { data: { twinkling_accept_request: true } } };
/** A brand with nothing sent yet: the dashboard's empty answer. */
const emptyDashboard = {
  body: { data: { headline: { goal: null, figures: ['views', 'cpm'] }, rows: [], series: [] } },
};

describe('shell', () => {
  beforeEach(() => {
    localStorage.clear();
    useDesktopViewport();
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    await act(() => i18n.changeLanguage('en'));
  });

  it('sends a visitor without a token to /login', async () => {
    mockApi({});
    const { location } = renderRoutes(createRoutes(), '/get-started');
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('shows a brand its menu and the performance dashboard', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /request/get_twinkling/list': twinkling,
      'GET /performance/dashboard': emptyDashboard,
    });
    renderRoutes(createRoutes(), '/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: /Performance/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryByRole('link', { name: /Showcase your profile/ })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Performance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Account settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clipmarket home' })).toHaveAttribute(
      'href',
      '/support-advertiser',
    );
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    // The first test of the file loads the shell's chunks cold.
  }, 20_000);

  it("on a phone, draws the menu's links once the menu first opens, then keeps them", async () => {
    stubPhoneScreen();
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /request/get_twinkling/list': twinkling,
      'GET /performance/dashboard': emptyDashboard,
    });
    renderRoutes(createRoutes(), '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Performance' })).toBeInTheDocument();
    const nav = document.getElementById('shell-navbar')!;
    // Folded away on the first screen: nothing drawn, nothing to tab into.
    expect(within(nav).queryAllByRole('link', { hidden: true })).toHaveLength(0);

    const user = userEvent.setup();
    // The phone's burger (the desktop one, hidden by CSS on a phone, reads "Close").
    const burger = screen.getByRole('button', { name: 'Open the menu' });
    await user.click(burger);
    expect(within(nav).getByRole('link', { name: /Performance/ })).toBeInTheDocument();
    // Closed again, it slides out with its links (they leave the tab order, not the page).
    await user.click(burger);
    expect(burger).toHaveAccessibleName('Open the menu');
    expect(nav).toHaveAttribute('inert');
    expect(
      within(nav).getByRole('link', { name: /Performance/, hidden: true }),
    ).toBeInTheDocument();
  });

  it('keeps the not-found page for unknown paths and for areas of another role', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /request/get_twinkling/list': twinkling,
    });
    const { location } = renderRoutes(createRoutes(), '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // An advertisers' area still to come is not the creators' to see.
    await act(() => location.navigate('/request-content/7'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await act(() => location.navigate('/accept-requests'));
    expect(await screen.findByRole('heading', { name: 'Accept Requests' })).toBeInTheDocument();
  });

  it('asks a creator with an incomplete profile to complete it', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT', is_completed: 0 }) } },
      'GET /request/get_twinkling/list': twinkling,
    });
    renderRoutes(createRoutes(), '/support-creator');
    expect(await screen.findByText('Please fill in your info!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete profile' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Support for creators' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: /Accept Requests/ })).toHaveAttribute(
      'data-twinkling',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Clipmarket home' })).toHaveAttribute(
      'href',
      '/profile/check-profile',
    );
  });

  it('keeps the loading spinner 600 ms after the user arrives', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderRoutes(createRoutes(), '/support-advertiser');
    await screen.findByRole('navigation', { name: 'Main menu' });
    const arrivedAt = Date.now();
    expect(screen.getByLabelText('Loading your account…')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading your account…')).toBeNull());
    expect(Date.now() - arrivedAt).toBeGreaterThanOrEqual(450);
  });

  it('opens account settings from the gear button', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderRoutes(createRoutes(), '/support-advertiser');
    await userEvent.click(await screen.findByRole('button', { name: 'Account settings' }));
    // The settings modal is a chunk of its own: slow to load the first time in a test run.
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);

  it('opens account settings on the tab a link asks for (?settings=), once', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    const { location } = renderRoutes(createRoutes(), '/request-content?settings=legal-infos');
    // The settings modal is a chunk of its own: slow to load the first time in a test run.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(await within(dialog).findByRole('tab', { selected: true })).toHaveTextContent(/legal/i);
    await waitFor(() => expect(location.search).toBe(''));
    expect(location.pathname).toBe('/request-content');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My content requests' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('gives legacy users no settings entry', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND', isLegacy: true }) } } });
    renderRoutes(createRoutes(), '/support-advertiser');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('button', { name: 'Account settings' })).toBeNull();
  });

  it('shows visitors no menu and no top bar', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND', isVisitor: true }) } },
    });
    // The shared report's page (spec §2 `/campaigns/{redirection}`), here of a link that is not one.
    renderRoutes(createRoutes(), '/campaigns/spring');
    expect(
      await screen.findByRole('heading', { name: 'This report link no longer works' }),
    ).toBeInTheDocument();
    // Its own header holds the name and the language only: no menu, no account.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('hides the navigation for a route that asks so', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderRoutes(
      {
        bare: [],
        shell: [{ path: '/flipbook', hideNavigation: true, Page: () => <h1>Flipbook</h1> }],
      },
      '/flipbook',
    );
    expect(await screen.findByRole('heading', { name: 'Flipbook' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('records a click when a creator opens the toolbox', async () => {
    signIn();
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'POST /user-click/create': { status: 201, body: { data: { id: 1, created_at: '' } } },
    });
    const { location } = renderRoutes(createRoutes(), '/get-started');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('link', { name: /ToolBox/ }));
    await waitFor(() => expect(location.pathname).toBe('/toolbox'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/user-click/create')?.body).toEqual({
        role: 'TALENT',
        module: 'toolbox',
        click: 'menu',
      }),
    );
  });

  it('expires the session on a 401: warning, credentials cleared, login after 1 second', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'x' } },
      },
      'POST /auth/refresh': {
        status: 401,
        body: { error: { code: 'INVALID_REFRESH_TOKEN', message: 'x' } },
      },
    });
    const { location } = renderRoutes(createRoutes(), '/get-started');
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(readTokens()).toBeNull();
    expect(location.pathname).toBe('/get-started');
    await waitFor(() => expect(location.pathname).toBe('/login'), {
      timeout: 2000,
    });
  });

  it('logs out: revokes the refresh token, clears the session, goes to /login', async () => {
    signIn();
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'POST /auth/logout': { status: 204 },
    });
    const { location } = renderRoutes(createRoutes(), '/support-advertiser');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(calls.find((c) => c.path === '/auth/logout')?.body).toEqual({
      refreshToken: 'refresh-token',
    });
    expect(readTokens()).toBeNull();
  });

  it('switches language and mirrors the layout', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderRoutes(createRoutes(), '/support-advertiser');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: /Change language/ }),
      'العربية',
    );
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('selectLanguage')).toBe('tn');
    expect(await screen.findByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
  });
});

describe('home', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
  });

  it('sends advertisers to the redirection target', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'AGENCY' }) } },
      'GET /request/redirection': { body: { redirection: '/support-advertiser' } },
    });
    const { location } = renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(location.pathname).toBe('/support-advertiser'));
  });

  it('sends admins to their home, with its menu and logo', async () => {
    useDesktopViewport();
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'ADMIN' }) } },
      'GET /request/redirection': { body: { redirection: '/profile/check-profile' } },
      'GET /request/get_twinkling/list': twinkling,
      'GET /admin/creators': { body: { data: { items: [], next_cursor: null, pending_count: 3 } } },
      'GET /admin/jobs/failed': { body: { data: [] } },
    });
    const { location } = renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Admin home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: /Creators to validate/ })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('link', { name: 'Clipmarket home' })).toHaveAttribute('href', '/admin');
    const main = screen.getByRole('main');
    const creators = within(main).getByRole('link', { name: 'Creators to validate' });
    expect(creators).toHaveAttribute('href', '/admin/creators');
    // The card's counts describe its link (the link itself is named by the words it shows).
    await waitFor(() => expect(creators).toHaveAccessibleDescription(/3 waiting/));
    const jobs = within(main).getByRole('link', { name: 'Failed jobs' });
    expect(jobs).toHaveAccessibleDescription(/^E-mails, reminders/);
    expect(jobs).toHaveAttribute('href', '/admin/jobs');
    await waitFor(() => expect(jobs).toHaveAccessibleDescription(/No failed job/));
    vi.unstubAllGlobals();
  }, 20_000);

  it('sends creators to their showcase whatever the target', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /request/redirection': { body: { redirection: '/discover-content' } },
    });
    const { location } = renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(location.pathname).toBe('/profile/check-profile'));
  });

  it('sends visitors to /campaigns/{redirection}', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND', isVisitor: true }) } },
      'GET /request/redirection': { body: { redirection: 'spring-sale' } },
    });
    const { location } = renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(location.pathname).toBe('/campaigns/spring-sale'));
  });

  it('never follows a target to another site', async () => {
    signIn();
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /request/redirection': { body: { redirection: 'https://evil.example/' } },
    });
    const { location } = renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(location.pathname).toBe('/support-advertiser'));
  });
});

import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteTable } from '../../app/routes';
import { makeMe, mockApi, renderRoutes } from '../../app/test-utils';
import { loginPathFor } from '../../lib/session';
import LoginPage from './pages/login-page';

/** The guard of the real shell, with stand-in pages (routes.tsx is the app's whole table). */
const routes: RouteTable = {
  bare: [{ path: '/login', Page: LoginPage }],
  shell: [
    { path: '/short-lists', Page: () => <p>Shortlists page</p> },
    { path: '/', Page: () => <p>Home page</p> },
  ],
};

describe('deep link kept through the login', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends a visitor of /short-lists to the login page and back to /short-lists', async () => {
    mockApi({
      'POST /auth/login': {
        body: {
          data: {
            accessToken: 'access-1',
            refreshToken: 'refresh-1',
            user: { user_id: 7, email: 'brand@clipmarket.tn', role: 'BRAND', is_verified: true },
          },
        },
      },
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /request/get_twinkling/list': { body: { data: {} } },
    });
    const { location } = renderRoutes(routes, '/short-lists?sort=name');
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(location.search).toBe(`?redirect=${encodeURIComponent('/short-lists?sort=name')}`);

    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email/), 'brand@clipmarket.tn');
    await user.type(screen.getByLabelText(/^Password/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Shortlists page')).toBeInTheDocument();
    expect(location.pathname).toBe('/short-lists');
    expect(location.search).toBe('?sort=name');
  });

  it('builds no redirect for the home page, the login page or a foreign address', () => {
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login', search: '?redirect=%2Fx' })).toBe('/login');
    expect(loginPathFor({ pathname: '/creator/5', hash: '#stats' })).toBe(
      '/login?redirect=%2Fcreator%2F5%23stats',
    );
  });
});

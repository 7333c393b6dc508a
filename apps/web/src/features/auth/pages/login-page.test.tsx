import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import LoginPage from './login-page';

function renderLoginPage(url = '/login') {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <TestRouter location={url}>
          <Switch>
            <Route path="/login">
              <LoginPage />
            </Route>
            <Route path="/campaign/:id">
              <p>Campaign page</p>
            </Route>
            <Route path="/">
              <p>Home page</p>
            </Route>
          </Switch>
        </TestRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Typing through user-event is slow on a busy CI machine.
describe('LoginPage', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    // Vitest runs without globals, so Testing Library cannot unmount by itself.
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('shows the required messages of spec §5 when submitted empty', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoginPage();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email field is required')).toBeInTheDocument();
    expect(screen.getByText('The password field is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the e-mail format message', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoginPage();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The input is not a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('The password field is required')).not.toBeInTheDocument();
  });

  it('speaks the chosen language, messages included', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoginPage();
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Le champ e-mail est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Le champ mot de passe est obligatoire')).toBeInTheDocument();
  });

  function stubFetch(status: number, body: unknown) {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('stores the session and follows a same-site redirect on success', async () => {
    const fetchMock = stubFetch(200, {
      data: {
        accessToken: 'access-1',
        refreshToken: 'refresh-1',
        user: { user_id: 7, email: 'brand@clipmarket.tn', role: 'BRAND', is_verified: true },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderLoginPage('/login?redirect=%2Fcampaign%2F3');
    await user.type(screen.getByLabelText(/^Email/), ' brand@clipmarket.tn ');
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Campaign page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/v2/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'brand@clipmarket.tn', password: 'Secret12' }),
      }),
    );
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(localStorage.getItem('role')).toBe('BRAND');
  });

  it('ignores a redirect to another site and shows API errors by code', async () => {
    stubFetch(401, { error: { code: 'INVALID_CREDENTIALS', message: 'x' } });
    const user = userEvent.setup({ delay: null });
    renderLoginPage('/login?redirect=%2F%2Fevil.example');
    await user.type(screen.getByLabelText(/^Email/), 'brand@clipmarket.tn');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email address or the password is incorrect.',
    );
    expect(localStorage.getItem('user')).toBeNull();

    stubFetch(200, {
      data: {
        accessToken: 'a',
        refreshToken: 'r',
        user: { user_id: 8, email: 'brand@clipmarket.tn', role: 'TALENT', is_verified: false },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { markSessionExpired, readTokens, storeTokens } from '../../../lib/session';
import { TestRouter } from '../../../test/router';
import { useSessionExpiry } from './use-session-expiry';

function Page() {
  const expired = useSessionExpiry(null);
  return <p>{expired ? 'expiring' : 'working'}</p>;
}

/**
 * Spec §4 "Session": the session ended while the user was on a page (getMe had loaded; a
 * page's own call found the refresh refused): the page says so and the login page follows a
 * second later, instead of the next page change going there without a word.
 */
describe('useSessionExpiry', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('reacts to a session ended by any call, then sends to the login page', async () => {
    storeTokens({ accessToken: 'a', refreshToken: 'r' });
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <TestRouter location="/get-started">
            <Switch>
              <Route path="/get-started">
                <Page />
              </Route>
              <Route path="/login">
                <p>login page</p>
              </Route>
            </Switch>
          </TestRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('working')).toBeInTheDocument();
    act(() => markSessionExpired());
    expect(await screen.findByText('expiring')).toBeInTheDocument();
    expect(readTokens()).toBeNull();
    await waitFor(() => expect(screen.getByText('login page')).toBeInTheDocument(), {
      timeout: 3000,
    });
    storeTokens({ accessToken: 'b', refreshToken: 'r2' });
  });
});

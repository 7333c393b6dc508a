import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { TestRouter } from '../../../test/router';
import { makeFilledDraft, makeQuote } from '../test-data';
import CheckoutPage from './checkout-page';

function renderCheckout() {
  return renderWithProviders(
    <TestRouter location="/request-content/42/payment">
      <Switch>
        <Route path="/request-content/:content_request_id/payment">
          <CheckoutPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

const quotes = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/content-requests/42/quote');

// The code typed on the checkout was gone after a reload (walk of 2026-11-27).
describe('Content request checkout: the promo code', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays applied after a reload, until it is removed', async () => {
    const calls = mockApi({
      'GET /content-requests/42': { body: { data: makeFilledDraft({ script: 'Open the can.' }) } },
      'POST /content-requests/42/quote': { body: { data: makeQuote() } },
      'POST /promo-codes/verify': {
        body: { data: { code: 'BIENVENUE10', percent_basis_points: 1000 } },
      },
    });
    const first = renderCheckout();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'bienvenue10');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Your Promo code' }));
    expect(await screen.findByText('Code BIENVENUE10 applied: 10 % off.')).toBeVisible();
    first.unmount();

    // The page loads again: the code is in its field, applied, and priced at once.
    calls.length = 0;
    const second = renderCheckout();
    expect(await screen.findByText('Code BIENVENUE10 applied: 10 % off.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveValue('BIENVENUE10');
    await waitFor(() => expect(quotes(calls).length).toBeGreaterThan(0));
    expect(quotes(calls).every((call) => (call.body as { promo_code?: string }).promo_code)).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove the code' }));
    second.unmount();
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Promo code' })).toHaveValue('');
    expect(screen.queryByText(/applied/)).toBeNull();
  });

  it('is kept per request', async () => {
    sessionStorage.setItem(
      'checkout.promo.7',
      JSON.stringify({ code: 'OTHER', percent_basis_points: 500 }),
    );
    mockApi({
      'GET /content-requests/42': { body: { data: makeFilledDraft({ script: 'Open the can.' }) } },
      'POST /content-requests/42/quote': { body: { data: makeQuote() } },
    });
    renderCheckout();
    expect(await screen.findByRole('textbox', { name: 'Promo code' })).toHaveValue('');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  legalInfoRequiredAnswer,
  brandWithoutLegalInfo,
  mockApi,
  renderWithProviders,
  signIn,
} from '../../../app/test-utils';
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { goToPaymentPage } from '../../../lib/payment-page';
import { TestRouter } from '../../../test/router';
import { makeFilledOpportunity, makeQuote } from '../test-data';
import CheckoutPage from './checkout-page';

vi.mock('../../../lib/payment-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/payment-page')>()),
  goToPaymentPage: vi.fn(),
}));

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/publish-opportunity/:content_opportunity_id/payment">
          <CheckoutPage />
        </Route>
        <Route></Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

const checkoutApi = (overrides: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /opportunities/10': { body: { data: makeFilledOpportunity({ brief: 'Show the can.' }) } },
  'GET /opportunities/10/quote': { body: { data: makeQuote() } },
  ...overrides,
});

describe('Opportunity, step 3: checkout', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockReset();
  });

  it('shows the fee as the server priced it and pays from the wallet with an Idempotency-Key', async () => {
    const calls = mockApi(
      checkoutApi({
        'POST /opportunities/10/checkout': {
          body: {
            data: {
              content_opportunity_id: 10,
              state: 'live',
              payment_url: null,
              payment_id: null,
            },
          },
        },
      }),
    );
    renderAt('/publish-opportunity/10/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Steps of the opportunity' })).toHaveTextContent(
      'Step 3 of 3: Checkout',
    );
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('rowheader', { name: /^Platform fee/ })).toBeVisible();
    expect(within(summary).getByRole('rowheader', { name: 'VAT (TVA) 19 %' })).toBeVisible();
    expect(within(summary).getByText('30.512 TND')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Pay from my wallet' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay 30.512 TND' }));
    expect(
      await screen.findByText('Your opportunity is paid: it is published and creators can apply.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/publish-opportunity$/),
    );
    const post = calls.find((call) => call.path === '/opportunities/10/checkout');
    expect(post?.body).toEqual({ method: 'wallet' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('offers the card only when the wallet cannot pay the fee, and goes to the gateway', async () => {
    const calls = mockApi(
      checkoutApi({
        'GET /opportunities/10/quote': {
          body: { data: makeQuote({ wallet_available: 10_000, wallet_covers_fee: false }) },
        },
        'POST /opportunities/10/checkout': {
          body: {
            data: {
              content_opportunity_id: 10,
              state: 'draft',
              payment_url: '/sandbox/konnect/pay/abc',
              payment_id: 9,
            },
          },
        },
      }),
    );
    renderAt('/publish-opportunity/10/payment');
    expect(await screen.findByRole('radio', { name: 'Pay from my wallet' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay 30.512 TND' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/abc'));
    expect(calls.find((call) => call.path === '/opportunities/10/checkout')?.body).toEqual({
      method: 'gateway',
    });
  });

  it('offers the card payment left open again', async () => {
    mockApi(
      checkoutApi({
        'GET /opportunities/10/quote': {
          body: {
            data: makeQuote({
              open_payment: {
                payment_id: 9,
                payment_url: '/sandbox/konnect/pay/open',
                promo_code: null,
                expires_at: '2099-12-01T10:00:00.000Z',
              },
            }),
          },
        },
      }),
    );
    renderAt('/publish-opportunity/10/payment');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Continue to the payment page' }),
    );
    expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/open');
  });

  it('names the missing legal info, to come back to this checkout', async () => {
    mockApi(
      checkoutApi({
        'GET /user/getMe': { body: { data: brandWithoutLegalInfo() } },
        'POST /opportunities/10/checkout': legalInfoRequiredAnswer,
      }),
    );
    renderAt('/publish-opportunity/10/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    expect(
      await screen.findByText(
        'Before paying, complete your account settings: cities, profile picture, company name and company phone number.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/publish-opportunity/10/payment?settings=legal-infos',
      ),
    );
    expect(sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/publish-opportunity/10');
  });

  it('lists each field the server refused, each leading to its field', async () => {
    mockApi(
      checkoutApi({
        'POST /opportunities/10/checkout': {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please fill in the required fields.',
              fields: [
                { field: 'spots', message: 'Please fill in the required fields.' },
                { field: 'brief', message: 'You have reached the maximum numbers of characters.' },
              ],
            },
          },
        },
      }),
    );
    renderAt('/publish-opportunity/10/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    const intro = await screen.findByText(
      'The opportunity cannot be paid yet. Complete these fields:',
    );
    const alert = intro.closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Number of creators — Please fill in the required fields.',
      'Brief — You have reached the maximum numbers of characters.',
    ]);
    expect(within(alert).getByRole('link', { name: 'Brief' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10?step=brief&field=brief',
    );
    expect(within(alert).getByRole('link', { name: 'Complete the opportunity' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10?field=spots',
    );
  });

  it('says a price band under the suggested prices, leading to its maximum', async () => {
    const fieldMessage =
      'The maximum price is below what creators of these sizes usually ask for this video length.';
    mockApi(
      checkoutApi({
        'POST /opportunities/10/checkout': {
          status: 400,
          body: {
            error: {
              code: 'PRICE_BELOW_SUGGESTED',
              message: 'Creators of these sizes usually ask at least 150.000 TND for a 30 s video.',
              fields: [{ field: 'price_max', message: fieldMessage }],
            },
          },
        },
      }),
    );
    renderAt('/publish-opportunity/10/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    const intro = await screen.findByText(
      'The opportunity cannot be paid yet. Complete these fields:',
    );
    const alert = intro.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      `Maximum price per video (TND) — ${fieldMessage}`,
    );
    expect(
      within(alert).getByRole('link', { name: 'Maximum price per video (TND)' }),
    ).toHaveAttribute('href', '/publish-opportunity/10?field=price_max');
  });
});

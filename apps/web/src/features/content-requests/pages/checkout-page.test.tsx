import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  brandWithoutLegalInfo,
  legalInfoRequiredAnswer,
  saveBrandSettings,
  mockApi,
  renderWithProviders,
  signIn,
} from '../../../app/test-utils';
import { requestDateMessages } from '@clipmarket/contracts/request-dates';
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { goToPaymentPage } from '../../../lib/payment-page';
import { makeFilledDraft, makeQuote } from '../test-data';
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
        <Route path="/request-content/:content_request_id/payment">
          <CheckoutPage />
        </Route>
        <Route></Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

const checkoutApi = (overrides: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /content-requests/42': { body: { data: makeFilledDraft({ script: 'Open the can.' }) } },
  'POST /content-requests/42/quote': { body: { data: makeQuote() } },
  ...overrides,
});

const error = (status: number, code: string) => ({
  status,
  body: { error: { code, message: code } },
});

describe('Content request, step 4: checkout', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockReset();
  });

  it('shows the fee as the server priced it, the content fees and the wallet', async () => {
    mockApi(checkoutApi());
    renderAt('/request-content/42/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Steps of the request' })).toHaveTextContent(
      'Step 4 of 4: Checkout',
    );
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('rowheader', { name: /^Platform fee/ })).toBeVisible();
    expect(within(summary).getByText('24.800 TND')).toBeVisible();
    expect(within(summary).getByRole('rowheader', { name: 'VAT (TVA) 19 %' })).toBeVisible();
    expect(within(summary).getByText('30.512 TND')).toBeVisible();
    const fees = screen.getByRole('region', { name: 'Content fees' });
    expect(within(fees).getByRole('rowheader', { name: 'sami.creates' })).toBeVisible();
    expect(within(fees).getByText('120.000 TND')).toBeVisible();
    expect(within(fees).getByText('210.000 TND')).toBeVisible();
    expect(screen.getByText('Available in your wallet: 500.000 TND')).toBeVisible();
    // The wallet covers fee and content fees: chosen, and the fees will be reserved.
    expect(screen.getByRole('radio', { name: 'Pay from my wallet' })).toBeChecked();
    expect(screen.getByText(/creators will see "funds secured"/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay 30.512 TND' })).toBeEnabled();
  });

  it('pays from the wallet: the request is sent, with a fresh Idempotency-Key', async () => {
    // As the server: once paid, the request reads back sent (the page must still confirm it).
    let paid = false;
    const calls = mockApi(
      checkoutApi({
        'GET /content-requests/42': () => ({
          body: { data: makeFilledDraft({ status: paid ? 'sent' : 'draft' }) },
        }),
        'POST /content-requests/42/checkout': () => {
          paid = true;
          return {
            body: {
              data: { content_request_id: 42, status: 'sent', payment_url: null, payment_id: null },
            },
          };
        },
      }),
    );
    renderAt('/request-content/42/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    expect(
      await screen.findByText('Your content request has been sent successfully!'),
    ).toBeVisible();
    // On to the request's own page, where its creators' answers will show.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/request-content\/42$/),
    );
    const post = calls.find((call) => call.path === '/content-requests/42/checkout');
    expect(post?.body).toEqual({ method: 'wallet' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('sends a request already sent to its own page', async () => {
    mockApi(
      checkoutApi({
        'GET /content-requests/42': { body: { data: makeFilledDraft({ status: 'sent' }) } },
      }),
    );
    renderAt('/request-content/42/payment');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/request-content\/42$/),
    );
  });

  it('offers the card only when the wallet cannot pay the fee, and goes to the gateway', async () => {
    const calls = mockApi(
      checkoutApi({
        'POST /content-requests/42/quote': {
          body: {
            data: makeQuote({
              wallet_available: 10_000,
              wallet_covers_fee: false,
              wallet_covers_content_fees: false,
            }),
          },
        },
        'POST /content-requests/42/checkout': {
          body: {
            data: {
              content_request_id: 42,
              status: 'awaiting_payment',
              payment_url: '/sandbox/konnect/pay/abc',
              payment_id: 9,
            },
          },
        },
      }),
    );
    renderAt('/request-content/42/payment');
    const wallet = await screen.findByRole('radio', { name: 'Pay from my wallet' });
    expect(wallet).toBeDisabled();
    expect(
      screen.getByText(/Your wallet's available balance does not cover this payment\./),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay 30.512 TND' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/abc'));
    expect(calls.find((call) => call.path === '/content-requests/42/checkout')?.body).toEqual({
      method: 'gateway',
    });
  });

  it('says when the wallet pays the fee but not the content fees', async () => {
    mockApi(
      checkoutApi({
        'POST /content-requests/42/quote': {
          body: {
            data: makeQuote({ wallet_available: 100_000, wallet_covers_content_fees: false }),
          },
        },
      }),
    );
    renderAt('/request-content/42/payment');
    expect(
      await screen.findByText(
        'Your wallet does not cover the content fees: they will be requested when each video is approved.',
      ),
    ).toBeVisible();
  });

  it('keeps the key for a retry after a network failure, and sends the request back when incomplete', async () => {
    let answer: 'network' | 'incomplete' = 'network';
    const calls = mockApi(
      checkoutApi({
        'POST /content-requests/42/checkout': () =>
          answer === 'incomplete' ? error(400, 'CONTENT_REQUEST_INCOMPLETE') : undefined,
      }),
    );
    const mocked = vi.mocked(fetch);
    const original = mocked.getMockImplementation()!;
    mocked.mockImplementation(async (input, init) => {
      const response = await original(input, init);
      if (String(input).endsWith('/checkout') && answer === 'network') {
        throw new TypeError('Failed to fetch');
      }
      return response;
    });
    renderAt('/request-content/42/payment');
    const pay = await screen.findByRole('button', { name: 'Pay 30.512 TND' });
    await userEvent.click(pay);
    expect(
      await screen.findByText('Cannot reach the server. Check your connection and try again.'),
    ).toBeVisible();
    answer = 'incomplete';
    await userEvent.click(pay);
    expect(await screen.findByText('Please fill in the required fields.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Complete the request' })).toHaveAttribute(
      'href',
      '/request-content/42',
    );
    await userEvent.click(pay);
    const keys = calls
      .filter((call: ApiCall) => call.path === '/content-requests/42/checkout')
      .map((call) => call.headers['Idempotency-Key']);
    await waitFor(() => expect(keys.length).toBe(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('lists each field the server refused with its reason, each leading to its field', async () => {
    mockApi(
      checkoutApi({
        'POST /content-requests/42/checkout': {
          status: 400,
          body: {
            error: {
              code: 'CONTENT_REQUEST_INCOMPLETE',
              message: 'Please fill in the required fields.',
              fields: [
                { field: 'delivery_date', message: requestDateMessages.deliveryInPast },
                {
                  field: 'publishing_deadline',
                  message: requestDateMessages.publishingBeforeDelivery,
                },
                { field: 'script', message: 'Please fill in the script!' },
              ],
            },
          },
        },
      }),
    );
    renderAt('/request-content/42/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    const intro = await screen.findByText('The request cannot be paid yet. Complete these fields:');
    const alert = intro.closest<HTMLElement>('[role="alert"]')!;
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Delivery deadline — The delivery deadline must be in the future.',
      'Publishing deadline — The publishing date cannot be before the delivery date.',
      'Script — Please fill in the script!',
    ]);
    expect(within(alert).getByRole('link', { name: 'Publishing deadline' })).toHaveAttribute(
      'href',
      '/request-content/42?field=publishing_deadline',
    );
    expect(within(alert).getByRole('link', { name: 'Script' })).toHaveAttribute(
      'href',
      '/request-content/42?step=script&field=script',
    );
    expect(within(alert).getByRole('link', { name: 'Complete the request' })).toHaveAttribute(
      'href',
      '/request-content/42?field=delivery_date',
    );
  });

  it('asks for the legal info first, to come back to this checkout', async () => {
    mockApi(
      checkoutApi({ 'POST /content-requests/42/checkout': error(409, 'LEGAL_INFO_REQUIRED') }),
    );
    renderAt('/request-content/42/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    expect(await screen.findByText(/Please complete your legal info/)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/request-content/42/payment?settings=legal-infos',
      ),
    );
    // The settings then go to `<path>/payment`: this page.
    expect(sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/request-content/42');
  });

  it('names every missing setting in one message, and drops it once the settings are saved', async () => {
    const brand = brandWithoutLegalInfo();
    mockApi(
      checkoutApi({
        'GET /user/getMe': { body: { data: brand } },
        'POST /content-requests/42/checkout': legalInfoRequiredAnswer,
      }),
    );
    const { queryClient } = renderAt('/request-content/42/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    expect(
      await screen.findByText(
        'Before paying, complete your account settings: cities, profile picture, company name and company phone number.',
      ),
    ).toBeVisible();

    // A save with the profile only: the message names what is still missing.
    const saves = saveBrandSettings(queryClient, brand);
    await saves.profileOnly();
    expect(
      await screen.findByText(
        'Before paying, complete your account settings: company name and company phone number.',
      ),
    ).toBeVisible();

    // The legal info saved too: the checkout can be paid, no error is left.
    await saves.legalInfoToo();
    await waitFor(() => expect(screen.queryByText(/Before paying/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Pay 30.512 TND' })).toBeEnabled();
  });

  it('tells a wallet short of money, with a way to top it up', async () => {
    mockApi(
      checkoutApi({ 'POST /content-requests/42/checkout': error(409, 'INSUFFICIENT_FUNDS') }),
    );
    renderAt('/request-content/42/payment');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay 30.512 TND' }));
    expect(
      await screen.findByText('Your wallet does not hold enough available money for this payment.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Top up my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';
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
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { formatDate } from '../../../lib/format';
import { goToPaymentPage } from '../../../lib/payment-page';
import { makePurchase, makeQuote, makeWallet } from '../test-data';
import WalletPage from './wallet-page';

vi.mock('../../../lib/payment-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/payment-page')>()),
  goToPaymentPage: vi.fn(),
}));

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return (
    <>
      <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>
      {/* What the account settings do after a legal-infos save that completes the profile. */}
      <Link to="/track-payments/my-wallet/payment">continue the payment</Link>
    </>
  );
}

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/track-payments/my-wallet">
          <WalletPage />
        </Route>
        <Route path="/track-payments/my-wallet/payment">
          <WalletPage />
        </Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

const quoteOf = (call: ApiCall) => {
  const body = call.body as { amount: number; promo_code?: string };
  if (body.promo_code && body.promo_code !== 'RAMADAN10') {
    return { status: 422, body: { error: { code: 'PROMO_CODE_INVALID', message: 'invalid' } } };
  }
  return {
    body: {
      data: body.promo_code
        ? makeQuote(body.amount, 1000, body.promo_code)
        : makeQuote(body.amount),
    },
  };
};

const walletApi = (overrides: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /wallet': { body: { data: makeWallet() } },
  'POST /wallet/purchases/quote': quoteOf,
  'POST /promo-codes/verify': (call: ApiCall) =>
    (call.body as { code: string }).code.toUpperCase() === 'RAMADAN10'
      ? { body: { data: { code: 'RAMADAN10', percent_basis_points: 1000 } } }
      : { status: 422, body: { error: { code: 'PROMO_CODE_INVALID', message: 'invalid' } } },
  ...overrides,
});

describe('Wallet page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockReset();
  });

  it('offers to resume or cancel a pending purchase and to buy an ended one again', async () => {
    let purchases = [
      makePurchase({
        wallet_purchase_id: 44,
        reference: 'WP-000044',
        status: 'pending',
        balance: 0,
      }),
      makePurchase({
        wallet_purchase_id: 43,
        reference: 'WP-000043',
        status: 'expired',
        purchased_amount: 250_000,
        available_amount: 0,
        balance: 0,
      }),
      makePurchase({ available_amount: 138_464, balance: 500_000 }),
    ];
    const calls = mockApi(
      walletApi({
        'GET /wallet': () => ({
          body: {
            data: makeWallet({
              balance: 408_464,
              reserved: 270_000,
              available: 138_464,
              purchases,
            }),
          },
        }),
        'POST /wallet/purchases/44/cancel': () => {
          purchases = purchases.map((p) =>
            p.wallet_purchase_id === 44 ? { ...p, status: 'cancelled' as const } : p,
          );
          return { body: { data: purchases[0] } };
        },
      }),
    );
    renderAt('/track-payments/my-wallet');
    const table = await screen.findByRole('table', { name: 'Purchases' });
    // The row's balance is the wallet's right after that pack, said so.
    expect(
      within(table).getByRole('columnheader', { name: 'Balance after purchase' }),
    ).toBeVisible();
    const [, pending, expired, paid] = within(table).getAllByRole('row');
    expect(within(paid!).getByText('138.464 TND')).toBeVisible();
    expect(within(paid!).getByText('500.000 TND')).toBeVisible();
    expect(within(paid!).queryByRole('button')).toBeNull();
    expect(
      within(pending!).getByRole('link', { name: 'Resume the payment (WP-000044)' }),
    ).toHaveAttribute('href', '/track-payments/purchase-pack/44/pending');
    expect(within(expired!).getByRole('link', { name: 'Buy again (WP-000043)' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet/payment?amount=250',
    );

    await userEvent.click(within(pending!).getByRole('button', { name: 'Cancel (WP-000044)' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/wallet/purchases/44/cancel')).toBe(true),
    );
    const refreshed = within(screen.getByRole('table', { name: 'Purchases' })).getAllByRole('row');
    await waitFor(() => expect(within(refreshed[1]!).getByText('Cancelled')).toBeVisible());
    expect(
      within(screen.getByRole('table', { name: 'Purchases' })).getByRole('link', {
        name: 'Buy again (WP-000044)',
      }),
    ).toBeVisible();
  });

  it('shows the balances, the purchases and their statuses', async () => {
    mockApi(
      walletApi({
        'GET /wallet': {
          body: {
            data: makeWallet({
              balance: 1_250_500,
              reserved: 50_000,
              available: 1_200_500,
              purchases: [
                makePurchase(),
                makePurchase({
                  wallet_purchase_id: 43,
                  reference: 'WP-000043',
                  status: 'failed',
                  balance: 0,
                }),
              ],
            }),
          },
        },
      }),
    );
    renderAt('/track-payments/my-wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'My wallet' })).toBeVisible();
    expect(await screen.findByTestId('wallet-available')).toHaveTextContent('1,200.500 TND');
    expect(screen.getByTestId('wallet-reserved')).toHaveTextContent('50.000 TND');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('1,250.500 TND');
    const table = screen.getByRole('table', { name: 'Purchases' });
    expect(within(table).getByRole('columnheader', { name: 'Purchased amount' })).toBeVisible();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader', { name: 'WP-000042' })).toBeVisible();
    expect(within(rows[1]!).getByText('Paid')).toBeVisible();
    expect(within(rows[2]!).getByText('Failed')).toBeVisible();
    // The pack form opens on demand.
    expect(screen.queryByRole('region', { name: 'Buy a pack' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Buy a pack' }));
    expect(await screen.findByRole('region', { name: 'Buy a pack' })).toBeVisible();
  });

  it('says when there is no purchase yet', async () => {
    mockApi(walletApi());
    renderAt('/track-payments/my-wallet');
    expect(await screen.findByRole('heading', { name: 'No purchase yet' })).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Purchases' })).toBeNull();
  });

  it('lists card payments kept in the wallet, each with why and a link to its purchase', async () => {
    mockApi(
      walletApi({
        'GET /wallet': {
          body: {
            data: makeWallet({
              balance: 70_000,
              available: 70_000,
              kept_in_wallet: [
                {
                  payment_id: 31,
                  amount: 70_000,
                  reason: 'purchase_changed',
                  purpose: 'opportunity-approval',
                  purpose_id: 501,
                  reference: 'OP-000012',
                  page: '/publish-opportunity/12/applications',
                  paid_at: '2026-11-20T10:00:00.000Z',
                },
              ],
            }),
          },
        },
      }),
    );
    renderAt('/track-payments/my-wallet');
    const kept = await screen.findByRole('region', { name: 'Card payments kept in your wallet' });
    expect(within(kept).getByText('The purchase changed before the payment arrived')).toBeVisible();
    expect(
      within(kept).getByText(`Added on ${formatDate('2026-11-20T10:00:00.000Z', 'en')}`),
    ).toBeVisible();
    expect(within(kept).getByRole('link', { name: 'Open OP-000012' })).toHaveAttribute(
      'href',
      '/publish-opportunity/12/applications',
    );
  });

  it('shows the price the server quoted, refreshed when the amount changes', async () => {
    const calls = mockApi(walletApi());
    renderAt('/track-payments/my-wallet/payment');
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    await userEvent.click(within(form).getByRole('button', { name: '200 TND' }));
    const summary = await within(form).findByRole('region', { name: 'Order summary' });
    await within(summary).findByText('201.000 TND');
    expect(within(summary).getByRole('rowheader', { name: 'Wallet pack' })).toBeVisible();
    expect(
      within(summary).getByRole('rowheader', {
        name: /^VAT \(TVA\) 19 % 0 %: a wallet pack is a deposit\./,
      }),
    ).toBeVisible();
    expect(within(summary).getByRole('rowheader', { name: 'Fiscal stamp' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Pay 201.000 TND' })).toBeEnabled();

    const amount = within(form).getByRole('textbox', { name: /Amount \(TND\)/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    await within(summary).findByText('151.000 TND', {}, { timeout: 3000 });
    const quotes = calls.filter((call) => call.path === '/wallet/purchases/quote');
    // Debounced: typing 1, 15, 150 priced 150 only.
    expect(quotes.map((call) => (call.body as { amount: number }).amount)).toEqual([
      200_000, 150_000,
    ]);

    // Out of range: said, and nothing is priced or paid.
    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(within(form).getByRole('button', { name: /^Pay/ }));
    expect(within(form).getByText('Choose an amount between 100 and 2,000 TND.')).toBeVisible();
    expect(calls.some((call) => call.path === '/wallet/purchases')).toBe(false);
  });

  it('refuses a decimal amount as such, and writes thousands as the language does', async () => {
    const calls = mockApi(walletApi());
    renderAt('/track-payments/my-wallet/payment');
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    const amount = within(form).getByRole('textbox', { name: /Amount \(TND\)/ });
    expect(within(form).getByText('Any whole amount from 100 to 2,000 TND')).toBeVisible();
    await userEvent.type(amount, '150.5');
    // The point is kept, not dropped ("1 505").
    expect(amount).toHaveValue('150.5 TND');
    await userEvent.click(within(form).getByRole('button', { name: /^Pay/ }));
    expect(
      within(form).getByText(
        'A wallet pack is a whole number of dinars: enter an amount without decimals.',
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.path === '/wallet/purchases')).toBe(false);
    expect(
      calls.some((call) => (call.body as { amount?: number } | undefined)?.amount === 1_505_000),
    ).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1500');
    expect(amount).toHaveValue('1,500 TND');
    expect(within(form).getByRole('button', { name: '1,000 TND' })).toBeVisible();
  });

  it('verifies a promo code: applied to the quote, or the spec message', async () => {
    mockApi(walletApi());
    renderAt('/track-payments/my-wallet/payment?amount=100');
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    const summary = await within(form).findByRole('region', { name: 'Order summary' });
    await within(summary).findByText('101.000 TND');

    const code = within(form).getByRole('textbox', { name: 'Promo code' });
    const verify = within(form).getByRole('button', { name: 'Verify Your Promo code' });
    await userEvent.click(verify);
    expect(
      await within(form).findByText('Verify Your Promo code', { selector: 'p' }),
    ).toBeVisible();

    await userEvent.type(code, 'expired');
    await userEvent.click(verify);
    expect(await within(form).findByText('Promo code is no longer valid!')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, 'ramadan10');
    await userEvent.click(verify);
    expect(await within(form).findByText('Code RAMADAN10 applied: 10 % off.')).toBeVisible();
    expect(await within(summary).findByText('91.000 TND')).toBeVisible();
    expect(within(summary).getByRole('rowheader', { name: /Promotion \(10 %\)/ })).toBeVisible();
    expect(within(summary).getByText('−10.000 TND')).toBeVisible();
  });

  it('pays: posts with an Idempotency-Key, then goes to the payment page', async () => {
    const calls = mockApi(
      walletApi({
        'POST /wallet/purchases': {
          status: 201,
          body: {
            data: { wallet_purchase_id: 42, payment_id: 9, pay_url: '/sandbox/konnect/pay/abc' },
          },
        },
      }),
    );
    renderAt('/track-payments/my-wallet/payment?amount=150');
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    await userEvent.click(await within(form).findByRole('button', { name: 'Pay 151.000 TND' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/abc'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/wallet/purchases');
    expect(post?.body).toEqual({ amount: 150_000 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same attempt again with the same key after a network failure only', async () => {
    let answer: 'network' | 'gateway' = 'network';
    const fetchCalls: ApiCall[] = [];
    const calls = mockApi(
      walletApi({
        'POST /wallet/purchases': (call) => {
          fetchCalls.push(call);
          return answer === 'gateway'
            ? {
                status: 502,
                body: { error: { code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: 'down' } },
              }
            : undefined;
        },
      }),
    );
    // The first POST fails on the network (fetch rejects).
    const mocked = vi.mocked(fetch);
    const original = mocked.getMockImplementation()!;
    mocked.mockImplementation(async (input, init) => {
      const response = await original(input, init);
      if (String(input).endsWith('/wallet/purchases') && answer === 'network') {
        throw new TypeError('Failed to fetch');
      }
      return response;
    });
    renderAt('/track-payments/my-wallet/payment?amount=150');
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    const pay = await within(form).findByRole('button', { name: 'Pay 151.000 TND' });
    await userEvent.click(pay);
    expect(await within(form).findByRole('alert')).toBeVisible();
    answer = 'gateway';
    await userEvent.click(pay);
    expect(
      await within(form).findByText(
        'The payment service cannot be reached right now. Please try again in a moment.',
      ),
    ).toBeVisible();
    await userEvent.click(pay);
    await waitFor(() => expect(fetchCalls).toHaveLength(3));
    const keys = calls
      .filter((call) => call.path === '/wallet/purchases')
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('asks for the legal info first, and comes back to the same pack after it', async () => {
    mockApi(
      walletApi({
        'POST /wallet/purchases': {
          status: 409,
          body: { error: { code: 'LEGAL_INFO_REQUIRED', message: 'legal info' } },
        },
      }),
    );
    renderAt('/track-payments/my-wallet');
    await userEvent.click(await screen.findByRole('button', { name: 'Buy a pack' }));
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Amount \(TND\)/ }), '300');
    await userEvent.click(await within(form).findByRole('button', { name: 'Pay 301.000 TND' }));
    expect(
      await within(form).findByText(/Please complete your legal info/, { selector: '*' }),
    ).toBeVisible();
    // The shell opens the account settings on the legal-infos tab from `?settings=`.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/settings=legal-infos/),
    );
    expect(sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/track-payments/my-wallet');

    // The settings save brings the advertiser to <path>/payment: the pack is there again.
    await userEvent.click(screen.getByRole('link', { name: 'continue the payment' }));
    const again = await screen.findByRole('region', { name: 'Buy a pack' });
    await waitFor(() =>
      expect(within(again).getByRole('textbox', { name: /Amount \(TND\)/ })).toHaveValue('300 TND'),
    );
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(await within(again).findByRole('button', { name: 'Pay 301.000 TND' })).toBeVisible();
    expect(sessionStorage.getItem('walletPackDraft')).toBeNull();
  });

  it('names every missing setting in one message, and drops it once the settings are saved', async () => {
    const brand = brandWithoutLegalInfo();
    mockApi(
      walletApi({
        'GET /user/getMe': { body: { data: brand } },
        'POST /wallet/purchases': legalInfoRequiredAnswer,
      }),
    );
    const { queryClient } = renderAt('/track-payments/my-wallet/payment?amount=150');
    const form = await screen.findByRole('region', { name: 'Buy a pack' });
    await userEvent.click(await within(form).findByRole('button', { name: 'Pay 151.000 TND' }));
    expect(
      await within(form).findByText(
        'Before paying, complete your account settings: cities, profile picture, company name and company phone number.',
      ),
    ).toBeVisible();
    expect(sessionStorage.getItem(REDIRECT_PATH_KEY)).toBe('/track-payments/my-wallet');

    // A save with the profile only: the message names what is still missing.
    const saves = saveBrandSettings(queryClient, brand);
    await saves.profileOnly();
    expect(
      await within(form).findByText(
        'Before paying, complete your account settings: company name and company phone number.',
      ),
    ).toBeVisible();

    // The legal info saved too: the pack can be paid, no error is left, no draft kept.
    await saves.legalInfoToo();
    await waitFor(() => expect(within(form).queryByText(/Before paying/)).toBeNull());
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Pay 151.000 TND' })).toBeEnabled();
    expect(sessionStorage.getItem('walletPackDraft')).toBeNull();
  });
});

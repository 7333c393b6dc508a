import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { goToPaymentPage } from '../../../lib/payment-page';
import { makePurchase } from '../test-data';
import PurchaseResultPage from './purchase-result-page';

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
        <Route path="/track-payments/purchase-pack/:wallet_purchase_id/:status">
          <PurchaseResultPage />
        </Route>
        <Route></Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

describe('Wallet pack payment result', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockReset();
  });

  it('tells a paid pack and what was credited', async () => {
    mockApi({ 'GET /wallet/purchases/42': { body: { data: makePurchase() } } });
    renderAt('/track-payments/purchase-pack/42/success');
    const heading = await screen.findByRole('heading', { name: 'Fees paid successfully!' });
    expect(heading).toHaveFocus();
    expect(heading.closest('[role="status"]')).toHaveTextContent(
      '150.000 TND were credited to your wallet (purchase WP-000042).',
    );
    expect(screen.getByRole('link', { name: 'Back to my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('waits for the confirmation while pending, polling until paid', async () => {
    let purchase: WalletPurchase = makePurchase({ status: 'pending', balance: 0 });
    const calls = mockApi({ 'GET /wallet/purchases/42': () => ({ body: { data: purchase } }) });
    renderAt('/track-payments/purchase-pack/42/success');
    expect(
      await screen.findByText("We are waiting for the payment service's confirmation…"),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    purchase = makePurchase();
    expect(
      await screen.findByRole('heading', { name: 'Fees paid successfully!' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(calls.filter((call) => call.path === '/wallet/purchases/42').length).toBeGreaterThan(1);
  });

  it('says a failed payment failed, and Try again pays the same payment while it can', async () => {
    mockApi({
      'GET /wallet/purchases/42': {
        body: { data: makePurchase({ status: 'pending', balance: 0 }) },
      },
      'GET /payments/9': {
        body: {
          data: { payment_id: 9, status: 'pending', amount: 151_000, pay_url: '/sandbox/pay/x' },
        },
      },
    });
    renderAt('/track-payments/purchase-pack/42/failed');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/pay/x'));
  });

  it('says a payment cancelled on the gateway was cancelled, not failed, and offers to continue it', async () => {
    const calls = mockApi({
      'GET /wallet/purchases/42': {
        body: { data: makePurchase({ status: 'pending', balance: 0 }) },
      },
      'GET /payments/attempt': { body: { data: { status: 'pending', card_refused: false } } },
      'GET /payments/9': {
        body: {
          data: { payment_id: 9, status: 'pending', amount: 151_000, pay_url: '/sandbox/pay/x' },
        },
      },
    });
    renderAt('/track-payments/purchase-pack/42/failed?payment_ref=ref-42');
    expect(
      await screen.findByRole('heading', { name: 'Your payment was cancelled.' }),
    ).toHaveFocus();
    expect(
      screen.getByText(
        'You left the payment page without paying: nothing was charged for purchase WP-000042. You can continue the payment whenever you are ready, or cancel the purchase.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('We are sorry. Your payment has failed.')).toBeNull();
    expect(calls.filter((call) => call.path === '/payments/attempt')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancel the purchase' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue the payment' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/pay/x'));
  });

  it('says a refused card failed (its last attempt tells)', async () => {
    mockApi({
      'GET /wallet/purchases/42': {
        body: { data: makePurchase({ status: 'pending', balance: 0 }) },
      },
      'GET /payments/attempt': { body: { data: { status: 'pending', card_refused: true } } },
    });
    renderAt('/track-payments/purchase-pack/42/failed?payment_ref=ref-42');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('Buy again on a closed payment opens the pack form with the same amount', async () => {
    mockApi({
      'GET /wallet/purchases/42': {
        body: { data: makePurchase({ status: 'failed', balance: 0 }) },
      },
      'GET /payments/9': {
        body: { data: { payment_id: 9, status: 'failed', amount: 151_000, pay_url: null } },
      },
    });
    renderAt('/track-payments/purchase-pack/42/success');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Buy again' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/track-payments/my-wallet/payment?amount=150',
      ),
    );
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('cancels a purchase left waiting, then says it was cancelled and offers Buy again', async () => {
    let purchase: WalletPurchase = makePurchase({ status: 'pending', balance: 0 });
    const calls = mockApi({
      'GET /wallet/purchases/42': () => ({ body: { data: purchase } }),
      'POST /wallet/purchases/42/cancel': () => {
        purchase = makePurchase({ status: 'cancelled', balance: 0, available_amount: 0 });
        return { body: { data: purchase } };
      },
    });
    renderAt('/track-payments/purchase-pack/42/pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the purchase' }));
    expect(
      await screen.findByRole('heading', { name: 'Purchase cancelled' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(
      screen.getByText(/You cancelled purchase WP-000042\. Nothing was charged/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buy again' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel the purchase' })).toBeNull();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/cancel'))).toBe(
      true,
    );
  });

  it('says so when the purchase cannot be read', async () => {
    mockApi({});
    renderAt('/track-payments/purchase-pack/42/success');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this payment.');
  });
});

import { screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { makeFilledDraft, makeLine } from '../test-data';
import PaymentResultPage from './payment-result-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/request-content/:content_request_id/payment/:status">
          <PaymentResultPage />
        </Route>
        <Route></Route>
      </Switch>
    </TestRouter>,
  );
}

const sent = makeFilledDraft({
  status: 'sent',
  script: 'Open the can.',
  sent_at: '2026-11-23T10:00:00.000Z',
  lines: [makeLine()],
});
const payment = (overrides: Record<string, unknown>) => ({
  body: {
    data: {
      payment_id: 9,
      status: 'paid',
      amount: 30_512,
      pay_url: null,
      kept_in_wallet: null,
      ...overrides,
    },
  },
});

/** The result page follows its own payment (`?payment=`), not whatever paid the request. */
describe('Content request payment result, for its own payment', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the money is in the wallet when another tab had paid the request', async () => {
    mockApi({
      'GET /content-requests/42': { body: { data: sent } },
      'GET /payments/9': payment({ kept_in_wallet: 'already_paid' }),
    });
    renderAt('/request-content/42/payment/success?payment=9&payment_ref=abc');
    const heading = await screen.findByRole('heading', { name: 'Your money is in your wallet' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/your card payment of 30\.512 TND arrived/)).toBeVisible();
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(screen.getByRole('link', { name: 'See my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
  });

  it('names a payment replaced by a newer attempt of the request', async () => {
    mockApi({
      'GET /content-requests/42': { body: { data: sent } },
      'GET /payments/9': payment({ kept_in_wallet: 'replaced' }),
    });
    renderAt('/request-content/42/payment/success?payment=9');
    expect(
      await screen.findByRole('heading', { name: 'Your money is in your wallet' }),
    ).toBeVisible();
    expect(
      screen.getByText(/A newer payment of this request is the one it waits for/),
    ).toBeVisible();
    expect(screen.queryByText(/already paid another way/)).toBeNull();
  });

  it('says Payment received when its own payment paid the request', async () => {
    mockApi({
      'GET /content-requests/42': { body: { data: sent } },
      'GET /payments/9': payment({}),
    });
    renderAt('/request-content/42/payment/success?payment=9');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See my wallet' })).toBeNull();
  });

  it('says failed when its own payment failed, even if the request was paid otherwise', async () => {
    mockApi({
      'GET /content-requests/42': { body: { data: sent } },
      'GET /payments/9': payment({ status: 'failed' }),
    });
    renderAt('/request-content/42/payment/failed?payment=9');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toBeVisible();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { goToPaymentPage } from '../../../lib/payment-page';
import { makeFilledDraft, makeQuote } from '../test-data';
import CheckoutPage from './checkout-page';

vi.mock('../../../lib/payment-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/payment-page')>()),
  goToPaymentPage: vi.fn(),
}));

/**
 * The checkout pays once (walk of 2026-11-27): a double click sends one Pay, a payment left
 * open at the gateway is offered again, and a promo code is verified for this very request.
 */
function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/request-content/:content_request_id/payment">
          <CheckoutPage />
        </Route>
        <Route></Route>
      </Switch>
    </TestRouter>,
  );
}

const byCard = makeQuote({
  wallet_available: 0,
  wallet_covers_fee: false,
  wallet_covers_content_fees: false,
});
const opened = {
  data: {
    content_request_id: 42,
    status: 'awaiting_payment',
    payment_url: '/sandbox/konnect/pay/abc',
    payment_id: 9,
  },
};

describe('Content request checkout: paying once', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockReset();
  });

  it('sends one Pay however fast it is clicked twice, the button disabled meanwhile', async () => {
    const calls = mockApi({
      'GET /content-requests/42': { body: { data: makeFilledDraft() } },
      'POST /content-requests/42/quote': { body: { data: byCard } },
      'POST /content-requests/42/checkout': { body: opened },
    });
    // The server answers Pay only when the test lets it.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const respond = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/checkout')) await answered;
      return respond(input, init);
    });
    renderAt('/request-content/42/payment');
    const button = await screen.findByRole('button', { name: 'Pay 30.512 TND' });
    // Two clicks in one go, before any answer or new render.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    answer();
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/abc'));
    expect(calls.filter((call) => call.path === '/content-requests/42/checkout')).toHaveLength(1);
    expect(goToPaymentPage).toHaveBeenCalledTimes(1);
  });

  it('offers to continue on the payment page left open', async () => {
    mockApi({
      'GET /content-requests/42': {
        body: { data: makeFilledDraft({ status: 'awaiting_payment' }) },
      },
      'POST /content-requests/42/quote': {
        body: {
          data: makeQuote({
            ...byCard,
            open_payment: {
              payment_id: 9,
              payment_url: '/sandbox/konnect/pay/abc',
              promo_code: null,
              expires_at: '2026-11-28T15:30:00.000Z',
            },
          }),
        },
      },
    });
    renderAt('/request-content/42/payment');
    expect(
      await screen.findByText(
        /Your card payment for this request is still open on the payment page/,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to the payment page' }));
    expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/abc');
  });

  it('checks a promo code for this request, whose open payment may hold it', async () => {
    const calls = mockApi({
      'GET /content-requests/42': { body: { data: makeFilledDraft() } },
      'POST /content-requests/42/quote': { body: { data: byCard } },
      'POST /promo-codes/verify': {
        body: { data: { code: 'BIENVENUE10', percent_basis_points: 1000 } },
      },
    });
    renderAt('/request-content/42/payment');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'bienvenue10');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Your Promo code' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/promo-codes/verify')?.body).toEqual({
        code: 'bienvenue10',
        purchase_kind: 'content_request',
        purchase_id: 42,
      }),
    );
  });
});

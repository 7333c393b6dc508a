import type { Application } from '@clipmarket/contracts/opportunities';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { TestRouter } from '../../../test/router';
import { makeApplication, makeOpportunity } from '../test-data';
import ApprovalPaymentResultPage, { approvalObstacleOf } from './approval-payment-result-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/publish-opportunity/:content_opportunity_id/applications/:content_opportunity_influencer_id/payment/:status">
          <ApprovalPaymentResultPage />
        </Route>
        <Route></Route>
      </Switch>
    </TestRouter>,
  );
}

const base = '/publish-opportunity/10/applications/501/payment';
const accepted = makeApplication({ state: 'accepted', label: 'accepted' });
const payment = (data: Record<string, unknown>) => ({
  body: { data: { payment_id: 9, amount: 50_000, pay_url: null, ...data } },
});

describe('The result of paying an approval by card', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the application is approved and its price held, back to the applications', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity({ spots_taken: 1 }) } },
      'GET /opportunities/10/applications/501': { body: { data: accepted } },
      'GET /payments/9': payment({ status: 'paid', kept_in_wallet: null }),
    });
    renderAt(`${base}/success?payment=9`);
    const heading = await screen.findByRole('heading', { name: 'Application approved' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        'sami.creates is approved: their price of \u206680.000 TND\u2069 is held from your wallet (funds secured), and they can start their video.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the applications' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10/applications',
    );
  });

  it('waits for the confirmation, reading the application until it is approved', async () => {
    let application: Application = makeApplication();
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications/501': () => ({ body: { data: application } }),
    });
    renderAt(`${base}/success`);
    expect(await screen.findByRole('heading', { name: 'Waiting for the payment' })).toBeVisible();
    application = accepted;
    expect(
      await screen.findByRole('heading', { name: 'Application approved' }, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('says a failed payment failed, with a retry from the applications', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications/501': { body: { data: makeApplication() } },
      'GET /payments/9': payment({ status: 'failed', kept_in_wallet: null }),
    });
    renderAt(`${base}/failed?payment=9`);
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toHaveFocus();
    expect(
      screen.getByText(
        'Nothing was charged and the application of sami.creates is still under review. You can try again from the applications.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try again from the applications' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10/applications',
    );
  });

  it('says why the money stayed in the wallet: every spot was taken meanwhile', async () => {
    mockApi({
      'GET /opportunities/10': {
        body: { data: makeOpportunity({ state: 'ongoing', spots: 3, spots_taken: 3 }) },
      },
      'GET /opportunities/10/applications/501': { body: { data: makeApplication() } },
      'GET /payments/9': payment({ status: 'paid', kept_in_wallet: 'purchase_changed' }),
    });
    renderAt(`${base}/success?payment=9`);
    expect(
      await screen.findByRole('heading', { name: 'Your money is in your wallet' }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Every spot of the opportunity was taken when your card payment of 50.000 TND arrived, so the application of sami.creates was not approved: the amount was added to your wallet, ready for your next payments.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
    expect(screen.getByRole('link', { name: 'See the applications' })).toBeVisible();
  });

  it('says when the application was approved another way before the card payment arrived', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications/501': { body: { data: accepted } },
      'GET /payments/9': payment({ status: 'paid', kept_in_wallet: 'already_paid' }),
    });
    renderAt(`${base}/success?payment=9`);
    expect(
      await screen.findByText(
        /The application of sami\.creates was already approved when your card payment of 50\.000 TND arrived/,
      ),
    ).toBeVisible();
  });

  it('tells each reason an approval could no longer be made', () => {
    const live = makeOpportunity({ state: 'live', spots: 3, spots_taken: 1 });
    const under = makeApplication();
    expect(approvalObstacleOf(makeApplication({ state: 'withdrawn' }), live)).toBe('withdrawn');
    expect(approvalObstacleOf(makeApplication({ state: 'declined' }), live)).toBe('answered');
    expect(approvalObstacleOf(under, makeOpportunity({ state: 'closed', spots_taken: 0 }))).toBe(
      'closed',
    );
    expect(
      approvalObstacleOf(under, makeOpportunity({ state: 'ongoing', spots: 2, spots_taken: 2 })),
    ).toBe('full');
    expect(approvalObstacleOf(under, live)).toBe('wallet');
  });

  it('says when the payment cannot be read', async () => {
    mockApi({ 'GET /opportunities/10': { body: { data: makeOpportunity() } } });
    renderAt(`${base}/success?payment=9`);
    expect(await screen.findByText(/The payment could not be checked\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

import type { Opportunity } from '@clipmarket/contracts/opportunities';
import { screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { TestRouter } from '../../../test/router';
import { makeFilledOpportunity } from '../test-data';
import PaymentResultPage from './payment-result-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/publish-opportunity/:content_opportunity_id/payment/:status">
          <PaymentResultPage />
        </Route>
        <Route></Route>
      </Switch>
    </TestRouter>,
  );
}

const draft = makeFilledOpportunity({ brief: 'Show the can.' });
const published = makeFilledOpportunity({ state: 'live', published_at: '2026-11-23T10:00:00Z' });

describe('Opportunity payment result', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the confirmation, polling until the opportunity is published', async () => {
    let opportunity: Opportunity = draft;
    const calls = mockApi({ 'GET /opportunities/10': () => ({ body: { data: opportunity } }) });
    renderAt('/publish-opportunity/10/payment/success');
    expect(await screen.findByRole('heading', { name: 'Waiting for the payment' })).toBeVisible();
    opportunity = published;
    const heading = await screen.findByRole(
      'heading',
      { name: 'Payment received' },
      { timeout: 5000 },
    );
    expect(heading).toHaveFocus();
    expect(
      screen.getByText('Your opportunity is published: creators who match it can apply.'),
    ).toBeVisible();
    expect(calls.filter((call) => call.path === '/opportunities/10').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Go to my opportunities' })).toHaveAttribute(
      'href',
      '/publish-opportunity',
    );
  });

  it('says a failed payment failed, with Try again back to the checkout', async () => {
    mockApi({ 'GET /opportunities/10': { body: { data: draft } } });
    renderAt('/publish-opportunity/10/payment/failed');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10/payment',
    );
  });

  it('believes its own payment: one kept in the wallet says so', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: published } },
      'GET /payments/9': {
        body: {
          data: { payment_id: 9, status: 'paid', amount: 30_512, kept_in_wallet: 'already_paid' },
        },
      },
    });
    renderAt('/publish-opportunity/10/payment/success?payment=9');
    expect(
      await screen.findByRole('heading', { name: 'Your money is in your wallet' }),
    ).toBeVisible();
    expect(screen.getByText(/your card payment of 30\.512 TND arrived/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
  });

  it('says when the opportunity cannot be read', async () => {
    mockApi({});
    renderAt('/publish-opportunity/10/payment/success');
    expect(await screen.findByText(/The payment could not be checked\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

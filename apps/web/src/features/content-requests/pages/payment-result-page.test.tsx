import type { ContentRequest } from '@clipmarket/contracts/content-requests';
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

const awaiting = makeFilledDraft({ status: 'awaiting_payment', script: 'Open the can.' });
const sent = makeFilledDraft({
  status: 'sent',
  script: 'Open the can.',
  sent_at: '2026-11-23T10:00:00.000Z',
  lines: [makeLine()],
});

describe('Content request payment result', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the confirmation, polling until the request is sent', async () => {
    let request: ContentRequest = awaiting;
    const calls = mockApi({ 'GET /content-requests/42': () => ({ body: { data: request } }) });
    renderAt('/request-content/42/payment/success');
    expect(await screen.findByRole('heading', { name: 'Waiting for the payment' })).toBeVisible();
    request = sent;
    const heading = await screen.findByRole(
      'heading',
      { name: 'Payment received' },
      { timeout: 5000 },
    );
    expect(heading).toHaveFocus();
    expect(screen.getByText('Your content request has been sent successfully!')).toBeVisible();
    expect(calls.filter((call) => call.path === '/content-requests/42').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Go to my requests' })).toHaveAttribute(
      'href',
      '/request-content',
    );
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('says a failed payment failed, with Try again back to the checkout', async () => {
    mockApi({ 'GET /content-requests/42': { body: { data: awaiting } } });
    renderAt('/request-content/42/payment/failed');
    const heading = await screen.findByRole('heading', {
      name: 'We are sorry. Your payment has failed.',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/request-content/42/payment',
    );
  });

  it('says a payment cancelled on the gateway was cancelled, not failed', async () => {
    mockApi({
      'GET /content-requests/42': { body: { data: awaiting } },
      'GET /payments/attempt': { body: { data: { status: 'pending', card_refused: false } } },
    });
    renderAt('/request-content/42/payment/failed?payment_ref=ref-42');
    expect(
      await screen.findByRole('heading', { name: 'Your payment was cancelled.' }),
    ).toHaveFocus();
    expect(screen.queryByText('We are sorry. Your payment has failed.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/request-content/42/payment',
    );
  });

  it('believes the request over a failed redirect once it is sent', async () => {
    mockApi({ 'GET /content-requests/42': { body: { data: sent } } });
    renderAt('/request-content/42/payment/failed');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeVisible();
  });

  it('says when the request cannot be read', async () => {
    mockApi({});
    renderAt('/request-content/42/payment/success');
    expect(await screen.findByText(/The payment could not be checked\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

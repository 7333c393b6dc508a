import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import type { AdvertiserLineView } from '../api/manage-content';
import { makeAdvertiserLine } from '../test-data';
import ManagePaymentResultPage from './payment-result-page';

function renderAt(path: string) {
  return renderRoutes(
    pagesOnly({
      '/manage-content/:content_request_influencer_id/payment/:status': ManagePaymentResultPage,
    }),
    path,
  );
}

const approved = makeAdvertiserLine({ status: 'approved' });
const paid = makeAdvertiserLine({ status: 'paid' }, { paid_at: '2026-11-26T10:00:00.000Z' });
const reads = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/content-request-influencers/41').length;

describe('Video payment result', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the confirmation, reading the line again until it is paid', async () => {
    let line: AdvertiserLineView = approved;
    const calls = mockApi({
      'GET /content-request-influencers/41': () => ({ body: { data: line } }),
    });
    renderAt('/manage-content/41/payment/success');
    expect(await screen.findByRole('heading', { name: 'Waiting for the payment' })).toBeVisible();
    line = paid;
    const heading = await screen.findByRole(
      'heading',
      { name: 'Payment received' },
      { timeout: 6000 },
    );
    expect(heading).toHaveFocus();
    expect(screen.getByText('Fees paid successfully!')).toBeVisible();
    expect(reads(calls)).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Back to the video' })).toHaveAttribute(
      'href',
      '/manage-content/41',
    );
  });

  it('says a failed payment failed, with Try again back to the video', async () => {
    mockApi({ 'GET /content-request-influencers/41': { body: { data: approved } } });
    renderAt('/manage-content/41/payment/failed');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/manage-content/41',
    );
  });

  it('says a payment cancelled on the gateway was cancelled, not failed (its last attempt tells)', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/41': { body: { data: approved } },
      'GET /payments/attempt': { body: { data: { status: 'pending', card_refused: false } } },
    });
    renderAt('/manage-content/41/payment/failed?payment_ref=ref-41');
    expect(
      await screen.findByRole('heading', { name: 'Your payment was cancelled.' }),
    ).toHaveFocus();
    expect(
      screen.getByText(
        'You left the payment page without paying: nothing was charged. You can pay whenever you are ready.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('We are sorry. Your payment has failed.')).toBeNull();
    expect(calls.filter((call) => call.path === '/payments/attempt')).toHaveLength(1);
  });

  it('says a refused card failed', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: approved } },
      'GET /payments/attempt': { body: { data: { status: 'pending', card_refused: true } } },
    });
    renderAt('/manage-content/41/payment/failed?payment_ref=ref-41');
    expect(
      await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
    ).toHaveFocus();
  });

  it('believes the line over a failed redirect once it is paid', async () => {
    mockApi({ 'GET /content-request-influencers/41': { body: { data: paid } } });
    renderAt('/manage-content/41/payment/failed');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeVisible();
  });

  describe('for its own payment (`?payment=`)', () => {
    const payment = (overrides: Record<string, unknown>) => ({
      body: {
        data: {
          payment_id: 9,
          status: 'paid',
          amount: 150_000,
          pay_url: null,
          kept_in_wallet: null,
          ...overrides,
        },
      },
    });

    it('says the money is in the wallet, and why, when another tab had paid the video', async () => {
      mockApi({
        'GET /content-request-influencers/41': { body: { data: paid } },
        'GET /payments/9': payment({ kept_in_wallet: 'already_paid' }),
      });
      renderAt('/manage-content/41/payment/success?payment=9&payment_ref=abc');
      const heading = await screen.findByRole('heading', { name: 'Your money is in your wallet' });
      expect(heading).toHaveFocus();
      expect(
        screen.getByText(
          'This video was already paid another way when your card payment of 150.000 TND arrived, so it was not charged twice: the amount was added to your wallet, ready for your next payments.',
        ),
      ).toBeVisible();
      expect(screen.queryByText('Payment received')).toBeNull();
      expect(screen.getByRole('link', { name: 'See my wallet' })).toHaveAttribute(
        'href',
        '/track-payments/my-wallet',
      );
      expect(screen.getByRole('link', { name: 'Back to the video' })).toHaveAttribute(
        'href',
        '/manage-content/41',
      );
    });

    it('names a payment replaced by a newer attempt', async () => {
      mockApi({
        'GET /content-request-influencers/41': { body: { data: approved } },
        'GET /payments/9': payment({ kept_in_wallet: 'replaced' }),
      });
      renderAt('/manage-content/41/payment/success?payment=9');
      expect(
        await screen.findByText(/A newer payment of this video is the one it waits for/),
      ).toBeVisible();
    });

    it('says Payment received when its own payment paid the video', async () => {
      mockApi({
        'GET /content-request-influencers/41': { body: { data: paid } },
        'GET /payments/9': payment({}),
      });
      renderAt('/manage-content/41/payment/success?payment=9');
      expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'See my wallet' })).toBeNull();
    });

    it('says failed when its own payment failed, even if the video was paid otherwise', async () => {
      mockApi({
        'GET /content-request-influencers/41': { body: { data: paid } },
        'GET /payments/9': payment({ status: 'failed' }),
      });
      renderAt('/manage-content/41/payment/failed?payment=9');
      expect(
        await screen.findByRole('heading', { name: 'We are sorry. Your payment has failed.' }),
      ).toBeVisible();
    });
  });
});

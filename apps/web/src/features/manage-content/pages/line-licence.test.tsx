import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LicenceSummary } from '@clipmarket/contracts/licence-lifecycle';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeAdvertiserLine, makeSentRequest, makeVideo } from '../test-data';
import ManageLinePage from './line-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));
vi.mock('../download', () => ({ openDownload: vi.fn() }));

/**
 * Issue 27 §1 on the advertiser's review screen: a running licence beside the HD button; an
 * expired one instead of it, with the one-click renewal (the term renewed, an Idempotency-Key),
 * and a wallet too short saying how much is missing, with the top-up.
 */
const licence = (overrides: Partial<LicenceSummary> = {}): LicenceSummary => ({
  term: 1,
  state: 'active',
  duration: '30_days',
  channels: ['organic', 'spark_ads'],
  territory: 'tunisia',
  starts_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-01T22:59:59.999Z',
  renewal_price: 60_000,
  spark_code: { state: 'active', code: 'SPARK-123', expires_at: '2026-12-20T22:59:59.999Z' },
  ...overrides,
});

const paidLine = (usage_licence: LicenceSummary) =>
  makeAdvertiserLine(
    { status: 'paid' },
    { videos: [makeVideo()], paid_at: '2026-11-01T10:00:00.000Z', usage_licence },
  );

function renderAt() {
  return renderRoutes(
    pagesOnly({ '/manage-content/:content_request_influencer_id': ManageLinePage }),
    '/manage-content/41',
  );
}

describe('Manage content: the usage licence (issue 27 §1)', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a running licence, its Spark code to copy, and the HD button', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: paidLine(licence()) } },
      'GET /content-requests/12': { body: { data: makeSentRequest() } },
    });
    renderAt();
    expect(await screen.findByRole('button', { name: 'Download HD' })).toBeVisible();
    expect(screen.getByText(/^Licence active until/)).toBeVisible();
    expect(screen.getByText('SPARK-123')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy the code' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View the licence' })).toHaveAttribute(
      'href',
      '/licences/41',
    );
  });

  it('replaces the HD button by the renewal once expired, and renews the term in one click', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/41': {
        body: { data: paidLine(licence({ state: 'expired' })) },
      },
      'GET /content-requests/12': { body: { data: makeSentRequest() } },
      'POST /licences/41/renew': {
        body: {
          data: {
            renewed: true,
            licence: licence({ term: 2, expires_at: '2027-01-01T22:59:59.999Z' }),
          },
        },
      },
    });
    renderAt();
    const alert = await screen.findByText(/^Licence expired on/);
    expect(alert).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download HD' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Renew for 60.000 TND' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/licences/41/renew')).toHaveLength(1),
    );
    const renew = calls.find((call) => call.path === '/licences/41/renew')!;
    expect(renew.body).toEqual({ term: 1 });
    expect(renew.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says how much the wallet misses and links to the top-up', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: { data: paidLine(licence({ state: 'expired' })) },
      },
      'GET /content-requests/12': { body: { data: makeSentRequest() } },
      'POST /licences/41/renew': {
        status: 409,
        body: {
          error: {
            code: 'INSUFFICIENT_FUNDS',
            message: 'Your wallet is short',
            fields: [{ field: 'missing_amount', message: '12500' }],
          },
        },
      },
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Renew for 60.000 TND' }));
    const message = await screen.findByText('Your wallet is 12.500 TND short of this renewal.');
    expect(message).toBeVisible();
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
  });
});

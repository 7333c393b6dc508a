import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LicencePage } from '@clipmarket/contracts/licence-lifecycle';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import LicencePageScreen from './licence-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

/**
 * Issue 27 §1: the licence page reads as terms (parties, video, channels, territory, duration,
 * exclusivity with its category, each term's price); the creator enters the Spark code with an
 * expiry 7 to 365 days ahead.
 */
const makePage = (overrides: Partial<LicencePage> = {}): LicencePage => ({
  content_request_influencer_id: 41,
  reference: 'CR-000012-1',
  title: 'Ramadan yoghurt launch',
  advertiser_name: 'Délice Tunisie',
  creator_name: 'Nour Ben Salah',
  viewer_side: 'advertiser',
  video: { video_id: 7, version: 2 },
  licence: {
    term: 2,
    state: 'active',
    duration: '90_days',
    channels: ['organic', 'paid_ads', 'spark_ads'],
    territory: 'mena',
    starts_at: '2027-01-30T22:59:59.999Z',
    expires_at: '2027-04-30T22:59:59.999Z',
    renewal_price: 105_000,
    spark_code: { state: 'none', code: null, expires_at: null },
  },
  exclusivity_days: 30,
  exclusivity_category_id: 3,
  terms: [
    {
      term: 1,
      starts_at: '2026-11-01T10:00:00.000Z',
      expires_at: '2027-01-30T22:59:59.999Z',
      price: 465_000,
      base_price: 300_000,
      add_on_price: 165_000,
      created_at: '2026-10-20T10:00:00.000Z',
    },
    {
      term: 2,
      starts_at: '2027-01-30T22:59:59.999Z',
      expires_at: '2027-04-30T22:59:59.999Z',
      price: 105_000,
      base_price: null,
      add_on_price: null,
      created_at: '2027-01-20T10:00:00.000Z',
    },
  ],
  wallet_available: 500_000,
  can_renew: true,
  can_edit_spark_code: false,
  ...overrides,
});

const renderAt = () =>
  renderRoutes(
    pagesOnly({ '/licences/:content_request_influencer_id': LicencePageScreen }),
    '/licences/41',
  );

describe('Licence page', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('reads as the licence terms, with each term and its price', async () => {
    mockApi({
      'GET /licences/41': { body: { data: makePage() } },
      'GET /business-sector/find': {
        body: { data: [{ business_sector_id: 3, label: 'Food and drinks' }] },
      },
    });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage licence' })).toBeVisible();
    expect(screen.getByText('Délice Tunisie')).toBeVisible();
    expect(screen.getByText('Nour Ben Salah')).toBeVisible();
    expect(
      screen.getByText(
        "Organic posts on the brand's accounts, Paid ads, Paid ads through the creator's account (Spark / partnership code)",
      ),
    ).toBeVisible();
    expect(screen.getByText('Middle East and North Africa')).toBeVisible();
    expect(screen.getByText('90 days')).toBeVisible();
    expect(await screen.findByText('30 days in the category Food and drinks')).toBeVisible();
    expect(screen.getByText('Bought with the video')).toBeVisible();
    expect(screen.getByText('Renewal 2')).toBeVisible();
    expect(screen.getByText('Video 300.000 TND + licence 165.000 TND')).toBeVisible();
    expect(screen.getByText('The creator has not entered the Spark code yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Renew for 105.000 TND' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  it('lets the creator enter the Spark code, refusing an expiry too close', async () => {
    const calls = mockApi({
      'GET /licences/41': {
        body: {
          data: makePage({ viewer_side: 'creator', can_renew: false, can_edit_spark_code: true }),
        },
      },
      'GET /business-sector/find': { body: { data: [] } },
      'PUT /licences/41/spark-code': {
        body: {
          data: {
            ...makePage().licence,
            spark_code: { state: 'active', code: 'ABC', expires_at: '2027-02-01T22:59:59.999Z' },
          },
        },
      },
    });
    renderAt();
    const code = await screen.findByLabelText(/Spark \/ partnership code/);
    expect(screen.queryByRole('button', { name: /^Renew/ })).toBeNull();
    await userEvent.type(code, 'ABC');
    const date = screen.getByLabelText(/Last day the code works/);
    await userEvent.clear(date);
    await userEvent.type(date, '2000-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save the code' }));
    expect(
      await screen.findByText('From 7 to 365 days from today.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeVisible();
    const puts = () => calls.filter((call) => call.method === 'PUT');
    expect(puts()).toHaveLength(0);

    const inTwentyDays = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await userEvent.clear(date);
    await userEvent.type(date, inTwentyDays);
    await userEvent.click(screen.getByRole('button', { name: 'Save the code' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ code: 'ABC', expires_on: inTwentyDays });
  });

  it('is the not-found page for a licence the API does not show', async () => {
    mockApi({});
    renderAt();
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Usage licence');
  });
});

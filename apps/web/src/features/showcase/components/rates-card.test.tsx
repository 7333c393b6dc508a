import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';
import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import ShowcasePage from '../pages/showcase-page';

const profile: PublicInfluencerProfile = {
  influencer_id: 3,
  influencer_name: 'sami.creates',
  first_name: 'Sami',
  last_name: 'Ben Ali',
  ig_username: 'sami.creates',
  tiktok_username: null,
  profile_efile_id: null,
  efile: null,
  influencer_bio: null,
  categories: [],
  specializations: [],
  country: null,
  city: null,
  gender: 'M',
  age_intervale: '25-35',
  is_show_media_kit: false,
  size_band: 'micro',
  stats: [],
};

const entry = (
  video_duration: 15 | 30 | 60,
  suggested_price: number,
  price: number | null = null,
): RateCardEntry => ({
  video_duration,
  price: price ?? suggested_price,
  is_custom: price !== null,
  suggested_price,
});

const suggestedCard = [entry(15, 60_000), entry(30, 100_000), entry(60, 160_000)];

function renderShowcase(path = '/profile/check-profile') {
  renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/profile/check-profile">
          <ShowcasePage />
        </Route>
        <Route path="/profile/:userId">
          <ShowcasePage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

const creatorApi = (card: RateCardEntry[], extra: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
  'GET /influencers/me/profile': { body: { data: profile } },
  'GET /influencer/prices': { body: { data: { rate_card: card } } },
  ...extra,
});

async function ratesRegion() {
  return screen.findByRole('region', { name: 'Rates' });
}

// Typing through user-event is slow on a busy machine.
describe('Rates card', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each length with its suggested price, and the custom ones filled in', async () => {
    mockApi(creatorApi([entry(15, 60_000), entry(30, 100_000, 150_000), entry(60, 160_000)]));
    renderShowcase();
    const rates = await ratesRegion();
    const field = (name: string) => within(rates).getByRole('textbox', { name });
    expect(await within(rates).findByText('60.000 TND')).toBeInTheDocument();
    expect(within(rates).getByText('100.000 TND')).toBeInTheDocument();
    expect(within(rates).getByText('160.000 TND')).toBeInTheDocument();
    expect(field('15-second video')).toHaveValue('');
    expect(field('15-second video')).toHaveAttribute('placeholder', '60.000');
    expect(field('30-second video')).toHaveValue('150.000');
    expect(within(rates).getAllByText('Suggested price')).toHaveLength(2);
    expect(within(rates).getByText('Your price')).toBeInTheDocument();
    // Only a custom price can go back to the suggested one.
    expect(
      within(rates).getByRole('button', { name: 'Use the suggested price for 15-second videos' }),
    ).toBeDisabled();
    expect(
      within(rates).getByRole('button', { name: 'Use the suggested price for 30-second videos' }),
    ).toBeEnabled();
  });

  it('saves prices in millimes, an empty length as the suggested price, from the keyboard', async () => {
    const saved = [entry(15, 60_000, 75_000), entry(30, 100_000), entry(60, 160_000)];
    const calls = mockApi(
      creatorApi(suggestedCard, {
        'PUT /influencer/prices': { body: { data: { rate_card: saved } } },
      }),
    );
    renderShowcase();
    const rates = await ratesRegion();
    const field = await within(rates).findByRole('textbox', { name: '15-second video' });
    await userEvent.click(field);
    await userEvent.keyboard('75{Enter}');
    expect(await within(rates).findByText('Your rates are saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/influencer/prices');
    expect(put?.body).toEqual({ prices: { '15': 75_000, '30': null, '60': null } });
    expect(field).toHaveValue('75.000');
  });

  it('goes back to the suggested price of a length', async () => {
    const calls = mockApi(
      creatorApi([entry(15, 60_000), entry(30, 100_000, 150_000), entry(60, 160_000, 200_000)], {
        'PUT /influencer/prices': {
          body: {
            data: {
              rate_card: [entry(15, 60_000), entry(30, 100_000), entry(60, 160_000, 200_000)],
            },
          },
        },
      }),
    );
    renderShowcase();
    const rates = await ratesRegion();
    await userEvent.click(
      await within(rates).findByRole('button', {
        name: 'Use the suggested price for 30-second videos',
      }),
    );
    expect(within(rates).getByRole('textbox', { name: '30-second video' })).toHaveValue('');
    await userEvent.click(within(rates).getByRole('button', { name: 'Save' }));
    await within(rates).findByText('Your rates are saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      prices: { '15': null, '30': null, '60': 200_000 },
    });
  });

  it('refuses parts of a dinar and prices out of range before sending', async () => {
    const calls = mockApi(creatorApi(suggestedCard));
    renderShowcase();
    const rates = await ratesRegion();
    await userEvent.type(
      await within(rates).findByRole('textbox', { name: '15-second video' }),
      '12.5',
    );
    await userEvent.type(within(rates).getByRole('textbox', { name: '60-second video' }), '200000');
    await userEvent.click(within(rates).getByRole('button', { name: 'Save' }));
    expect(within(rates).getByText('Enter a whole number of dinars.')).toBeInTheDocument();
    // The bound is written as every amount is (thousands separated).
    expect(within(rates).getByText('The price is at most 100,000.000 TND.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses a shorter video priced above a longer one, the suggested prices included', async () => {
    const calls = mockApi(creatorApi(suggestedCard));
    renderShowcase();
    const rates = await ratesRegion();
    // 15 s at 120 TND while 30 s stays at its suggested 100 TND.
    await userEvent.type(
      await within(rates).findByRole('textbox', { name: '15-second video' }),
      '120',
    );
    await userEvent.click(within(rates).getByRole('button', { name: 'Save' }));
    expect(
      within(rates).getByText('A 15 s video costs no more than a 30 s video (100.000 TND).'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps a negative or unreadable price as typed and says why it is refused', async () => {
    const calls = mockApi(creatorApi(suggestedCard));
    renderShowcase();
    const rates = await ratesRegion();
    const short = await within(rates).findByRole('textbox', { name: '15-second video' });
    const long = within(rates).getByRole('textbox', { name: '60-second video' });
    await userEvent.type(short, '-5');
    await userEvent.type(long, '1e3');
    await userEvent.click(within(rates).getByRole('button', { name: 'Save' }));
    expect(short).toHaveValue('-5.000');
    expect(long).toHaveValue('1e3');
    expect(within(rates).getByText('The price is at least 1.000 TND.')).toBeInTheDocument();
    expect(within(rates).getByText('Enter a whole number of dinars.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's reason on its length", async () => {
    mockApi(
      creatorApi(suggestedCard, {
        'PUT /influencer/prices': {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid input',
              fields: [{ field: 'prices.30', message: 'The price is at least 1.000 TND' }],
            },
          },
        },
      }),
    );
    renderShowcase();
    const rates = await ratesRegion();
    await userEvent.type(
      await within(rates).findByRole('textbox', { name: '30-second video' }),
      '100',
    );
    await userEvent.click(within(rates).getByRole('button', { name: 'Save' }));
    expect(await within(rates).findByText('The price is at least 1.000 TND')).toBeInTheDocument();
    expect(within(rates).getByRole('alert')).toBeInTheDocument();
  });

  it("is not shown on another creator's showcase", async () => {
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /users/7/influencer-profile': { body: { data: { ...profile, influencer_id: 7 } } },
    });
    renderShowcase('/profile/7');
    expect(await screen.findByRole('heading', { name: 'sami.creates' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rates' })).toBeNull();
    expect(calls.some((c) => c.path === '/influencer/prices')).toBe(false);
  });
});

import { declaredStatsBodySchema } from '@clipmarket/contracts/discovery';
import type { InfluencerStat, PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import ShowcasePage from '../pages/showcase-page';

const instagram: InfluencerStat = {
  platform: 'instagram',
  followers_count: 25_300,
  posts_count: 210,
  avg_likes: 1_200,
  avg_comments: 45,
  avg_video_views: 8_000,
  engagement_rate: 4.92,
  persons_reached: 12_000,
  source: 'verified',
  updated_at: '2025-03-01T10:00:00.000Z',
  size_band: 'micro',
};

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
  stats: [instagram],
};

const tiktokSaved: InfluencerStat = {
  platform: 'tiktok',
  followers_count: 120_000,
  posts_count: 40,
  avg_likes: 5_000,
  avg_comments: 400,
  avg_video_views: 30_000,
  engagement_rate: 4.5,
  persons_reached: 60_000,
  source: 'declared',
  updated_at: '2025-04-01T10:00:00.000Z',
  size_band: 'mid-tier',
};

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

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Update my statistics' }));
  return screen.findByRole('dialog', { name: 'Update my statistics' });
}

// Typing through user-event is slow on a busy machine.
describe('Creator statistics form', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts from the platform's current figures, with the computed rate read-only", async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /influencers/me/profile': { body: { data: profile } },
    });
    renderShowcase();
    const dialog = await openForm();
    expect(within(dialog).getByRole('textbox', { name: 'Followers' })).toHaveValue('25300');
    const rate = within(dialog).getByRole('textbox', { name: 'Engagement rate' });
    expect(rate).toHaveValue('4.92 %');
    expect(rate).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Creator size' })).toHaveValue(
      'Micro creator',
    );
    // The other platform starts empty.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'TikTok' }));
    expect(within(dialog).getByRole('textbox', { name: 'Followers' })).toHaveValue('');
  });

  it('checks every figure before sending', async () => {
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /influencers/me/profile': { body: { data: profile } },
    });
    renderShowcase();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'TikTok' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Posts' }), '20000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Enter a number.')).toHaveLength(5);
    expect(
      within(dialog).getByText('Enter a whole number from 0 to 10,000,000.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  // Issue 8: "-5" followers was saved as 5, and impossible figures reached advertisers.
  it('keeps a typed minus and refuses negative and impossible figures with clear messages', async () => {
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /influencers/me/profile': { body: { data: profile } },
    });
    renderShowcase();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'TikTok' }));
    const field = (label: string) => within(dialog).getByRole('textbox', { name: label });
    const type = async (label: string, value: string) => {
      await userEvent.clear(field(label));
      await userEvent.type(field(label), value);
    };
    await type('Followers', '-5');
    expect(field('Followers')).toHaveValue('-5');
    await type('Posts', '40');
    await type('Average likes', '50');
    await type('Average comments', '10');
    await type('Average video views', '300');
    await type('Active community', '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('A figure cannot be negative: enter 0 or more.'),
    ).toBeInTheDocument();

    await type('Followers', '100');
    await type('Average likes', '500');
    await type('Average video views', '9000000');
    await type('Active community', '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Average likes and comments together cannot be more than your followers (an engagement rate above 100 %).',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Average video views cannot be more than 10,000 with 100 followers.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The active community cannot be larger than your followers (100).'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's reason on the field it names", async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /influencers/me/profile': { body: { data: profile } },
      'PUT /influencers/me/stats/instagram': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Average video views cannot be more than 1,265,000 with 25,300 followers',
            fields: [
              {
                field: 'avg_video_views',
                message: 'Average video views cannot be more than 1,265,000 with 25,300 followers',
              },
            ],
          },
        },
      },
    });
    renderShowcase();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Average video views cannot be more than 1,265,000 with 25,300 followers',
      ),
    ).toBeInTheDocument();
  });

  it('saves the figures of a platform and shows the rate the server computed', async () => {
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /influencers/me/profile': { body: { data: profile } },
      'PUT /influencers/me/stats/tiktok': {
        body: { data: { ...profile, size_band: 'mid-tier', stats: [instagram, tiktokSaved] } },
      },
    });
    renderShowcase();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'TikTok' }));
    const type = (label: string, value: string) =>
      userEvent.type(within(dialog).getByRole('textbox', { name: label }), value);
    await type('Followers', '120000');
    await type('Posts', '40');
    await type('Average likes', '5000');
    await type('Average comments', '400');
    await type('Average video views', '30000');
    await type('Active community', '60000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText(
        'Your TikTok figures are saved. Engagement rate: \u20664.5 %\u2069.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Creator size' })).toHaveValue(
      'Mid-tier creator',
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/influencers/me/stats/tiktok');
    expect(put?.body).toEqual({
      followers_count: 120_000,
      posts_count: 40,
      avg_likes: 5_000,
      avg_comments: 400,
      avg_video_views: 30_000,
      persons_reached: 60_000,
    });
    expect(declaredStatsBodySchema.safeParse(put?.body).success).toBe(true);

    // The showcase behind shows the new figures.
    // The form's own Close button (the modal's corner button is named Close too).
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closeButtons).toHaveLength(2);
    await userEvent.click(closeButtons.at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'TikTok' })).toBeInTheDocument();
  });

  it('is offered on the own showcase only', async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /users/3/influencer-profile': { body: { data: profile } },
    });
    renderShowcase('/profile/3');
    expect(
      await screen.findByRole('heading', { name: 'sami.creates', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update my statistics' })).toBeNull();
  });
});

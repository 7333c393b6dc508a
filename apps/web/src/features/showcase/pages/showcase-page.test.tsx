import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import ShowcasePage from './showcase-page';

const profile: PublicInfluencerProfile = {
  influencer_id: 3,
  influencer_name: 'sami.creates',
  first_name: 'Sami',
  last_name: 'Ben Ali',
  ig_username: 'sami.creates',
  tiktok_username: 'samitok',
  profile_efile_id: 9,
  efile: { file_id: 9, token: 'abc', file_extension: 'jpg', original_name: 'me.jpg' },
  influencer_bio: 'Food and travel in Tunisia.',
  categories: [{ category_id: 2, label: 'Food' }],
  specializations: ['Street food'],
  country: 'TN',
  city: 'Sfax',
  gender: 'M',
  age_intervale: '25-35',
  is_show_media_kit: false,
  size_band: 'micro',
  stats: [
    {
      platform: 'instagram',
      followers_count: 25_300,
      posts_count: 210,
      avg_likes: 1_200,
      avg_comments: 45,
      avg_video_views: 8_000,
      engagement_rate: 4.9,
      persons_reached: 12_000,
      source: 'verified',
      updated_at: '2025-03-01T10:00:00.000Z',
      size_band: 'micro',
    },
    {
      platform: 'tiktok',
      followers_count: 4_000,
      posts_count: 30,
      avg_likes: 300,
      avg_comments: 10,
      avg_video_views: 2_500,
      engagement_rate: 7.75,
      persons_reached: 3_000,
      source: 'declared',
      updated_at: '2025-02-01T10:00:00.000Z',
      size_band: 'nano',
    },
  ],
};

function renderAt(path: string) {
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

describe('Showcase your profile', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the creator's own profile as advertisers see it", async () => {
    const calls = mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /influencers/me/profile': { body: { data: profile } },
    });
    renderAt('/profile/check-profile');
    expect(
      await screen.findByRole('heading', { name: 'sami.creates', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sami Ben Ali')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'sami.creates' })).toHaveAttribute(
      'src',
      '/v2/media/medium/abc.jpg',
    );
    expect(screen.getByRole('link', { name: /Instagram profile of sami.creates/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/sami.creates/',
    );
    expect(screen.getByRole('link', { name: /TikTok profile of samitok/ })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@samitok',
    );
    // A French bio on an Arabic page keeps its full stop at its end: its own direction.
    expect(screen.getByText('Food and travel in Tunisia.')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Food')).toBeInTheDocument();
    expect(screen.getByText('Street food')).toBeInTheDocument();
    expect(screen.getByText('Sfax, Tunisia')).toBeInTheDocument();
    expect(screen.getByText('Age 25-35')).toBeInTheDocument();

    const instagram = screen.getByRole('region', { name: 'Instagram' });
    expect(within(instagram).getByText('Verified')).toBeInTheDocument();
    expect(within(instagram).getByText('25,300')).toBeInTheDocument();
    expect(within(instagram).getByText('\u20664.9 %\u2069')).toBeInTheDocument();
    expect(within(instagram).getByText(/Updated on 1 Mar 2025/)).toBeInTheDocument();
    const tiktok = screen.getByRole('region', { name: 'TikTok' });
    expect(within(tiktok).getByText('Self-declared')).toBeInTheDocument();
    expect(within(tiktok).getByText('Nano creator')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/influencers/me/profile')?.headers).toMatchObject({
      'accept-language': 'en',
    });
  });

  it('loads the profile of the creator whose user id is in the address (spec /profile/{userId})', async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      // The creator with id 3 is someone else: the address names a user.
      'GET /influencers/3/profile': { body: { data: { ...profile, influencer_name: 'other' } } },
      'GET /users/3/influencer-profile': { body: { data: profile } },
    });
    renderAt('/profile/3');
    expect(
      await screen.findByRole('heading', { name: 'sami.creates', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This is your profile/)).toBeNull();
  });

  it('shows the content types among the specializations in the interface language', async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /users/3/influencer-profile': {
        body: {
          data: { ...profile, specializations: ['Product demo', 'Tutorials', 'Street food'] },
        },
      },
    });
    await act(() => i18n.changeLanguage('tn'));
    try {
      renderAt('/profile/3');
      expect(await screen.findByText('عرض المنتج')).toBeInTheDocument();
      expect(screen.getByText('دروس تعليمية')).toBeInTheDocument();
      // Free text typed by the creator is shown as written.
      expect(screen.getByText('Street food')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('explains that advertisers have no showcase of their own', async () => {
    const calls = mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderAt('/profile/check-profile');
    expect(
      await screen.findByText('Only creators have a profile to showcase.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/influencers'))).toBe(false);
  });

  it('says so when the creator does not exist', async () => {
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } } });
    renderAt('/profile/999');
    expect(await screen.findByText('This creator profile does not exist.')).toBeInTheDocument();
  });
});

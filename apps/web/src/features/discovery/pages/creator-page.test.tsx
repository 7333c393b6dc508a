import type { PublicInfluencerProfile } from '@clipmarket/contracts/users';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import { discoveryApi, makeShortList } from '../test-data';

const profile: PublicInfluencerProfile = {
  influencer_id: 11,
  influencer_name: 'sara.cooks',
  first_name: 'Sara',
  last_name: 'Ben Salah',
  ig_username: 'sara.cooks',
  tiktok_username: 'saratok',
  profile_efile_id: 9,
  efile: { file_id: 9, token: 'abc', file_extension: 'jpg', original_name: 'me.jpg' },
  influencer_bio: 'Tunisian recipes in one minute.',
  categories: [{ category_id: 2, label: 'Food' }],
  specializations: ['Street food'],
  country: 'TN',
  city: 'Sfax',
  gender: 'F',
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
      engagement_rate: 4.92,
      persons_reached: 12_000,
      source: 'declared',
      updated_at: '2025-03-01T10:00:00.000Z',
      size_band: 'micro',
    },
  ],
};

describe('Creator details', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
  });

  it('shows an advertiser everything about the creator, with favourite and shortlist', async () => {
    const calls = mockApi(
      discoveryApi({
        'GET /influencers/11/profile': { body: { data: profile } },
        'GET /favorites/ids': { body: { data: [11] } },
        'GET /short-lists': { body: { data: [makeShortList(5, 'Ramadan', [11])] } },
        'POST /favorites/toggle': { body: { data: { influencer_id: 11, is_favorite: false } } },
        'GET /influencer/11/prices': {
          body: {
            data: {
              rate_card: [
                { video_duration: 15, price: 60_000, is_custom: false, suggested_price: 60_000 },
                { video_duration: 30, price: 150_000, is_custom: true, suggested_price: 100_000 },
                { video_duration: 60, price: 160_000, is_custom: false, suggested_price: 160_000 },
              ],
            },
          },
        },
      }),
    );
    renderRoutes(createRoutes(), '/creator/11');
    expect(
      await screen.findByRole('heading', { name: 'sara.cooks', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sara Ben Salah')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Instagram profile of sara.cooks/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/sara.cooks/',
    );
    expect(screen.getByRole('link', { name: /TikTok profile of saratok/ })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@saratok',
    );
    expect(screen.getByText('Tunisian recipes in one minute.')).toBeInTheDocument();
    expect(screen.getByText('Street food')).toBeInTheDocument();
    expect(await screen.findByText('Sfax, Tunisia')).toBeInTheDocument();
    const instagram = screen.getByRole('region', { name: 'Instagram' });
    expect(within(instagram).getByText('Self-declared')).toBeInTheDocument();
    expect(within(instagram).getByText('\u20664.92 %\u2069')).toBeInTheDocument();
    expect(within(instagram).getByText('Updated on 1 Mar 2025')).toBeInTheDocument();
    // The three prices advertisers pay, one per video length.
    const rates = screen.getByRole('region', { name: 'Rates' });
    const price = async (length: string) =>
      (await within(rates).findByText(length)).nextElementSibling?.textContent;
    expect(await price('15-second video')).toBe('60.000 TND');
    expect(await price('30-second video')).toBe('150.000 TND');
    expect(await price('60-second video')).toBe('160.000 TND');
    const gallery = screen.getByRole('region', { name: 'Published videos' });
    expect(within(gallery).getByRole('heading', { name: 'No published video yet' })).toBeVisible();
    // No filter panel on creator details (spec §2).
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Discover Content' })).toHaveAttribute(
      'href',
      '/discover-content',
    );

    const heart = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Add to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(calls.find((c) => c.path === '/favorites/toggle')?.body).toEqual({ influencer_id: 11 });

    await userEvent.click(screen.getByRole('button', { name: 'Add to shortlist' }));
    expect(await screen.findByRole('checkbox', { name: 'Ramadan' })).toBeChecked();
  });

  // The creator page had no "Send a request", nor said the creator was shortlisted (walk of
  // 2026-11-27).
  it('starts a request with the creator, and says which shortlists hold them', async () => {
    mockApi(
      discoveryApi({
        'GET /influencers/11/profile': { body: { data: profile } },
        'GET /short-lists': {
          body: {
            data: [
              makeShortList(5, 'Ramadan', [11]),
              makeShortList(6, 'Summer', [3]),
              makeShortList(7, 'Autumn', [11]),
            ],
          },
        },
      }),
    );
    renderRoutes(createRoutes(), '/creator/11');
    expect(await screen.findByRole('link', { name: 'Send a request' })).toHaveAttribute(
      'href',
      '/request-content/add?influencer_id=11',
    );
    expect(await screen.findByText('In your shortlists: Ramadan, Autumn')).toBeVisible();
  });

  it('shows creators the profile without the advertisers’ actions', async () => {
    mockApi(discoveryApi({ 'GET /influencers/11/profile': { body: { data: profile } } }, 'TALENT'));
    renderRoutes(createRoutes(), '/creator/11');
    expect(
      await screen.findByRole('heading', { name: 'sara.cooks', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to shortlist' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send a request' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Rates' })).toBeNull();
  });

  it('says so when the creator does not exist', async () => {
    mockApi(discoveryApi());
    renderRoutes(createRoutes(), '/creator/999');
    expect(await screen.findByText('This creator does not exist.')).toBeInTheDocument();
  });
});

import type { InfluencerCard, SearchQuota, ShortList } from '@clipmarket/contracts/discovery';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { makeMe, type ApiCall } from '../../app/test-utils';

/** Canned API answers shaped like the contracts, for the discovery tests. */

export const enums = {
  genders: [
    { value: 'F', label: 'Female' },
    { value: 'M', label: 'Male' },
  ],
  age_intervals: [
    { value: '18-25', label: '18-25' },
    { value: '25-35', label: '25-35' },
    { value: '35-45', label: '35-45' },
    { value: '45+', label: '45+' },
  ],
  platforms: [
    { value: 'instagram', label: 'Instagram' },
    { value: 'tiktok', label: 'TikTok' },
  ],
  size_bands: [{ value: 'micro', label: 'Micro (10k-100k)', min: 10_000, max: 100_000 }],
  engagement_bands: [{ value: '1-3', label: '1-3 %', min: 1, max: 3 }],
  community_bands: [{ value: '5k-10k', label: '5k-10k', min: 5_000, max: 10_000 }],
};

const country = (value: string, label: string) => ({
  value,
  label,
  icon: '',
  iso_3: `${value}X`,
  prefix: '',
  region: '',
  sub_region: '',
});

export function makeCard(id: number, overrides: Partial<InfluencerCard> = {}): InfluencerCard {
  return {
    influencer_id: id,
    influencer_name: `creator.${id}`,
    first_name: 'Sara',
    last_name: `Number ${id}`,
    ig_username: `creator.${id}`,
    tiktok_username: null,
    efile: null,
    categories: [{ category_id: 2, label: 'Food' }],
    gender: 'F',
    age_intervale: '25-35',
    country: 'TN',
    city: 'Sfax',
    country_of_origin: 'TN',
    platform: 'instagram',
    size_band: 'micro',
    followers_count: 25_300,
    posts_count: 120,
    avg_likes: 1_000,
    avg_comments: 40,
    avg_video_views: 8_000,
    engagement_rate: 4.11,
    persons_reached: 12_000,
    stats_source: 'verified',
    stats_updated_at: '2025-03-01T10:00:00.000Z',
    is_favorite: false,
    prices: { '15': 50_000, '30': 80_000, '60': 120_000 },
    ...overrides,
  };
}

export function makeQuota(overrides: Partial<SearchQuota> = {}): SearchQuota {
  return {
    status: 'trial',
    search_count: 7,
    max_search_count: 10,
    remaining: 3,
    free_trial_expire_date: '2025-06-30T00:00:00.000Z',
    account_validity_from: null,
    account_validity_to: null,
    ...overrides,
  };
}

export function makeShortList(id: number, name: string, influencerIds: number[] = []): ShortList {
  return {
    short_list_id: id,
    name,
    influencer_ids: influencerIds,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
  };
}

type Answer =
  | { status?: number; body?: unknown }
  | ((call: ApiCall) => { status?: number; body?: unknown } | undefined);

/** Reference data, the signed-in advertiser and empty discovery lists; `extra` overrides. */
export function discoveryApi(
  extra: Record<string, Answer> = {},
  role: 'BRAND' | 'TALENT' = 'BRAND',
) {
  return {
    'GET /user/getMe': { body: { data: makeMe({ role }) } },
    'GET /request/get_twinkling/list': { body: { data: {} } },
    'GET /reference/enums': { body: { data: enums } },
    'GET /category/find': {
      body: {
        data: [
          { category_id: 1, label: 'Beauty/Fashion' },
          { category_id: 2, label: 'Food' },
        ],
      },
    },
    'GET /country/find': { body: { data: [country('TN', 'Tunisia'), country('FR', 'France')] } },
    'GET /country/states/TN': {
      body: {
        data: [
          { isoCode: '11', name: 'Tunis' },
          { isoCode: '61', name: 'Sfax' },
        ],
      },
    },
    'GET /search/quota': { body: { data: makeQuota() } },
    'GET /search/history': { body: { data: [] } },
    'GET /favorites/ids': { body: { data: [] } },
    'GET /short-lists': { body: { data: [] } },
    ...extra,
  };
}

/**
 * IntersectionObserver that tests drive: `reachEnd()` tells every live observer that its
 * element came into view, as scrolling to the bottom of the results would.
 */
export function stubIntersectionObserver() {
  const live = new Set<{ callback: IntersectionObserverCallback; element?: Element }>();
  class ObserverStub {
    private entry: { callback: IntersectionObserverCallback; element?: Element };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback };
      live.add(this.entry);
    }
    observe(element: Element) {
      this.entry.element = element;
    }
    unobserve() {}
    disconnect() {
      live.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', ObserverStub);
  return {
    reachEnd() {
      for (const { callback, element } of [...live]) {
        if (!element) continue;
        callback(
          [{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      }
    },
  };
}

/** The filter names of spec §3 "Search filters", the only keys a search body may carry. */
export const specFilterNames = [
  'platform',
  'categories',
  'gender',
  'age',
  'origin',
  'residence',
  'city',
  'followersCount',
  'engagementRate',
  'personReached',
  'order_by',
  'q',
];

/** Opens a filter's dropdown as a user would and returns its list of options. */
export async function openOptions(label: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  return screen.findByRole('listbox');
}

import type {
  AdminOpportunity,
  AdminOpportunityDetail,
} from '@clipmarket/contracts/admin-opportunities';
import type { Mock } from 'vitest';

/** An opportunity of the team's list (live, one application to review). */
export const makeOpportunity = (
  id: number,
  overrides: Partial<AdminOpportunity> = {},
): AdminOpportunity => ({
  content_opportunity_id: id,
  reference: `OP-${String(id).padStart(6, '0')}`,
  title: `Ramadan recipes ${id}`,
  state: 'live',
  entered_at: '2026-11-02T10:00:00.000Z',
  visibility: 'public',
  advertiser: { user_id: 5, name: 'Délice Tunisie' },
  spots: 3,
  spots_taken: 1,
  price_min: 80_000,
  price_max: 150_000,
  counts: { interests: 4, applications: 3, to_review: 1 },
  created_at: '2026-11-01T09:00:00.000Z',
  published_at: '2026-11-02T10:00:00.000Z',
  application_deadline: '2026-11-20',
  delivery_deadline: '2026-11-30T11:00:00.000Z',
  allowed_transitions: ['admin_close'],
  ...overrides,
});

/** One opportunity with an application of each kind and two delivery lines. */
export const makeDetail = (
  id: number,
  overrides: Partial<AdminOpportunityDetail> = {},
): AdminOpportunityDetail => ({
  ...makeOpportunity(id),
  reason: null,
  brief: 'Cook one of our recipes, show the spices.',
  platforms: ['instagram', 'tiktok'],
  video_duration: 30,
  applications: [
    {
      content_opportunity_influencer_id: 31,
      state: 'accepted',
      label: 'accepted',
      creator: { influencer_id: 8, name: 'Maya Trabelsi' },
      price: 120_000,
      reason: null,
      created_at: '2026-11-03T09:00:00.000Z',
      updated_at: '2026-11-04T09:00:00.000Z',
    },
    {
      content_opportunity_influencer_id: 32,
      state: 'submitted',
      label: 'under_review',
      creator: { influencer_id: 9, name: 'Sami Ben Ali' },
      price: 100_000,
      reason: null,
      created_at: '2026-11-05T09:00:00.000Z',
      updated_at: '2026-11-05T09:00:00.000Z',
    },
  ],
  lines: [
    {
      content_request_influencer_id: 71,
      reference: `OP-${String(id).padStart(6, '0')}-1`,
      state: 'accepted',
      entered_at: '2026-11-04T09:00:00.000Z',
      creator_name: 'Maya Trabelsi',
      price: 120_000,
      funds_secured: true,
    },
    {
      content_request_influencer_id: 72,
      reference: `OP-${String(id).padStart(6, '0')}-2`,
      state: 'submitted',
      entered_at: '2026-11-06T09:00:00.000Z',
      creator_name: 'Nour Haddad',
      price: 90_000,
      funds_secured: true,
    },
  ],
  ...overrides,
});

/** The query strings the page asked `path` with (from the fetch mock of `mockApi`). */
export function queriesOf(path: string): URLSearchParams[] {
  return (globalThis.fetch as Mock).mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/v2${path}`)
    .map((url) => url.searchParams);
}

import type { AdminCreator } from '@clipmarket/contracts/creator-validation';

/** A creator account as the admin list answers it; `overrides` replace top-level fields. */
export function makeAdminCreator(
  userId: number,
  overrides: Partial<AdminCreator> = {},
): AdminCreator {
  return {
    user_id: userId,
    email: `creator${userId}@example.tn`,
    created_at: '2025-03-01T09:00:00.000Z',
    is_verified: true,
    state: 'pending',
    state_entered_at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    rejection_reason: null,
    allowed_transitions: ['validate', 'reject'],
    cin: '09876543',
    cin_efile: {
      file_id: 70,
      token: 'cin-token-abcdefgh',
      file_extension: 'jpg',
      original_name: 'cin.jpg',
    },
    profile: {
      influencer_id: 100 + userId,
      influencer_name: `maker.${userId}`,
      first_name: 'Amira',
      last_name: 'Ben Salah',
      ig_username: `maker.${userId}`,
      tiktok_username: null,
      profile_efile_id: null,
      efile: null,
      influencer_bio: null,
      categories: [{ category_id: 2, label: 'Food' }],
      specializations: [],
      country: 'TN',
      city: 'Sfax',
      gender: 'F',
      age_intervale: '25-35',
      is_show_media_kit: false,
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
      size_band: 'micro',
    },
    ...overrides,
  };
}

/** The admin list's answer for one page. */
export const adminCreatorsPage = (
  items: AdminCreator[],
  nextCursor: string | null = null,
  pendingCount = items.length,
) => ({ body: { data: { items, next_cursor: nextCursor, pending_count: pendingCount } } });

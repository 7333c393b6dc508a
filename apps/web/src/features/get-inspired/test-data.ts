import type { InspirationVideo } from '@clipmarket/contracts/get-inspired';

/** A video of the gallery: Instagram, a product demo of 30 s, with its 7-day figures. */
export function makeVideo(overrides: Partial<InspirationVideo> = {}): InspirationVideo {
  return {
    line_id: 41,
    creator: { influencer_id: 9, influencer_name: 'yasmine.trabelsi', picture_url: null },
    content_type: 'product_demo',
    video_duration: 30,
    publications: [
      {
        platform: 'instagram',
        url: 'https://www.instagram.com/reel/abc123/',
        at_7d: {
          source: 'instagram_api',
          read_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
          checked: null,
          post_deleted: false,
          views: 12_400,
          reach: null,
          likes: 830,
          comments: 12,
          shares: null,
          saves: null,
          engagements: 842,
        },
      },
    ],
    poster_url: '/v2/get-inspired/41/poster',
    ...overrides,
  };
}

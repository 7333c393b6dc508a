import type {
  MediaKitCandidateVideo,
  MediaKitContent,
  MediaKitView,
  PublicMediaKit,
} from '@clipmarket/contracts/media-kit';

/** A kit's content with every section, as a rendering's snapshot carries it. */
export function makeKitContent(overrides: Partial<MediaKitContent> = {}): MediaKitContent {
  return {
    profile: {
      display_name: 'Salma Ben Youssef',
      influencer_name: 'salma.cooks',
      headline: 'Recipes that sell, in 30 seconds',
      bio: 'Home cook from Sfax.',
      city: 'Sfax',
      country: 'TN',
      categories: ['Food', 'Lifestyle'],
      picture_url: '/v2/media/medium/pic.jpg',
      cover_url: null,
    },
    audience: [
      {
        platform: 'instagram',
        username: 'salma.cooks',
        followers: 48_200,
        engagement_rate_bp: 412,
        median_views: 15_300,
        source: 'api',
        as_of: '2026-11-12T09:00:00.000Z',
      },
      {
        platform: 'tiktok',
        username: 'salma.cooks',
        followers: 12_000,
        engagement_rate_bp: null,
        median_views: null,
        source: 'declared',
        as_of: null,
      },
    ],
    rates: [
      { video_duration: 15, price: 150_000 },
      { video_duration: 30, price: 250_000 },
    ],
    track_record: {
      delivered: 14,
      on_time_rate_bp: 9286,
      average_rating_tenths: 47,
      ratings: 9,
      by_content_type: [{ content_type: 'product_demo', count: 8 }],
    },
    videos: [
      {
        line_id: 41,
        content_type: 'product_demo',
        video_duration: 30,
        brand: 'Délice',
        platform: 'instagram',
        url: 'https://www.instagram.com/p/abc/',
        poster_url: null,
        at_7d: {
          source: 'instagram_api',
          read_at: '2026-11-10T08:00:00.000Z',
          checked: null,
          post_deleted: false,
          views: 3331,
          reach: null,
          likes: 111,
          comments: 22,
          shares: 11,
          saves: 7,
          engagements: 151,
        },
        latest: null,
      },
    ],
    contact: { email: 'salma@example.tn', phone: null },
    generated_at: '2026-11-14T10:00:00.000Z',
    ...overrides,
  };
}

export function makePublicKit(overrides: Partial<PublicMediaKit> = {}): PublicMediaKit {
  return {
    influencer_id: 3,
    influencer_name: 'salma.cooks',
    theme: 'purple',
    language: 'en',
    content: makeKitContent(),
    rendering: {
      pdf_url: '/v2/media-kits/files/abc/kit.pdf',
      page_image_urls: ['/v2/media-kits/files/abc/page-1.png'],
      rendered_at: '2026-11-14T10:01:00.000Z',
    },
    qr_svg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    ...overrides,
  };
}

export function makeCandidate(
  overrides: Partial<MediaKitCandidateVideo> = {},
): MediaKitCandidateVideo {
  return {
    line_id: 41,
    reference: 'CR-000012-1',
    title: 'Ramadan yoghurt launch',
    brand: 'Délice',
    platform: 'instagram',
    url: 'https://www.instagram.com/p/abc/',
    views_7d: 3331,
    showcase_allowed: true,
    ...overrides,
  };
}

/** The creator's own kit (`GET /v2/media-kit`), rendered and published. */
export function makeKitView(overrides: Partial<MediaKitView> = {}): MediaKitView {
  return {
    settings: {
      theme: 'purple',
      language: 'en',
      headline: 'Recipes that sell, in 30 seconds',
      cover_file_id: null,
      hidden_sections: [],
      featured_line_ids: [41],
      is_published: true,
    },
    render_state: 'ready',
    render_error: null,
    preview: makeKitContent(),
    rendering: {
      pdf_url: '/v2/media-kits/files/abc/kit.pdf',
      page_image_urls: [],
      rendered_at: '2026-11-14T10:01:00.000Z',
    },
    candidate_videos: [
      makeCandidate(),
      makeCandidate({
        line_id: 52,
        reference: 'CR-000020-1',
        title: 'Summer juice',
        brand: 'Jus Tunisie',
        views_7d: null,
        showcase_allowed: false,
      }),
    ],
    public_path: '/media_kit/salma.cooks',
    views: 1234,
    downloads: 56,
    ...overrides,
  };
}

import { defaultLicenceTerms } from '@clipmarket/contracts/licences';
import type {
  AdvertiserLine,
  ContentRequest,
  ContentRequestLimits,
  ContentRequestQuote,
} from '@clipmarket/contracts/content-requests';
import type { InfluencerCard } from '@clipmarket/contracts/discovery';

/** Test data of the content request screens, in millimes like the API. */
export const limits: ContentRequestLimits = {
  creators_per_request_max: 2,
  script_max_length: 40,
  platform_fee: 24_800,
  acceptance_window_hours: 72,
};

export function makeCard(id: number, name: string): InfluencerCard {
  return {
    influencer_id: id,
    influencer_name: name,
    first_name: null,
    last_name: null,
    ig_username: name,
    tiktok_username: null,
    efile: null,
    categories: [],
    gender: null,
    age_intervale: null,
    country: 'TN',
    city: 'Tunis',
    country_of_origin: 'TN',
    platform: 'instagram',
    size_band: 'micro',
    followers_count: 12_000,
    posts_count: 40,
    avg_likes: 500,
    avg_comments: 20,
    avg_video_views: 3000,
    engagement_rate: 3.5,
    persons_reached: 9000,
    stats_source: 'declared',
    stats_updated_at: null,
    is_favorite: true,
    prices: { '15': 80_000, '30': 120_000, '60': 200_000 },
  } as InfluencerCard;
}

export function makeRequest(overrides: Partial<ContentRequest> = {}): ContentRequest {
  return {
    content_request_id: 42,
    reference: 'CR-000042',
    status: 'draft',
    title: '',
    content_type: null,
    video_duration: null,
    format: null,
    product_name: '',
    description: '',
    platforms: [],
    product_images: [],
    delivery_date: null,
    delivery_slot: null,
    delivery_deadline: null,
    publishing_deadline: null,
    script: '',
    licence: { ...defaultLicenceTerms },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    sent_at: null,
    creators: [
      {
        influencer_id: 1,
        influencer_name: 'sami.creates',
        profile_picture_url: null,
        price: null,
        licence_price: null,
      },
      {
        influencer_id: 2,
        influencer_name: 'lina.films',
        profile_picture_url: null,
        price: null,
        licence_price: null,
      },
    ],
    lines: [],
    ...overrides,
  };
}

/** A draft with every field of step 2 filled in. */
export function makeFilledDraft(overrides: Partial<ContentRequest> = {}): ContentRequest {
  return makeRequest({
    title: 'Summer drink',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    product_name: 'Citrus fizz',
    description: 'A sparkling lemon drink.',
    platforms: ['instagram'],
    product_images: [{ file_id: 5, url: '/v2/media/thumb/abc.jpg' }],
    delivery_date: '2026-12-20',
    delivery_slot: '12:30',
    delivery_deadline: '2026-12-20T11:30:00.000Z',
    publishing_deadline: '2026-12-24',
    ...overrides,
  });
}

export function makeLine(overrides: Partial<AdvertiserLine> = {}): AdvertiserLine {
  return {
    content_request_influencer_id: 301,
    reference: 'CR-000042-1',
    influencer_id: 1,
    influencer_name: 'sami.creates',
    profile_picture_url: null,
    price: 120_000,
    licence_price: null,
    status: 'sent',
    reason: null,
    funds_secured: false,
    status_changed_at: '2026-11-21T10:00:00.000Z',
    allowed_transitions: ['cancel'],
    ...overrides,
  };
}

export function makeQuote(overrides: Partial<ContentRequestQuote> = {}): ContentRequestQuote {
  return {
    fee: {
      lines: [
        {
          kind: 'platform_fee',
          description: 'Platform fee',
          quantity: 1,
          unit_amount: 24_800,
          amount: 24_800,
        },
      ],
      subtotal: 24_800,
      promo_code: null,
      promotion_basis_points: 0,
      discount: 0,
      taxable_amount: 24_800,
      vat_rate_basis_points: 1900,
      vat_amount: 4712,
      stamp_amount: 1000,
      total: 30_512,
    },
    content_fees: [
      {
        influencer_id: 1,
        influencer_name: 'sami.creates',
        profile_picture_url: null,
        price: 120_000,
        licence_price: null,
      },
      {
        influencer_id: 2,
        influencer_name: 'lina.films',
        profile_picture_url: null,
        price: 90_000,
        licence_price: null,
      },
    ],
    content_fees_total: 210_000,
    wallet_available: 500_000,
    wallet_covers_fee: true,
    wallet_covers_content_fees: true,
    open_payment: null,
    ...overrides,
  };
}

import type { ContentVideo, Feedback, LineDelivery } from '@clipmarket/contracts/content-delivery';
import type { AdvertiserLine, ContentRequest } from '@clipmarket/contracts/content-requests';
import type { AdvertiserLineView, PaymentQuote } from './api/manage-content';

export function makeVideo(overrides: Partial<ContentVideo> = {}): ContentVideo {
  return {
    video_id: 7,
    version: 1,
    status: 'ready',
    failure_reason: null,
    original_name: 'danette.mp4',
    size_bytes: 12_000_000,
    duration_seconds: 29.5,
    width: 1080,
    height: 1920,
    poster_url: '/v2/content-videos/7/poster?signature=p',
    preview_url: '/v2/content-videos/7/preview?signature=v',
    original_url: null,
    original_type: null,
    created_at: '2026-11-25T09:00:00.000Z',
    ...overrides,
  };
}

export function makeFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return {
    decision: 'approve',
    feedback_reasons: ['creativity'],
    rating: 4,
    comment: null,
    video_version: 1,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** A line as its advertiser reads it (`GET /content-request-influencers/{id}`), in millimes. */
export function makeAdvertiserLine(
  overrides: Partial<AdvertiserLine> = {},
  delivery: Partial<LineDelivery> = {},
): AdvertiserLineView {
  return {
    viewer: 'advertiser',
    content_request_id: 12,
    source: { kind: 'content-request', id: 12, reference: 'CR-000012-1' },
    title: 'Ramadan yoghurt launch',
    brief: {
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      product_name: 'Danette Vanilla',
      description: 'Show the new recipe at the family table.',
      platforms: ['instagram', 'tiktok'],
      delivery_deadline: '2026-12-10T11:30:00.000Z',
      publishing_deadline: '2026-12-15',
      script: 'Scene 1: the fridge opens.',
    },
    content_request_influencer_id: 41,
    reference: 'CR-000012-1',
    influencer_id: 3,
    influencer_name: 'sami.creates',
    profile_picture_url: null,
    price: 350_000,
    licence_price: null,
    status: 'submitted',
    reason: null,
    funds_secured: false,
    status_changed_at: '2026-11-25T09:00:00.000Z',
    allowed_transitions: [],
    videos: [makeVideo()],
    feedback: [],
    revision_notes: [],
    links: [],
    revisions_used: 0,
    revision_cap: 2,
    review_due_at: '2026-11-30T09:00:00.000Z',
    paid_at: null,
    expected_payout_at: null,
    paid_from: null,
    dispute: null,
    ...overrides,
    ...delivery,
  };
}

export function makeSentRequest(overrides: Partial<ContentRequest> = {}): ContentRequest {
  return {
    content_request_id: 12,
    reference: 'CR-000012',
    status: 'sent',
    title: 'Ramadan yoghurt launch',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    product_name: 'Danette Vanilla',
    description: 'Show the new recipe at the family table.',
    platforms: ['instagram', 'tiktok'],
    product_images: [],
    delivery_date: '2026-12-10',
    delivery_slot: '12:30',
    delivery_deadline: '2026-12-10T11:30:00.000Z',
    publishing_deadline: '2026-12-15',
    script: 'Scene 1: the fridge opens.',
    licence: {
      channels: ['organic'],
      duration: '30_days',
      territory: 'tunisia',
      exclusivity_days: 0,
    },
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    sent_at: '2026-11-20T10:00:00.000Z',
    creators: [],
    lines: [],
    ...overrides,
  };
}

export const asListLine = (line: AdvertiserLineView): AdvertiserLine => ({
  influencer_id: line.influencer_id,
  influencer_name: line.influencer_name,
  profile_picture_url: line.profile_picture_url,
  price: line.price,
  licence_price: line.licence_price,
  content_request_influencer_id: line.content_request_influencer_id,
  reference: line.reference,
  status: line.status,
  reason: line.reason,
  funds_secured: line.funds_secured,
  status_changed_at: line.status_changed_at,
  allowed_transitions: line.allowed_transitions,
});

export function makeQuote(overrides: Partial<PaymentQuote> = {}): PaymentQuote {
  return {
    content_fee: 350_000,
    funds_secured: false,
    wallet_available: 500_000,
    wallet_covers: true,
    ...overrides,
  };
}

import type { CreatorLine } from '@clipmarket/contracts/content-requests';

const HOUR = 60 * 60 * 1000;

/** One line as its creator sees it (`GET /v2/content-request-influencers/{id}`). */
type CreatorLineView = CreatorLine & { viewer: 'creator' };

/** A creator's request line as the API answers it (amounts in millimes). */
export function makeLine(overrides: Partial<CreatorLine> = {}): CreatorLineView {
  return {
    viewer: 'creator',
    content_request_influencer_id: 41,
    content_request_id: 12,
    source: { kind: 'content-request', id: 12, reference: 'CR-000012-1' },
    reference: 'CR-000012-1',
    status: 'sent',
    reason: null,
    allowed_transitions: ['accept', 'decline'],
    price: 350_000,
    funds_secured: true,
    // 49 hours and a bit from now: "in 2 days".
    answer_by: new Date(Date.now() + 49 * HOUR + 10 * 60 * 1000).toISOString(),
    status_changed_at: '2026-11-20T10:00:00.000Z',
    advertiser: { user_id: 41, name: 'Délice Danone', profile_picture_url: null },
    title: 'Ramadan yoghurt launch',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    product_name: 'Danette Vanilla',
    description: 'Show the new recipe at the family table.',
    platforms: ['instagram', 'tiktok'],
    product_images: [
      { file_id: 5, url: '/media/public/5.webp' },
      { file_id: 6, url: '/media/public/6.webp' },
    ],
    delivery_deadline: '2026-12-10T11:30:00.000Z',
    publishing_deadline: '2026-12-15',
    script: 'Scene 1: the fridge opens.\n\nScene 2: everyone tastes it.',
    sent_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const linesPage = (data: CreatorLine[], next_before: number | null = null) => ({
  body: { data, next_before },
});

/**
 * The line an advertiser's approval opened on the creator's application (ADR 035): no request,
 * its source the opportunity, accepted already (the creator accepted the brief by applying).
 */
export function makeOpportunityLine(overrides: Partial<CreatorLine> = {}): CreatorLineView {
  return makeLine({
    content_request_influencer_id: 77,
    content_request_id: null,
    source: { kind: 'opportunity', id: 10, reference: 'OP-000010-1' },
    reference: 'OP-000010-1',
    status: 'accepted',
    allowed_transitions: [],
    answer_by: null,
    price: 480_000,
    advertiser: { user_id: 44, name: 'Boga Cidre', profile_picture_url: null },
    title: 'Summer reel by the sea',
    description: 'A cold Boga on the beach at sunset.',
    delivery_deadline: '2026-12-20T09:00:00.000Z',
    ...overrides,
  });
}

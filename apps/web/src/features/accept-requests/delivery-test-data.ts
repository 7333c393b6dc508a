import type { ContentVideo, Feedback, LineDelivery } from '@clipmarket/contracts/content-delivery';
import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import type { CreatorLineView } from './api/get-creator-line';
import { makeLine } from '../../test/creator-lines';

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
    decision: 'debrief',
    feedback_reasons: ['tone', 'brand_visibility'],
    rating: null,
    comment: 'Show the logo in the first seconds.',
    video_version: 1,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** A creator's line with its delivery part (issue 11). */
export function makeDeliveredLine(
  overrides: Partial<CreatorLine> = {},
  delivery: Partial<LineDelivery> = {},
): CreatorLineView & LineDelivery {
  return {
    ...makeLine({ status: 'accepted', allowed_transitions: [], answer_by: null, ...overrides }),
    videos: [],
    feedback: [],
    revision_notes: [],
    links: [],
    revisions_used: 0,
    revision_cap: 2,
    review_due_at: null,
    paid_at: null,
    expected_payout_at: null,
    paid_from: null,
    dispute: null,
    showcase_allowed: false,
    creator_showcase_allowed: false,
    usage_licence: null,
    ...delivery,
  };
}

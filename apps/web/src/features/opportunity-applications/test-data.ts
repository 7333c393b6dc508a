import type { Application, Opportunity } from '@clipmarket/contracts/opportunities';
import type { Interest } from './api/interests';

/** Test data of the applications and interests pages, in millimes like the API. */
export function makeOpportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    content_opportunity_id: 10,
    reference: 'OP-000010',
    state: 'live',
    title: 'Summer drink launch',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram'],
    creator_platforms: ['instagram'],
    category_ids: [1],
    country: 'TN',
    cities: ['Tunis'],
    size_bands: ['micro'],
    spots: 3,
    spots_taken: 0,
    price_min: 50_000,
    price_max: 120_000,
    application_deadline: '2026-12-01',
    delivery_date: '2026-12-10',
    delivery_slot: '12:30',
    delivery_deadline: '2026-12-10T11:30:00.000Z',
    publishing_deadline: '2026-12-20',
    product_image_file_ids: [],
    attachment_file_id: null,
    screening_questions: ['Have you filmed a drink before?', 'Which city do you film in?'],
    visibility: 'public',
    invited_influencer_ids: [],
    brief: 'Show the can, open it, drink.',
    checklist: ['Show the logo'],
    licence: {
      channels: ['organic'],
      duration: '30_days',
      territory: 'tunisia',
      exclusivity_days: 0,
    },
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    published_at: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeApplication(
  overrides: Partial<Omit<Application, 'creator'>> & {
    creator?: Partial<Application['creator']>;
  } = {},
): Application {
  const { creator, ...rest } = overrides;
  return {
    content_opportunity_influencer_id: 501,
    content_opportunity_id: 10,
    state: 'submitted',
    label: 'under_review',
    reason: null,
    price: 80_000,
    pitch: 'I film drinks every week.',
    answers: ['Yes, for a juice brand.', 'Sfax'],
    sample_line_id: 77,
    debriefs_used: 0,
    line: null,
    created_at: '2026-11-05T09:00:00.000Z',
    updated_at: '2026-11-05T09:00:00.000Z',
    ...rest,
    creator: {
      influencer_id: 3,
      name: 'sami.creates',
      city: 'Sfax',
      profile_file_id: null,
      audience: [
        {
          platform: 'instagram',
          followers: 12_000,
          engagement_rate: 3.5,
          source: 'verified',
          measured_at: '2026-10-30T08:00:00.000Z',
        },
      ],
      rating: 4.6,
      ratings: 12,
      on_time_rate: 0.92,
      deliveries: 14,
      ...creator,
    },
  };
}

export const secondApplication = makeApplication({
  content_opportunity_influencer_id: 502,
  price: 110_000,
  pitch: 'Street interviews are my thing.',
  answers: ['No', 'Tunis'],
  sample_line_id: null,
  created_at: '2026-11-06T09:00:00.000Z',
  creator: {
    influencer_id: 4,
    name: 'lina.films',
    city: 'Tunis',
    audience: [],
    rating: null,
    ratings: 0,
    on_time_rate: null,
    deliveries: 0,
  },
});

export function makeInterest(overrides: Partial<Interest> = {}): Interest {
  return {
    influencer_id: 3,
    name: 'sami.creates',
    city: 'Sfax',
    profile_file_id: null,
    created_at: '2026-11-04T15:30:00.000Z',
    applied: true,
    ...overrides,
  };
}

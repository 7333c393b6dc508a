import type {
  OpportunityCard,
  OpportunityDetail,
  OwnApplication,
} from '@clipmarket/contracts/opportunities';

/** Test data of the creator's opportunity screens, in millimes like the API. */
export function makeCard(overrides: Partial<OpportunityCard> = {}): OpportunityCard {
  return {
    content_opportunity_id: 10,
    reference: 'OP-000010',
    title: 'Citrus fizz summer launch',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram', 'tiktok'],
    creator_platforms: ['instagram'],
    category_ids: [3],
    country: 'TN',
    cities: ['Tunis'],
    visibility: 'public',
    spots_left: 3,
    price_min: 100_000,
    price_max: 300_000,
    application_deadline: '2026-12-10',
    delivery_deadline: '2026-12-20T11:30:00.000Z',
    publishing_deadline: '2026-12-24',
    published_at: '2026-11-20T10:00:00.000Z',
    has_attachment: true,
    advertiser: { user_id: 41, name: 'Délice Danone', median_answer_hours: 5 },
    interested: false,
    application: null,
    label: 'published',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<OpportunityDetail> = {}): OpportunityDetail {
  return {
    ...makeCard(),
    brief: 'Show the drink at a beach party.\n\nKeep it joyful.',
    checklist: ['The can is visible', 'Say the brand name'],
    screening_questions: ['Which beach would you film at?', 'Do you own a drone?'],
    attachment_file_id: 77,
    product_image_file_ids: [5, 6],
    licence: {
      terms: {
        channels: ['organic'],
        duration: '30_days',
        territory: 'tunisia',
        exclusivity_days: 0,
      },
      add_on_basis_points: 0,
      add_on_min: 0,
      add_on_max: 0,
    },
    ...overrides,
  };
}

export function makeApplication(overrides: Partial<OwnApplication> = {}): OwnApplication {
  return {
    content_opportunity_influencer_id: 501,
    state: 'submitted',
    label: 'under_review',
    reason: null,
    price: 150_000,
    pitch: 'I film drinks at the beach every summer.',
    answers: ['La Marsa', 'Yes'],
    sample_line_id: null,
    debriefs_used: 0,
    line: null,
    created_at: '2026-11-22T09:00:00.000Z',
    updated_at: '2026-11-22T09:00:00.000Z',
    opportunity: makeCard({
      application: {
        content_opportunity_influencer_id: 501,
        state: 'submitted',
        label: 'under_review',
        created_at: '2026-11-22T09:00:00.000Z',
      },
    }),
    ...overrides,
  };
}

export const rateCard = [
  { video_duration: 15, price: 80_000, is_custom: true, suggested_price: 60_000 },
  { video_duration: 30, price: 180_000, is_custom: true, suggested_price: 150_000 },
  { video_duration: 60, price: 400_000, is_custom: true, suggested_price: 250_000 },
];

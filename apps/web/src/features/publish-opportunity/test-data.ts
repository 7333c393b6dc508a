import type {
  Opportunity,
  OpportunityQuote,
  OpportunityWithCounts,
} from '@clipmarket/contracts/opportunities';

/** Test data of the opportunity screens, in millimes like the API. */
export function makeOpportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    content_opportunity_id: 10,
    reference: 'OP-000010',
    state: 'draft',
    title: '',
    content_type: null,
    video_duration: null,
    format: null,
    platforms: [],
    creator_platforms: [],
    category_ids: [],
    country: 'TN',
    cities: [],
    size_bands: [],
    spots: null,
    spots_taken: 0,
    price_min: null,
    price_max: null,
    application_deadline: null,
    delivery_date: null,
    delivery_slot: null,
    delivery_deadline: null,
    publishing_deadline: null,
    product_image_file_ids: [],
    attachment_file_id: null,
    screening_questions: [],
    visibility: 'public',
    invited_influencer_ids: [],
    brief: '',
    checklist: [],
    licence: {
      channels: ['organic'],
      duration: '30_days',
      territory: 'tunisia',
      exclusivity_days: 0,
    },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    published_at: null,
    ...overrides,
  };
}

/** A draft whose step 1 is complete. */
export function makeFilledOpportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  return makeOpportunity({
    title: 'Summer drink',
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram'],
    creator_platforms: ['instagram'],
    spots: 3,
    price_min: 80_000,
    price_max: 150_000,
    application_deadline: '2099-12-10',
    delivery_date: '2099-12-20',
    delivery_slot: '12:30',
    publishing_deadline: '2099-12-24',
    ...overrides,
  });
}

export function withCounts(
  opportunity: Opportunity,
  counts: OpportunityWithCounts['counts'] = { interests: 0, applications: 0, to_review: 0 },
): OpportunityWithCounts {
  return { ...opportunity, counts };
}

export function makeQuote(overrides: Partial<OpportunityQuote> = {}): OpportunityQuote {
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
    wallet_available: 500_000,
    wallet_covers_fee: true,
    open_payment: null,
    ...overrides,
  };
}

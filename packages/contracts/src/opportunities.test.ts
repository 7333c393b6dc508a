import { describe, expect, it } from 'vitest';
import {
  applicationBodySchema,
  applicationDecisionBodySchema,
  opportunityDraftSchema,
  opportunityMessages,
  opportunityReference,
} from './opportunities.js';

const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  (result.error?.issues ?? []) as Array<{ path: PropertyKey[]; message: string }>;

describe('opportunity draft', () => {
  it('saves an empty draft, and a complete one', () => {
    expect(opportunityDraftSchema.safeParse({}).success).toBe(true);
    const complete = opportunityDraftSchema.parse({
      title: '  Ramadan iftar recipes  ',
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      platforms: ['instagram'],
      creator_platforms: ['instagram', 'tiktok'],
      category_ids: [3, 5],
      country: 'TN',
      cities: ['Tunis', 'Sfax'],
      size_bands: ['micro', 'mid-tier'],
      spots: 3,
      price_min: 80_000,
      price_max: 150_000,
      application_deadline: '2027-01-10',
      delivery_date: '2027-01-20',
      delivery_slot: '12:30',
      publishing_deadline: '2027-01-25',
      screening_questions: ['Have you cooked on camera before?'],
      visibility: 'public',
      brief: 'Show the dish from the market to the table.',
      checklist: ['The product in the first 3 seconds'],
    });
    expect(complete.title).toBe('Ramadan iftar recipes');
  });

  it('refuses a price band upside down, and prices that are not whole dinars', () => {
    const upsideDown = opportunityDraftSchema.safeParse({ price_min: 150_000, price_max: 80_000 });
    expect(issuesOf(upsideDown)).toEqual([
      expect.objectContaining({
        path: ['price_max'],
        message: 'The maximum price is at least the minimum',
      }),
    ]);
    expect(opportunityDraftSchema.safeParse({ price_min: 80_500 }).success).toBe(false);
  });

  it('keeps the deadlines in order: applications, then delivery, then publishing', () => {
    const result = opportunityDraftSchema.safeParse({
      application_deadline: '2027-01-20',
      delivery_date: '2027-01-10',
      publishing_deadline: '2027-01-25',
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual([['delivery_date']]);
    // Only the dates given are compared.
    expect(
      opportunityDraftSchema.safeParse({
        application_deadline: '2027-01-20',
        publishing_deadline: '2027-01-21',
      }).success,
    ).toBe(true);
  });

  it('limits the screening questions to three and the brief to the spec message', () => {
    expect(
      opportunityDraftSchema.safeParse({ screening_questions: ['a', 'b', 'c', 'd'] }).success,
    ).toBe(false);
    const long = opportunityDraftSchema.safeParse({ brief: 'x'.repeat(20_001) });
    expect(issuesOf(long)[0]?.message).toBe(opportunityMessages.briefTooLong);
  });

  it('refuses a lone surrogate in any text (400, not 500)', () => {
    expect(opportunityDraftSchema.safeParse({ title: 'Iftar \ud800' }).success).toBe(false);
  });

  it('numbers opportunities as OP-000010', () => {
    expect(opportunityReference(10)).toBe('OP-000010');
  });
});

describe('application', () => {
  const valid = {
    price: 120_000,
    pitch: 'I cook every evening for 40,000 followers.',
    answers: ['Yes, twice a week.'],
    accepts_brief: true as const,
  };

  it('needs a pitch, whole-dinar price, and the brief accepted explicitly', () => {
    expect(applicationBodySchema.safeParse(valid).success).toBe(true);
    const notAccepted = applicationBodySchema.safeParse({ ...valid, accepts_brief: false });
    expect(issuesOf(notAccepted)[0]?.message).toBe(opportunityMessages.acceptBrief);
    expect(applicationBodySchema.safeParse({ ...valid, pitch: '   ' }).success).toBe(false);
    expect(applicationBodySchema.safeParse({ ...valid, price: 120_001 }).success).toBe(false);
  });

  it('is answered with a reason when debriefed or declined', () => {
    expect(applicationDecisionBodySchema.safeParse({ decision: 'accept' }).success).toBe(true);
    expect(applicationDecisionBodySchema.safeParse({ decision: 'decline' }).success).toBe(false);
    expect(
      applicationDecisionBodySchema.safeParse({ decision: 'debrief', reason: 'A lower price?' })
        .success,
    ).toBe(true);
  });
});

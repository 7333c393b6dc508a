import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdvertiser, createTalent, type TestUser } from '../users/test-users.js';
import { contentOpportunities, contentOpportunityApplications } from './opportunities.schema.js';

let ctx: TestContext;
let brand: TestUser;
let creator: TestUser & { influencerId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  brand = await createAdvertiser(ctx);
  creator = await createTalent(ctx);
});
afterAll(async () => ctx?.close());

/** The database's own words when it refuses a row (PostgreSQL and PGlite alike). */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  throw new Error('the row was accepted');
}

async function insertOpportunity(values: Partial<typeof contentOpportunities.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(contentOpportunities)
    .values({ advertiserUserId: brand.userId, ...values })
    .returning();
  return row!;
}

// The tables of issue 23's first step (ADR 033): the rules that hold whatever the service does.
describe('opportunity tables', () => {
  it('start an opportunity as a public draft with nothing taken', async () => {
    const draft = await insertOpportunity();
    expect(draft).toMatchObject({
      state: 'draft',
      visibility: 'public',
      spotsTaken: 0,
      version: 0,
    });
  });

  it('refuse a price band upside down, and more spots taken than there are', async () => {
    expect(await refusal(insertOpportunity({ priceMin: 150_000, priceMax: 80_000 }))).toMatch(
      /content_opportunities_price_band/,
    );
    const opportunity = await insertOpportunity({ spots: 2 });
    expect(
      await refusal(
        ctx.database.db
          .update(contentOpportunities)
          .set({ spotsTaken: 3 })
          .where(eq(contentOpportunities.id, opportunity.id)),
      ),
    ).toMatch(/content_opportunities_spots_taken/);
  });

  it('keep one application per creator and opportunity', async () => {
    const opportunity = await insertOpportunity({ state: 'live', spots: 1 });
    const application = {
      contentOpportunityId: opportunity.id,
      influencerId: creator.influencerId,
      influencerUserId: creator.userId,
      advertiserUserId: brand.userId,
      price: 100_000,
      pitch: 'Food videos every evening.',
    };
    const [first] = await ctx.database.db
      .insert(contentOpportunityApplications)
      .values(application)
      .returning();
    expect(first).toMatchObject({ state: 'submitted', debriefCount: 0, lineId: null });
    expect(
      await refusal(ctx.database.db.insert(contentOpportunityApplications).values(application)),
    ).toMatch(/content_opportunity_applications_creator_unique/);
  });
});

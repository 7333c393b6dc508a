import { requestToday } from '@clipmarket/contracts/request-dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/raw-rows.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import {
  callAs,
  newBrand,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { creatorReachRelation } from '../discovery/index.js';
import { setStats } from '../discovery/discovery.test-support.js';
import type { TestUser } from '../users/test-users.js';
import { influencers } from '../users/users.schema.js';
import { opportunitiesRepository } from './opportunities.repository.js';
import { checkoutOpportunity } from './opportunities.test-support.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** `days` after today, in Tunisia's calendar. */
const inDays = (days: number) => {
  const date = new Date(`${requestToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A live opportunity of `brand` (paid from its wallet) with these audience rules. */
async function publishedOpportunity(brand: TestUser, rules: Record<string, unknown>) {
  const draft = await callAs(ctx, brand.token, 'POST', '/v2/opportunities', {
    title: 'Couscous Friday',
    content_type: 'product_feedback',
    video_duration: 30,
    format: 'portrait',
    platforms: ['instagram'],
    spots: 2,
    price_min: 80_000,
    price_max: 150_000,
    application_deadline: inDays(5),
    delivery_date: inDays(10),
    delivery_slot: '12:00',
    brief: 'Cook a couscous with our semolina and share it with your family.',
    ...rules,
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().data.content_opportunity_id as number;
  const paid = await checkoutOpportunity(ctx, brand, id, 'wallet', `publish-${id}`);
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

/** A creator living in `city` (Tunisia) with an Instagram audience of `followers`. */
async function creatorIn(city: string, followers: number, options: { validated?: boolean } = {}) {
  const creator = await newCreator(ctx, options);
  await ctx.database.db
    .update(influencers)
    .set({ country: 'TN', city })
    .where(eq(influencers.id, creator.influencerId));
  await setStats(ctx, creator.influencerId, 'instagram', { followersCount: followers });
  return creator;
}

const isLit = async (creator: TestCreator) => {
  const flags = await callAs(ctx, creator.token, 'GET', '/v2/request/get_twinkling/list');
  expect(flags.statusCode, flags.body).toBe(200);
  return flags.json().data.twinkling_discover_opportunities as boolean;
};

/**
 * Of `creators`, those the opportunity's lighting statement selects. The API suite shares its
 * PostgreSQL database between files running at once, and another file's opportunity without
 * audience rules lights every validated creator at any moment: whom this opportunity lights is
 * read from its statement, not from flags another may have set (on PGlite, a worker's own
 * database, the flags alone would do).
 */
async function selectedOf(id: number, creators: TestCreator[]) {
  const ids = creators.map((creator) => creator.influencerId);
  const result = await ctx.database.db.execute(
    sql`select l.influencer_id from (${opportunitiesRepository.creatorsListing(
      id,
      creatorReachRelation(),
    )}) l where l.influencer_id in (${sql.join(
      ids.map((value) => sql`${value}`),
      sql`, `,
    )})`,
  );
  const selected = new Set(rowsOf(result).map((row) => Number(row.influencer_id)));
  return creators.filter((creator) => selected.has(creator.influencerId));
}

const listedFor = async (creator: TestCreator) => {
  const found = await callAs(ctx, creator.token, 'GET', '/v2/discover-opportunities?limit=50');
  expect(found.statusCode, found.body).toBe(200);
  return (found.json().data as { content_opportunity_id: number }[]).map(
    (card) => card.content_opportunity_id,
  );
};

describe('Discover Opportunities lights up when an opportunity goes live (spec §3 twinkling)', () => {
  it('for the validated creators a public one is listed for, and nobody else', async () => {
    const brand = await newBrand(ctx, 100_000);
    const matching = await creatorIn('Sousse', 20_000);
    const elsewhere = await creatorIn('Sfax', 20_000);
    const tooSmall = await creatorIn('Sousse', 2_000);
    const notValidated = await creatorIn('Sousse', 20_000, { validated: false });

    const id = await publishedOpportunity(brand, {
      country: 'TN',
      cities: ['Sousse'],
      size_bands: ['micro'],
      creator_platforms: ['instagram'],
    });

    // The event's job lights every creator it lists it for in one statement: once the
    // matching creator is lit, the statement has run.
    await waitFor(() => isLit(matching), { what: 'the matching creator lit' });
    // No opportunity ever lights a creator whose account is not validated.
    expect(await isLit(notValidated)).toBe(false);
    // It selected the matching creator only: another city, another size, not validated.
    expect(await selectedOf(id, [matching, elsewhere, tooSmall, notValidated])).toEqual([matching]);
    // The listing's own rule: the lit creator finds it in Discover Opportunities, the others not.
    expect(await listedFor(matching)).toContain(id);
    expect(await listedFor(elsewhere)).not.toContain(id);
    expect(await listedFor(tooSmall)).not.toContain(id);

    // Opening Discover Opportunities turns it off (the page's `seen`).
    const seen = await callAs(ctx, matching.token, 'POST', '/v2/request/twinkling/seen', {
      flag: 'twinkling_discover_opportunities',
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.twinkling_discover_opportunities).toBe(false);
  });

  it("for a private one's invited creators only, whatever the audience rules", async () => {
    const brand = await newBrand(ctx, 100_000);
    const invited = await creatorIn('Sfax', 2_000);
    const matchingStranger = await creatorIn('Sousse', 20_000);
    const id = await publishedOpportunity(brand, {
      country: 'TN',
      cities: ['Sousse'],
      visibility: 'private',
      invited_influencer_ids: [invited.influencerId],
    });
    await waitFor(() => isLit(invited), { what: 'the invited creator lit' });
    expect(await selectedOf(id, [invited, matchingStranger])).toEqual([invited]);
    expect(await listedFor(invited)).toContain(id);
    expect(await listedFor(matchingStranger)).not.toContain(id);
  });
});

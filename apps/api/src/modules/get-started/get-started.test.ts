import {
  GET_INSPIRED_OPENED_CLICK,
  getStartedSchema,
  type GetStarted,
} from '@clipmarket/contracts/get-started';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  acceptedLine,
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { submitVersion } from '../content-requests/delivery/review.test-support.js';
import {
  acceptApplication,
  applyTo,
  publishOpportunity,
} from '../opportunities/opportunities.test-support.js';
import {
  createAdmin,
  createAdvertiser,
  createFile,
  createTalent,
  findCategoryIds,
} from '../users/test-users.js';

let ctx: TestContext;
let categoryIds: [number, number];

beforeAll(async () => {
  ctx = await createTestContext();
  categoryIds = await findCategoryIds(ctx);
});
afterAll(() => ctx.close());

async function getStarted(token: string): Promise<GetStarted> {
  const answer = await callAs(ctx, token, 'GET', '/v2/get-started');
  expect(answer.statusCode, answer.body).toBe(200);
  return getStartedSchema.parse(answer.json().data);
}

/** The creator's whole profile form, as the settings page sends it (spec §5). */
async function fullProfileForm(userId: number, bio: string) {
  const picture = await createFile(ctx, userId);
  const cinScan = await createFile(ctx, userId, { purpose: 'cin', visibility: 'private' });
  return {
    first_name: 'Amira',
    last_name: 'Ben Salah',
    phone_prefix: '+216',
    phone: '22123456',
    gender: 'F',
    age_intervale: '25-35',
    country: 'TN',
    city: 'Tunis',
    ig_username: `amira.gs.${userId}`,
    categories: [...categoryIds],
    specializations: ['Tutorials'],
    influencer_bio: bio,
    domiciliation_address: '12 rue de Marseille, Tunis',
    payment_method: 'bank',
    cin: '01234567',
    cin_efile_id: cinScan.fileId,
    card_number: '0812 3456 7890 1234 5674',
    card_number_d17: '',
    profile_efile_id: picture.fileId,
  };
}

const nothingDone: GetStarted = {
  ideate: { done: false, profile_completed: false, has_bio: false, has_categories: false },
  inspire: { done: false },
  create: { done: false },
  upload: { done: false, open_line: null },
};

describe('GET /v2/get-started', () => {
  it('answers a new creator with no step done, whatever other creators did', async () => {
    await acceptedLine(ctx); // someone else's accepted line counts for nobody else
    const creator = await createTalent(ctx);
    expect(await getStarted(creator.token)).toEqual(nothingDone);
  });

  it('turns Ideate done once the profile is complete with a bio and categories', async () => {
    const creator = await createTalent(ctx);
    const withoutBio = await callAs(
      ctx,
      creator.token,
      'POST',
      '/v2/user/updateMe',
      await fullProfileForm(creator.userId, ''),
    );
    expect(withoutBio.statusCode, withoutBio.body).toBe(200);
    expect((await getStarted(creator.token)).ideate).toEqual({
      done: false,
      profile_completed: true,
      has_bio: false,
      has_categories: true,
    });

    const complete = await callAs(
      ctx,
      creator.token,
      'POST',
      '/v2/user/updateMe',
      await fullProfileForm(creator.userId, 'Food and travel stories from Tunis.'),
    );
    expect(complete.statusCode, complete.body).toBe(200);
    const steps = await getStarted(creator.token);
    expect(steps.ideate).toEqual({
      done: true,
      profile_completed: true,
      has_bio: true,
      has_categories: true,
    });
    expect(steps.inspire.done).toBe(false);
  });

  it('turns Inspire done once the creator opened Get inspired, not for another click', async () => {
    const creator = await createTalent(ctx);
    const click = (body: Record<string, unknown>) =>
      callAs(ctx, creator.token, 'POST', '/v2/user-click/create', body);

    expect((await click({ module: 'toolbox', click: 'menu' })).statusCode).toBe(201);
    expect((await getStarted(creator.token)).inspire.done).toBe(false);

    // The pair the web's `useMarkSeen('get_inspired')` (lib/page-seen.ts) sends.
    const opened = { module: 'get_inspired', click: 'open' };
    expect(GET_INSPIRED_OPENED_CLICK).toEqual(opened);
    expect((await click(opened)).statusCode).toBe(201);
    expect((await getStarted(creator.token)).inspire.done).toBe(true);
  });

  it('turns Create done on an accepted request and Upload done on a submitted video', async () => {
    const brand = await newBrand(ctx, 10_000_000);
    const creator: TestCreator = await newCreator(ctx);
    const request = await sendRequest(ctx, brand, [creator]);
    const lineId = request.lineOf(creator);

    // A request sent, not answered yet: nothing to create or upload.
    expect(await getStarted(creator.token)).toMatchObject({
      create: { done: false },
      upload: { done: false, open_line: null },
    });

    const accepted = await callAs(
      ctx,
      creator.token,
      'POST',
      `/v2/content-request-influencers/${lineId}/transitions`,
      { transition: 'accept' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await getStarted(creator.token)).toMatchObject({
      create: { done: true },
      upload: {
        done: false,
        open_line: { content_request_influencer_id: lineId, source: 'content-request' },
      },
    });

    await submitVersion(ctx, creator, lineId, 1);
    expect(await getStarted(creator.token)).toMatchObject({
      create: { done: true },
      upload: { done: true, open_line: null },
    });
  });

  it("counts an opportunity's approved application and links its line", async () => {
    const brand = await newBrand(ctx, 10_000_000);
    const creator = await newCreator(ctx);
    const opportunityId = await publishOpportunity(ctx, brand);
    const applicationId = await applyTo(ctx, creator, opportunityId);
    expect((await getStarted(creator.token)).create.done).toBe(false);

    const lineId = await acceptApplication(ctx, brand, opportunityId, applicationId);
    expect(await getStarted(creator.token)).toMatchObject({
      create: { done: true },
      upload: {
        done: false,
        open_line: { content_request_influencer_id: lineId, source: 'opportunity' },
      },
    });
  });

  it('is for creators only', async () => {
    const brand = await createAdvertiser(ctx);
    const agency = await createAdvertiser(ctx, { role: 'AGENCY' });
    const admin = await createAdmin(ctx);
    for (const user of [brand, agency, admin]) {
      const answer = await callAs(ctx, user.token, 'GET', '/v2/get-started');
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('FORBIDDEN');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v2/get-started' });
    expect(anonymous.statusCode).toBe(401);
  });
});

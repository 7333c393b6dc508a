import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { runJobNow, settleJobs } from '../../test/run-job-now.js';
import {
  approveBody,
  reviewed,
  submitVersion,
} from '../content-requests/delivery/review.test-support.js';
import { advertisers } from '../users/users.schema.js';
import { eq } from 'drizzle-orm';
import {
  fundWallet,
  newBrand,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import {
  applicationBody,
  applyTo,
  callerOf,
  checkoutOpportunity,
  completeDraft,
  OPPORTUNITY_FEE_TOTAL,
  publishOpportunity,
  notificationOf as waitForNotification,
  type Notice,
} from './opportunities.test-support.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const as = (user: TestUser) => callerOf(ctx, user);
const publishedOpportunity = (brand: TestUser, overrides: Record<string, unknown> = {}) =>
  publishOpportunity(ctx, brand, overrides);
const application = applicationBody;
const apply = (creator: TestCreator, id: number, price = 100_000) =>
  applyTo(ctx, creator, id, price);

async function available(user: TestUser) {
  return (await ctx.ledger.service.walletBalances(ctx.database.db, user.userId)).available;
}

describe('publishing an opportunity (issue 23 §2, step 3)', () => {
  it('quotes the platform fee with VAT and stamp, and publishes it from the wallet', async () => {
    const brand = await newBrand(ctx, 100_000);
    const draft = await as(brand).post('/v2/opportunities', completeDraft());
    const id = draft.json().data.content_opportunity_id as number;

    const quote = await as(brand).get(`/v2/opportunities/${id}/quote`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.fee).toMatchObject({
      subtotal: 24_800,
      vat_amount: 4_712,
      stamp_amount: 1_000,
      total: OPPORTUNITY_FEE_TOTAL,
    });
    expect(quote.json().data).toMatchObject({ wallet_available: 100_000, wallet_covers_fee: true });

    const paid = await checkoutOpportunity(ctx, brand, id, 'wallet', `publish-${id}`);
    expect(paid.json().data).toMatchObject({ state: 'live', payment_url: null });
    expect(await available(brand)).toBe(100_000 - OPPORTUNITY_FEE_TOTAL);

    const live = await as(brand).get('/v2/opportunities?filter=live');
    expect(live.json().data).toEqual([
      expect.objectContaining({
        content_opportunity_id: id,
        state: 'live',
        counts: { interests: 0, applications: 0, to_review: 0 },
      }),
    ]);
    // Paid once: a second checkout is refused, and nothing more leaves the wallet.
    const again = await checkoutOpportunity(ctx, brand, id, 'wallet', `publish-again-${id}`);
    expect(again.statusCode).toBe(409);
    expect(await available(brand)).toBe(100_000 - OPPORTUNITY_FEE_TOTAL);
  });

  it('names every missing field before paying, and takes nothing', async () => {
    const brand = await newBrand(ctx, 100_000);
    const draft = await as(brand).post('/v2/opportunities', { title: 'Half done' });
    const id = draft.json().data.content_opportunity_id as number;
    const paid = await checkoutOpportunity(ctx, brand, id, 'wallet', `incomplete-${id}`);
    expect(paid.statusCode).toBe(400);
    expect(paid.json().error.code).toBe('OPPORTUNITY_INCOMPLETE');
    const fields = (paid.json().error.fields as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['spots', 'price_min', 'brief', 'delivery_date']),
    );
    expect(await available(brand)).toBe(100_000);
  });
});

describe('discovering and applying (issue 23 §3)', () => {
  it('shows a live public opportunity to creators, records interest, takes one application each', async () => {
    const brand = await newBrand(ctx, 100_000);
    const id = await publishedOpportunity(brand);
    const creator = await newCreator(ctx);

    const found = await as(creator).get('/v2/discover-opportunities?limit=50');
    expect(found.statusCode, found.body).toBe(200);
    const card = (found.json().data as { content_opportunity_id: number }[]).find(
      (c) => c.content_opportunity_id === id,
    );
    expect(card).toMatchObject({
      spots_left: 3,
      price_min: 80_000,
      price_max: 150_000,
      label: 'published',
      application: null,
      interested: false,
    });

    expect((await as(creator).post(`/v2/discover-opportunities/${id}/interest`)).statusCode).toBe(
      204,
    );
    const detail = await as(creator).get(`/v2/discover-opportunities/${id}`);
    expect(detail.json().data).toMatchObject({
      interested: true,
      brief: expect.stringContaining('Cook one of our recipes'),
      screening_questions: ['Have you filmed food before?'],
    });
    const interests = await as(brand).get(`/v2/opportunities/${id}/interests`);
    expect(interests.json().data).toEqual([
      expect.objectContaining({ influencer_id: creator.influencerId, applied: false }),
    ]);

    const tooCheap = await as(creator).post(
      `/v2/discover-opportunities/${id}/applications`,
      application(50_000),
    );
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json().error.code).toBe('PRICE_OUTSIDE_BAND');
    const notAccepted = await as(creator).post(`/v2/discover-opportunities/${id}/applications`, {
      ...application(),
      accepts_brief: false,
    });
    expect(notAccepted.statusCode).toBe(400);

    const applicationId = await apply(creator, id);
    const own = await as(creator).get(`/v2/my-applications/${applicationId}`);
    expect(own.json().data).toMatchObject({
      state: 'submitted',
      label: 'under_review',
      line: null,
    });
    const twice = await as(creator).post(
      `/v2/discover-opportunities/${id}/applications`,
      application(),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_APPLIED');

    const listed = await as(brand).get('/v2/opportunities?filter=live');
    expect(
      (listed.json().data as { content_opportunity_id: number; counts: unknown }[]).find(
        (o) => o.content_opportunity_id === id,
      )?.counts,
    ).toEqual({ interests: 1, applications: 1, to_review: 1 });
  });

  it('lets only validated creators with complete financial info apply, and says why', async () => {
    const brand = await newBrand(ctx, 100_000);
    const id = await publishedOpportunity(brand);
    const pending = await newCreator(ctx, { validated: false });
    const unpaid = await newCreator(ctx, { financial: false });
    const first = await as(pending).post(
      `/v2/discover-opportunities/${id}/applications`,
      application(),
    );
    expect(first.json().error.code).toBe('ACCOUNT_NOT_VALIDATED');
    const second = await as(unpaid).post(
      `/v2/discover-opportunities/${id}/applications`,
      application(),
    );
    expect(second.json().error.code).toBe('FINANCIAL_INFO_REQUIRED');
  });

  it('hides a private opportunity from creators who are not invited', async () => {
    const brand = await newBrand(ctx, 100_000);
    const invited = await newCreator(ctx);
    const stranger = await newCreator(ctx);
    const id = await publishedOpportunity(brand, {
      visibility: 'private',
      invited_influencer_ids: [invited.influencerId],
    });
    expect((await as(invited).get(`/v2/discover-opportunities/${id}`)).statusCode).toBe(200);
    expect((await as(stranger).get(`/v2/discover-opportunities/${id}`)).statusCode).toBe(404);
    const list = await as(stranger).get('/v2/discover-opportunities?limit=50');
    expect(
      (list.json().data as { content_opportunity_id: number }[]).map(
        (c) => c.content_opportunity_id,
      ),
    ).not.toContain(id);
    const applied = await as(stranger).post(
      `/v2/discover-opportunities/${id}/applications`,
      application(),
    );
    expect(applied.statusCode).toBe(404);
  });
});

describe("the advertiser's answers (issue 23 §4)", () => {
  it('accepts: a spot taken, the price held ("funds secured"), a delivery line opened', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishedOpportunity(brand);
    const creator = await newCreator(ctx);
    const applicationId = await apply(creator, id, 120_000);
    const before = await available(brand);

    const accepted = await as(brand).post(
      `/v2/opportunities/${id}/applications/${applicationId}/decision`,
      { decision: 'accept' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      state: 'accepted',
      label: 'accepted',
      line: { state: 'accepted' },
    });
    expect(await available(brand)).toBe(before - 120_000);
    const own = await as(creator).get(`/v2/my-applications/${applicationId}`);
    expect(own.json().data.line).toMatchObject({ state: 'accepted', funds_secured: true });
    const opportunity = await as(brand).get(`/v2/opportunities/${id}`);
    expect(opportunity.json().data).toMatchObject({ spots_taken: 1, state: 'live' });

    // The line is a delivery line like a request's: Track Content lists it, both parties open it.
    const lineId = own.json().data.line.content_request_influencer_id as number;
    const reference = `OP-${String(id).padStart(6, '0')}-1`;
    const tracked = await as(creator).get('/v2/content-request-influencers?source=opportunity');
    expect(tracked.json().data).toEqual([
      expect.objectContaining({
        content_request_influencer_id: lineId,
        content_request_id: null,
        source: { kind: 'opportunity', id, reference },
        status: 'accepted',
        title: 'Ramadan recipes',
        funds_secured: true,
      }),
    ]);
    const requests = await as(creator).get('/v2/content-request-influencers');
    expect(requests.json().data).toEqual([]);
    const forCreator = await as(creator).get(`/v2/content-request-influencers/${lineId}`);
    expect(forCreator.json().data).toMatchObject({
      viewer: 'creator',
      reference,
      description: expect.stringContaining('Cook one of our recipes'),
      script: 'The jar is visible in the first 3 seconds',
      price: 120_000,
    });
    const forBrand = await as(brand).get(`/v2/content-request-influencers/${lineId}`);
    expect(forBrand.json().data).toMatchObject({
      viewer: 'advertiser',
      content_request_id: null,
      title: 'Ramadan recipes',
      brief: { platforms: ['instagram'] },
      funds_secured: true,
    });
  });

  it('debriefs once, takes the revision back under review, then declines with a reason', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishedOpportunity(brand);
    const creator = await newCreator(ctx);
    const applicationId = await apply(creator, id, 150_000);
    const decide = (body: unknown) =>
      as(brand).post(`/v2/opportunities/${id}/applications/${applicationId}/decision`, body);

    const debriefed = await decide({ decision: 'debrief', reason: 'Could you do 120 TND?' });
    expect(debriefed.json().data).toMatchObject({ state: 'debriefed', debriefs_used: 1 });
    const revised = await as(creator).post(`/v2/my-applications/${applicationId}/revision`, {
      price: 120_000,
      pitch: 'Deal: 120 TND, and two takes.',
    });
    expect(revised.json().data).toMatchObject({ state: 'submitted', price: 120_000 });
    const again = await decide({ decision: 'debrief', reason: 'And 100?' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEBRIEF_USED');
    const declined = await decide({ decision: 'decline', reason: 'We chose another style.' });
    expect(declined.json().data).toMatchObject({
      state: 'declined',
      reason: 'We chose another style.',
    });
    const card = await as(creator).get(`/v2/discover-opportunities/${id}`);
    expect(card.json().data.label).toBe('declined');
  });

  it('never oversells: 20 approvals at once of an opportunity with 3 spots take 3', async () => {
    const brand = await newBrand(ctx, 0);
    await fundWallet(ctx, brand.userId, 3_000_000);
    const id = await publishedOpportunity(brand, { spots: 3 });
    const creators = await Promise.all(Array.from({ length: 20 }, () => newCreator(ctx)));
    const applications: number[] = [];
    for (const creator of creators) applications.push(await apply(creator, id, 100_000));
    const before = await available(brand);

    const answers = await Promise.all(
      applications.map((applicationId) =>
        as(brand).post(`/v2/opportunities/${id}/applications/${applicationId}/decision`, {
          decision: 'accept',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(await available(brand)).toBe(before - 300_000);
    const opportunity = await as(brand).get(`/v2/opportunities/${id}`);
    expect(opportunity.json().data).toMatchObject({ spots_taken: 3, state: 'ongoing' });
    const accepted = await as(brand).get(`/v2/opportunities/${id}/applications?filter=accepted`);
    expect(accepted.json().data).toHaveLength(3);
    // Each line numbered once, in the order the lines were opened: OP-…-1 to OP-…-3.
    const references: string[] = [];
    for (const [index, answer] of answers.entries()) {
      if (answer.statusCode !== 200) continue;
      const tracked = await as(creators[index]!).get(
        '/v2/content-request-influencers?source=opportunity',
      );
      references.push(...tracked.json().data.map((line: { reference: string }) => line.reference));
    }
    const prefix = `OP-${String(id).padStart(6, '0')}`;
    expect(references.sort()).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]);
  });

  it("answers 404 for another advertiser's opportunity and another creator's application", async () => {
    const brand = await newBrand(ctx, 100_000);
    const other = await newBrand(ctx);
    const id = await publishedOpportunity(brand);
    const creator = await newCreator(ctx);
    const stranger = await newCreator(ctx);
    const applicationId = await apply(creator, id);
    expect((await as(other).get(`/v2/opportunities/${id}/applications`)).statusCode).toBe(404);
    expect((await as(other).get(`/v2/opportunities/${id}/interests`)).statusCode).toBe(404);
    const foreignDecision = await as(other).post(
      `/v2/opportunities/${id}/applications/${applicationId}/decision`,
      { decision: 'accept' },
    );
    expect(foreignDecision.statusCode).toBe(404);
    expect((await as(stranger).get(`/v2/my-applications/${applicationId}`)).statusCode).toBe(404);
    const withdrawn = await as(stranger).post(`/v2/my-applications/${applicationId}/withdraw`);
    expect(withdrawn.statusCode).toBe(404);
    expect((await as(creator).get(`/v2/opportunities/${id}/applications`)).statusCode).toBe(403);
  });
});

const notificationOf = (user: TestUser, type: string) => waitForNotification(ctx, user, type);

describe('notifications of opportunities (issue 23 §6)', () => {
  it('tells the advertiser of the payment and each application, the creator of the answer', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishedOpportunity(brand);
    const paid = await notificationOf(brand, 'payment_success_opportunity');
    expect(paid.content).toBe('Your payment for the opportunity "Ramadan recipes" was successful.');

    const creator = await newCreator(ctx);
    const applicationId = await apply(creator, id);
    const received = await notificationOf(brand, 'application_received');
    expect(received).toMatchObject({
      module_item_id: id,
      redirection: `/publish-opportunity/${id}/applications`,
    });
    await as(brand).post(`/v2/opportunities/${id}/applications/${applicationId}/decision`, {
      decision: 'accept',
    });
    const accepted = await notificationOf(creator, 'application_accepted');
    expect(accepted).toMatchObject({
      module_item_id: applicationId,
      redirection: `/track-opportunities/${applicationId}`,
    });
    expect(accepted.content).toMatch(/accepted your application to "Ramadan recipes"\.$/);
  });

  it('keeps applications for the daily recap when the advertiser chose it', async () => {
    const brand = await newBrand(ctx, 500_000);
    await ctx.database.db
      .update(advertisers)
      .set({ notificationPreference: 'daily' })
      .where(eq(advertisers.userId, brand.userId));
    const id = await publishedOpportunity(brand);
    await apply(await newCreator(ctx), id);
    // The day's job, as its schedule would send it.
    await ctx.jobs.send('opportunity-applications-of-the-day', {});
    await settleJobs(ctx);
    const recap = await notificationOf(brand, 'applications_daily_recap');
    expect(recap.module_item_id).toBe(id);
    const all = await as(brand).get('/v2/notifications?page=1&limit=50');
    expect((all.json().data as Notice[]).map((item) => item.notification_type)).not.toContain(
      'application_received',
    );
  });

  it('declines an application the advertiser left unanswered for the window, and says so', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishedOpportunity(brand);
    const creator = await newCreator(ctx);
    const applicationId = await apply(creator, id);
    // The answer window's timer (7 days), made due now.
    await runJobNow(ctx, 'workflow-timer', {
      subjectId: applicationId,
      transition: 'auto_decline',
    });
    const own = await as(creator).get(`/v2/my-applications/${applicationId}`);
    expect(own.json().data).toMatchObject({ state: 'declined', label: 'declined' });
    const declined = await notificationOf(creator, 'application_declined');
    expect(declined.module_item_id).toBe(applicationId);
  });

  it('reminds creators who read the brief and did not apply, two days before the deadline', async () => {
    const brand = await newBrand(ctx, 500_000);
    const id = await publishedOpportunity(brand);
    const reader = await newCreator(ctx);
    const applicant = await newCreator(ctx);
    await as(reader).post(`/v2/discover-opportunities/${id}/interest`);
    await as(applicant).post(`/v2/discover-opportunities/${id}/interest`);
    await apply(applicant, id);
    await runJobNow(ctx, 'opportunity-apply-reminder', { opportunityId: id });
    const reminder = await notificationOf(reader, 'opportunity_reminder_apply');
    expect(reminder).toMatchObject({
      module_item_id: id,
      redirection: `/discover-opportunities/${id}/learn-more`,
    });
    await settleJobs(ctx);
    const others = await as(applicant).get('/v2/notifications?page=1&limit=50');
    expect((others.json().data as Notice[]).map((item) => item.notification_type)).not.toContain(
      'opportunity_reminder_apply',
    );
  });

  it('takes applications again when a full one loses a creator before the deadline, not when they were stopped', async () => {
    const admin = await createAdmin(ctx);
    const cancelLineOf = async (creator: TestCreator, applicationId: number) => {
      const own = await as(creator).get(`/v2/my-applications/${applicationId}`);
      await ctx.workflow.apply(ctx.database.db, {
        process: contentRequestLineProcess,
        subjectId: own.json().data.line.content_request_influencer_id as number,
        transition: 'admin_cancel',
        actor: { role: 'ADMIN', userId: admin.userId },
        reason: 'The creator can no longer film.',
      });
    };
    const accept = (brand: TestUser, id: number, applicationId: number) =>
      as(brand).post(`/v2/opportunities/${id}/applications/${applicationId}/decision`, {
        decision: 'accept',
      });

    // Full: its only spot taken, then freed: live again, the price released.
    const brand = await newBrand(ctx, 500_000);
    const full = await publishedOpportunity(brand, { spots: 1 });
    const first = await newCreator(ctx);
    const firstApplication = await apply(first, full, 100_000);
    await accept(brand, full, firstApplication);
    expect((await as(brand).get(`/v2/opportunities/${full}`)).json().data.state).toBe('ongoing');
    await cancelLineOf(first, firstApplication);
    expect((await as(brand).get(`/v2/opportunities/${full}`)).json().data).toMatchObject({
      state: 'live',
      spots_taken: 0,
    });

    // Stopped by the advertiser with a spot still free: stays stopped, and with no line left
    // it has nothing more to wait for.
    const stopped = await publishedOpportunity(brand, { spots: 2 });
    const second = await newCreator(ctx);
    const secondApplication = await apply(second, stopped, 100_000);
    await accept(brand, stopped, secondApplication);
    const waiting = await newCreator(ctx);
    const waitingApplication = await apply(waiting, stopped, 90_000);
    const stop = await as(brand).post(`/v2/opportunities/${stopped}/stop-applications`);
    expect(stop.statusCode, stop.body).toBeLessThan(300);
    // The application still waiting for an answer is closed, and its creator told so.
    expect(
      (await as(waiting).get(`/v2/my-applications/${waitingApplication}`)).json().data.state,
    ).toBe('closed');
    const closed = await notificationOf(waiting, 'application_closed');
    expect(closed.redirection).toBe(`/track-opportunities/${waitingApplication}`);
    await cancelLineOf(second, secondApplication);
    expect((await as(brand).get(`/v2/opportunities/${stopped}`)).json().data).toMatchObject({
      state: 'completed',
      spots_taken: 0,
    });
    expect(await available(brand)).toBe(500_000 - 2 * OPPORTUNITY_FEE_TOTAL);
  });

  it('at the application deadline: ongoing with accepted creators, else expired; open applications closed', async () => {
    const brand = await newBrand(ctx, 500_000);
    const taken = await publishedOpportunity(brand);
    const empty = await publishedOpportunity(brand);
    const chosen = await apply(await newCreator(ctx), taken);
    const waiting = await apply(await newCreator(ctx), taken);
    await apply(await newCreator(ctx), empty);
    await as(brand).post(`/v2/opportunities/${taken}/applications/${chosen}/decision`, {
      decision: 'accept',
    });
    const before = await available(brand);

    for (const id of [taken, empty]) {
      await runJobNow(ctx, 'opportunity-application-deadline', { opportunityId: id });
    }
    expect((await as(brand).get(`/v2/opportunities/${taken}`)).json().data.state).toBe('ongoing');
    expect((await as(brand).get(`/v2/opportunities/${empty}`)).json().data.state).toBe('expired');
    const list = await as(brand).get(`/v2/opportunities/${taken}/applications?filter=declined`);
    expect(
      (list.json().data as { content_opportunity_influencer_id: number; state: string }[]).map(
        (a) => [a.content_opportunity_influencer_id, a.state],
      ),
    ).toEqual([[waiting, 'closed']]);
    // Nothing was held for the expired one, and the accepted creator's hold stays.
    expect(await available(brand)).toBe(before);
  });

  it("delivers an approved application's video as a request's, to the opportunity's completion", async () => {
    const brand = await newBrand(ctx, 500_000);
    // One spot: once its video is published, nothing is left to happen, deadline or not.
    const id = await publishedOpportunity(brand, { spots: 1 });
    const creator = await newCreator(ctx);
    const applicationId = await apply(creator, id, 120_000);
    await as(brand).post(`/v2/opportunities/${id}/applications/${applicationId}/decision`, {
      decision: 'accept',
    });
    const own = await as(creator).get(`/v2/my-applications/${applicationId}`);
    const lineId = own.json().data.line.content_request_influencer_id as number;
    const held = await available(brand);

    await submitVersion(ctx, creator, lineId, 1);
    const debriefed = await reviewed(ctx, brand.token, lineId, {
      decision: 'debrief',
      feedback_reasons: ['brand_visibility'],
      comment: 'Show the jar first',
    });
    expect(debriefed).toMatchObject({ status: 'debriefed', revisions_used: 1 });
    expect((await as(creator).get(`/v2/my-applications/${applicationId}`)).json().data.label).toBe(
      'accepted_and_debriefed',
    );
    await submitVersion(ctx, creator, lineId, 2);
    const approved = await reviewed(ctx, brand.token, lineId, approveBody);
    // The hold made at the approval of the application pays the creator: nothing more is taken.
    expect(approved).toMatchObject({ status: 'paid', funds_secured: false });
    expect(await available(brand)).toBe(held);
    const earnings = await ctx.ledger.service.balanceOf(ctx.database.db, {
      kind: 'creator_earnings',
      ownerUserId: creator.userId,
    });
    expect(earnings).toBe(120_000);
    expect((await as(creator).get(`/v2/my-applications/${applicationId}`)).json().data.label).toBe(
      'accepted_and_approved',
    );
    const accepted = await notificationOf(creator, 'opportunity_content_accepted');
    expect(accepted.redirection).toBe(`/track-content/${lineId}`);
    expect((await ctx.ledger.checkBooks()).isBalanced).toBe(true);

    // Published, and the link approved by the team: the line and the opportunity are complete.
    const links = await as(creator).post(`/v2/content-request-influencers/${lineId}/links`, {
      links: [{ platform: 'instagram', url: 'https://www.instagram.com/p/harissa1/' }],
    });
    expect(links.statusCode, links.body).toBe(200);
    const admin = await createAdmin(ctx);
    const queue = await as(admin).get('/v2/admin/publications?limit=50');
    const link = queue
      .json()
      .data.find(
        (l: { content_request_influencer_id: number }) =>
          l.content_request_influencer_id === lineId,
      );
    const decided = await as(admin).post(`/v2/admin/publications/links/${link.link_id}`, {
      decision: 'approve',
    });
    expect(decided.json().data).toMatchObject({ line_state: 'completed' });
    const opportunity = await as(brand).get(`/v2/opportunities/${id}`);
    expect(opportunity.json().data).toMatchObject({ state: 'completed', spots_taken: 1 });
  });
});

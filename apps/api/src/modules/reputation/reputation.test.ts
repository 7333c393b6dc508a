import {
  advertiserReputationSchema,
  creatorReputationSchema,
  type AdvertiserReputation,
  type CreatorReputation,
} from '@clipmarket/contracts/reputation';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { OpportunityApplicationState } from '@clipmarket/contracts/workflows/opportunity-application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowAudit } from '../../platform/workflow/workflow.schema.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  contentRequestFeedback,
  contentRequestInfluencers,
  contentRequests,
} from '../content-requests/content-requests.schema.js';
import {
  callAs,
  newCreator,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import {
  contentOpportunities,
  contentOpportunityApplications,
} from '../opportunities/opportunities.schema.js';
import { reviews as reviewsTable } from '../reviews/reviews.schema.js';
import { createAdmin, createAdvertiser, type TestUser } from '../users/test-users.js';

/**
 * Measured reputation (issue 27 §2, ADR 047) from fixtures written at chosen instants: lines,
 * their audit steps, reviews and applications inserted straight into the owners' tables, so each
 * figure has an exact expected value.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
/** A moment a month ago, on the hour: inside the 12 months' window. */
const T0 = Math.floor((Date.now() - 30 * 24 * HOUR) / HOUR) * HOUR;
const at = (hours: number) => new Date(T0 + hours * HOUR);

type Step = [transition: string, hours: number, toState: string];

interface LineFixture {
  brand: TestUser;
  creator: TestCreator;
  /** Hours after T0 the request was sent (the line opened). */
  sent: number;
  /** Hours after T0 of the delivery deadline. */
  deadline: number;
  state: ContentRequestLineState;
  steps: Step[];
  paid?: number;
  /** Approvals' rating and reasons, at the approve step. */
  rating?: { rating: number; reasons: string[] };
  /** Moves the line's opening (and every step) back this many hours: out of the window. */
  opened?: Date;
}

const actorOf = (transition: string) =>
  ['accept', 'decline', 'submit', 'dispute', 'submit_link'].includes(transition)
    ? 'TALENT'
    : ['approve', 'debrief', 'reject', 'cancel'].includes(transition)
      ? 'BRAND'
      : transition.startsWith('settle') || transition.endsWith('_link')
        ? 'ADMIN'
        : 'SYSTEM';

/** A sent request with one line, and its history, written at the given instants. */
async function insertLine(fixture: LineFixture): Promise<number> {
  const db = ctx.database.db;
  const opened = fixture.opened ?? at(fixture.sent);
  const [request] = await db
    .insert(contentRequests)
    .values({
      advertiserUserId: fixture.brand.userId,
      status: 'sent',
      title: 'Reputation fixture',
      sentAt: opened,
      deliveryDeadline: at(fixture.deadline),
      createdAt: opened,
    })
    .returning({ id: contentRequests.id });
  const [line] = await db
    .insert(contentRequestInfluencers)
    .values({
      contentRequestId: request!.id,
      influencerId: fixture.creator.influencerId,
      influencerUserId: fixture.creator.userId,
      advertiserUserId: fixture.brand.userId,
      lineNumber: 1,
      price: 100_000,
      state: fixture.state,
      paidAt: fixture.paid === undefined ? null : at(fixture.paid),
      createdAt: opened,
      enteredAt: opened,
    })
    .returning({ id: contentRequestInfluencers.id });
  const lineId = line!.id;
  let from = 'sent';
  for (const [transition, hours, to] of fixture.steps) {
    await db.insert(workflowAudit).values({
      process: 'content-request-line',
      subjectId: lineId,
      transition,
      fromState: from,
      toState: to,
      actorRole: actorOf(transition),
      createdAt: at(hours),
    });
    if (transition === 'approve' && fixture.rating) {
      await db.insert(contentRequestFeedback).values({
        lineId,
        decision: 'approve',
        reasons: fixture.rating.reasons,
        rating: fixture.rating.rating,
        videoVersion: 1,
        authorUserId: fixture.brand.userId,
        createdAt: at(hours),
      });
    }
    from = to;
  }
  return lineId;
}

async function creatorFigures(token: string, influencerId: number): Promise<CreatorReputation> {
  const answer = await callAs(ctx, token, 'GET', `/v2/reputation/creators/${influencerId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return creatorReputationSchema.parse(answer.json().data);
}

async function advertiserFigures(token: string, userId: number): Promise<AdvertiserReputation> {
  const answer = await callAs(ctx, token, 'GET', `/v2/reputation/advertisers/${userId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return advertiserReputationSchema.parse(answer.json().data);
}

describe('GET /v2/reputation/creators/{influencer_id}', () => {
  it('measures on-time delivery with the clock stopped during review, answers, revisions, approvals', async () => {
    const brand = await createAdvertiser(ctx);
    const creator = await newCreator(ctx);
    // Accepted at 2 h, 48 h given (deadline 50 h). Version 1 at 42 h (40 h of clock), debriefed
    // at 72 h (30 h of review, the clock stopped), version 2 at 78 h (6 h more: 46 h ≤ 48 h).
    // By the wall clock 28 h late; on the creator's clock on time.
    await insertLine({
      brand,
      creator,
      sent: 0,
      deadline: 50,
      state: 'approved',
      steps: [
        ['accept', 2, 'accepted'],
        ['submit', 42, 'submitted'],
        ['debrief', 72, 'debriefed'],
        ['submit', 78, 'submitted'],
        ['approve', 80, 'approved'],
      ],
      rating: { rating: 5, reasons: ['creativity', 'storytelling'] },
    });
    // Answered in 5 h, 24 h given, delivered after 30 h: late. Then paid, published: completed.
    await insertLine({
      brand,
      creator,
      sent: 100,
      deadline: 129,
      state: 'completed',
      steps: [
        ['accept', 105, 'accepted'],
        ['submit', 135, 'submitted'],
        ['approve', 140, 'approved'],
        ['mark_paid', 141, 'paid'],
        ['submit_link', 150, 'link_submitted'],
        ['approve_link', 160, 'completed'],
      ],
      rating: { rating: 4, reasons: ['creativity'] },
    });
    // Declined after 10 h.
    await insertLine({
      brand,
      creator,
      sent: 200,
      deadline: 300,
      state: 'declined',
      steps: [['decline', 210, 'declined']],
    });
    // Answered in 1 h, delivered in 9 h of 72: on time; rejected, closed: review ended unapproved.
    await insertLine({
      brand,
      creator,
      sent: 300,
      deadline: 373,
      state: 'closed',
      steps: [
        ['accept', 301, 'accepted'],
        ['submit', 310, 'submitted'],
        ['reject', 320, 'rejected'],
        ['close', 392, 'closed'],
      ],
    });
    // Answered in 3 h, version waiting for review, deadline far: not settled yet.
    await insertLine({
      brand,
      creator,
      sent: 400,
      deadline: 2_000,
      state: 'submitted',
      steps: [
        ['accept', 403, 'accepted'],
        ['submit', 405, 'submitted'],
      ],
    });
    // A year and more ago: outside the window, it would add a late line and a debrief.
    await insertLine({
      brand,
      creator,
      sent: -9_500,
      deadline: -9_490,
      state: 'approved',
      opened: at(-9_500),
      steps: [
        ['accept', -9_499, 'accepted'],
        ['submit', -9_400, 'submitted'],
        ['debrief', -9_390, 'debriefed'],
        ['submit', -9_380, 'submitted'],
        ['approve', -9_370, 'approved'],
      ],
    });

    const viewer = await createAdvertiser(ctx);
    expect(await creatorFigures(viewer.token, creator.influencerId)).toEqual({
      influencer_id: creator.influencerId,
      window_months: 12,
      // Settled: line 1 (on time), line 2 (late), line 4 (on time).
      on_time_rate: 6_667,
      on_time_facts: 3,
      // 1, 2, 3, 5, 10 hours: the middle one.
      median_hours_to_answer_request: 3,
      // One debrief over four lines with a video.
      revisions_per_video_hundredths: 25,
      // Approved 2 of the 3 whose review ended.
      approval_rate: 6_667,
      completed: 1,
      // Two ratings: too few for an average; the reasons still counted.
      ratings: {
        count: 2,
        average_hundredths: null,
        strengths: [
          { reason: 'creativity', count: 2 },
          { reason: 'storytelling', count: 1 },
        ],
      },
      // The reviews module's summary: no written review yet.
      reviews: { count: 0, average: null, criteria: {} },
    });
  });

  it('says "not enough history" (null) under three facts, never 0', async () => {
    const brand = await createAdvertiser(ctx);
    const creator = await newCreator(ctx);
    for (const sent of [0, 100]) {
      await insertLine({
        brand,
        creator,
        sent,
        deadline: sent + 50,
        state: 'approved',
        steps: [
          ['accept', sent + 1, 'accepted'],
          ['submit', sent + 60, 'submitted'],
          ['approve', sent + 61, 'approved'],
        ],
        rating: { rating: 5, reasons: ['expressive'] },
      });
    }
    const figures = await creatorFigures(brand.token, creator.influencerId);
    expect(figures).toMatchObject({
      on_time_rate: null,
      on_time_facts: 2,
      median_hours_to_answer_request: null,
      revisions_per_video_hundredths: null,
      approval_rate: null,
      completed: 0,
      ratings: { count: 2, average_hundredths: null },
    });

    // A third approved, rated line: every figure has its three facts.
    await insertLine({
      brand,
      creator,
      sent: 200,
      deadline: 300,
      state: 'approved',
      steps: [
        ['accept', 204, 'accepted'],
        ['submit', 210, 'submitted'],
        ['approve', 211, 'approved'],
      ],
      rating: { rating: 4, reasons: ['expressive'] },
    });
    expect(await creatorFigures(brand.token, creator.influencerId)).toMatchObject({
      on_time_rate: 3_333,
      on_time_facts: 3,
      // 1, 1 and 4 hours.
      median_hours_to_answer_request: 1,
      revisions_per_video_hundredths: 0,
      approval_rate: 10_000,
      ratings: { count: 3, average_hundredths: 467 },
    });
  });

  it("adds the written reviews' summary of the reviews module", async () => {
    const brand = await createAdvertiser(ctx);
    const creator = await newCreator(ctx);
    const lineId = await insertLine({
      brand,
      creator,
      sent: 0,
      deadline: 100,
      state: 'paid',
      steps: [
        ['accept', 1, 'accepted'],
        ['submit', 2, 'submitted'],
        ['approve', 3, 'approved'],
      ],
    });
    await ctx.database.db.insert(reviewsTable).values({
      lineId,
      authorUserId: brand.userId,
      authorRole: 'advertiser',
      subjectUserId: creator.userId,
      rating: 4,
      criteria: { creativity: 5 },
      visibleFrom: at(10),
    });
    const figures = await creatorFigures(brand.token, creator.influencerId);
    expect(figures.reviews).toEqual({ count: 1, average: 4, criteria: { creativity: 5 } });
  });

  it('hides a creator not validated yet but from themself and admins (404)', async () => {
    const creator = await newCreator(ctx, { validated: false });
    const brand = await createAdvertiser(ctx);
    const admin = await createAdmin(ctx);
    const url = `/v2/reputation/creators/${creator.influencerId}`;
    const hidden = await callAs(ctx, brand.token, 'GET', url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    expect((await callAs(ctx, creator.token, 'GET', url)).statusCode).toBe(200);
    expect((await callAs(ctx, admin.token, 'GET', url)).statusCode).toBe(200);

    expect(
      (await callAs(ctx, brand.token, 'GET', '/v2/reputation/creators/999999999')).statusCode,
    ).toBe(404);
    expect((await callAs(ctx, brand.token, 'GET', '/v2/reputation/creators/abc')).statusCode).toBe(
      400,
    );
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** An application answered (or not) at chosen instants, each on an opportunity of its own. */
async function insertApplication(
  brand: TestUser,
  creator: TestCreator,
  application: { sent: number; answered: number | null; state: OpportunityApplicationState },
) {
  const db = ctx.database.db;
  const [opportunity] = await db
    .insert(contentOpportunities)
    .values({ advertiserUserId: brand.userId, state: 'live', title: 'Fixture' })
    .returning({ id: contentOpportunities.id });
  await db.insert(contentOpportunityApplications).values({
    contentOpportunityId: opportunity!.id,
    influencerId: creator.influencerId,
    influencerUserId: creator.userId,
    advertiserUserId: brand.userId,
    state: application.state,
    price: 100_000,
    pitch: 'Fixture pitch',
    createdAt: at(application.sent),
    answeredAt: application.answered === null ? null : at(application.answered),
  });
}

describe('GET /v2/reputation/advertisers/{user_id}', () => {
  it('measures review times, payment on time, revisions, disputes and answers to applications', async () => {
    const brand = await createAdvertiser(ctx);
    const creator = await newCreator(ctx);
    const reviewWindowHours = await ctx.modules.settings.reader.getHours(
      ctx.database.db,
      'review_window_days',
    );
    const nowHours = (Date.now() - T0) / HOUR;
    const line = (sent: number, state: ContentRequestLineState, steps: Step[], paid?: number) =>
      insertLine({ brand, creator, sent, deadline: sent + 500, state, steps, paid });

    // Reviewed in 10 h, paid 24 h after approval: on time.
    await line(
      0,
      'paid',
      [
        ['accept', 1, 'accepted'],
        ['submit', 2, 'submitted'],
        ['approve', 12, 'approved'],
        ['mark_paid', 36, 'paid'],
      ],
      36,
    );
    // Reviewed in 20 h (a debrief) then 4 h; paid 100 h after approval: late.
    await line(
      100,
      'paid',
      [
        ['accept', 101, 'accepted'],
        ['submit', 102, 'submitted'],
        ['debrief', 122, 'debriefed'],
        ['submit', 130, 'submitted'],
        ['approve', 134, 'approved'],
        ['mark_paid', 234, 'paid'],
      ],
      234,
    );
    // Not reviewed: approved automatically (the whole window counts); never paid, long overdue.
    await line(300, 'approved', [
      ['accept', 301, 'accepted'],
      ['submit', 302, 'submitted'],
      ['auto_approve', 302 + reviewWindowHours, 'approved'],
    ]);
    // Rejected in 6 h, disputed, settled for the creator, paid 1 h later: a dispute lost.
    await line(
      400,
      'paid',
      [
        ['accept', 401, 'accepted'],
        ['submit', 402, 'submitted'],
        ['reject', 408, 'rejected'],
        ['dispute', 409, 'disputed'],
        ['settle_for_creator', 420, 'approved'],
        ['mark_paid', 421, 'paid'],
      ],
      421,
    );
    // Rejected in 8 h, disputed, settled for the advertiser: a dispute won.
    await line(500, 'closed', [
      ['accept', 501, 'accepted'],
      ['submit', 502, 'submitted'],
      ['reject', 510, 'rejected'],
      ['dispute', 511, 'disputed'],
      ['settle_for_advertiser', 520, 'closed'],
    ]);
    // Approved an hour ago, reviewed in 4 h, not paid yet: inside its 72 h, not counted.
    await line(nowHours - 10, 'approved', [
      ['accept', nowHours - 9, 'accepted'],
      ['submit', nowHours - 5, 'submitted'],
      ['approve', nowHours - 1, 'approved'],
    ]);
    // Over a year ago: out of the window (its debrief and its late payment do not count).
    await insertLine({
      brand,
      creator,
      sent: -9_500,
      deadline: -9_000,
      state: 'paid',
      opened: at(-9_500),
      paid: -9_000,
      steps: [
        ['accept', -9_499, 'accepted'],
        ['submit', -9_498, 'submitted'],
        ['debrief', -9_497, 'debriefed'],
        ['submit', -9_496, 'submitted'],
        ['approve', -9_495, 'approved'],
      ],
    });

    // Answered in 2, 4, 6 and 10 h (an even count: the mean of 4 and 6); two never answered
    // (closed, declined by the system); one still open.
    await insertApplication(brand, creator, { sent: 0, answered: 2, state: 'accepted' });
    await insertApplication(brand, creator, { sent: 10, answered: 14, state: 'declined' });
    await insertApplication(brand, creator, { sent: 20, answered: 26, state: 'debriefed' });
    await insertApplication(brand, creator, { sent: 30, answered: 40, state: 'accepted' });
    await insertApplication(brand, creator, { sent: 40, answered: null, state: 'closed' });
    await insertApplication(brand, creator, { sent: 50, answered: null, state: 'declined' });
    await insertApplication(brand, creator, { sent: 60, answered: null, state: 'submitted' });

    // Reviews: 10, 20, 4, window, 6, 8, 4 hours.
    const reviews = [10, 20, 4, reviewWindowHours, 6, 8, 4].sort((a, b) => a - b);
    expect(await advertiserFigures(creator.token, brand.userId)).toEqual({
      user_id: brand.userId,
      window_months: 12,
      median_hours_to_answer_application: 5,
      median_hours_to_review: reviews[3],
      // Settled approvals: paid on time twice, late once, overdue once.
      paid_on_time_rate: 5_000,
      // One debrief over six lines with a video: 0.1666…
      revisions_per_video_hundredths: 17,
      disputes_lost: 1,
      disputes_decided: 2,
      // Two decided: the count is shown, the share waits for a third.
      disputes_lost_rate: null,
      // Two unanswered of six settled.
      unanswered_application_rate: 3_333,
      reviews: { count: 0, average: null, criteria: {} },
    });
  });

  it('answers nulls for a new advertiser and 404 for a user who is no advertiser', async () => {
    const brand = await createAdvertiser(ctx, { role: 'AGENCY' });
    const creator = await newCreator(ctx);
    expect(await advertiserFigures(creator.token, brand.userId)).toEqual({
      user_id: brand.userId,
      window_months: 12,
      median_hours_to_answer_application: null,
      median_hours_to_review: null,
      paid_on_time_rate: null,
      revisions_per_video_hundredths: null,
      disputes_lost: 0,
      disputes_decided: 0,
      disputes_lost_rate: null,
      unanswered_application_rate: null,
      reviews: { count: 0, average: null, criteria: {} },
    });
    const notAdvertiser = await callAs(
      ctx,
      brand.token,
      'GET',
      `/v2/reputation/advertisers/${creator.userId}`,
    );
    expect(notAdvertiser.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/v2/reputation/advertisers/${brand.userId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads several advertisers at once, leaving out other users, at most 50', async () => {
    const first = await createAdvertiser(ctx);
    const second = await createAdvertiser(ctx);
    const creator = await newCreator(ctx);
    const answer = await callAs(
      ctx,
      creator.token,
      'GET',
      `/v2/reputation/advertisers?ids=${second.userId},${creator.userId},${first.userId},${second.userId}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.map((r: { user_id: number }) => r.user_id)).toEqual([
      second.userId,
      first.userId,
    ]);

    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    for (const ids of [tooMany, 'a,b', '', '1,,2', '0']) {
      const refused = await callAs(
        ctx,
        creator.token,
        'GET',
        `/v2/reputation/advertisers?ids=${ids}`,
      );
      expect(refused.statusCode, ids).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

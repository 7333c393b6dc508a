import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { createAdmin, type TestUser } from '../../users/test-users.js';
import { contentRequestFeedback } from '../content-requests.schema.js';
import { acceptedLine, callAs, newBrand } from '../content-requests.test-support.js';
import {
  approveBody,
  eventsOfLine,
  lineRow,
  review,
  reviewed,
  runJobNow,
  submittedLine,
  submitVersion,
} from './review.test-support.js';

/**
 * The advertiser's review (issue 11 §3): approve (rated), debrief up to the revision cap, reject;
 * who may review in which state; the feedback kept per version and shown to both sides; the
 * automatic approval when the review window passes; the review reminder.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const getLine = (token: string, lineId: number) =>
  callAs(ctx, token, 'GET', `/v2/content-request-influencers/${lineId}`);

const debriefBody = {
  decision: 'debrief',
  feedback_reasons: ['tone', 'brand_visibility'],
  comment: 'Show the logo in the first seconds',
};
const rejectBody = {
  decision: 'reject',
  feedback_reasons: ['lack_of_creativity'],
  comment: 'Not what the brief asked for',
};

const feedbackRows = (lineId: number) =>
  ctx.database.db
    .select()
    .from(contentRequestFeedback)
    .where(eq(contentRequestFeedback.lineId, lineId))
    .orderBy(contentRequestFeedback.id);

describe('review of a submitted video', () => {
  it('shows the review window and the steps of each side while submitted', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    const asBrand = (await getLine(brand.token, lineId)).json().data;
    expect(asBrand).toMatchObject({
      viewer: 'advertiser',
      status: 'submitted',
      allowed_transitions: ['approve', 'debrief', 'reject'],
      revisions_used: 0,
      revision_cap: 2,
      feedback: [],
      links: [],
      paid_at: null,
      expected_payout_at: null,
    });
    const row = await lineRow(ctx, lineId);
    expect(new Date(asBrand.review_due_at).getTime()).toBe(
      row.enteredAt.getTime() + 3 * 86_400_000,
    );
    const asCreator = (await getLine(creator.token, lineId)).json().data;
    expect(asCreator).toMatchObject({
      viewer: 'creator',
      status: 'submitted',
      allowed_transitions: [],
      review_due_at: asBrand.review_due_at,
    });
  });

  it('approves with a rating: feedback kept on the version, shown to the creator', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    const line = await reviewed(ctx, brand.token, lineId, approveBody);
    // The fee reserved at sending is captured with the approval: the line is paid at once.
    expect(line).toMatchObject({ viewer: 'advertiser', status: 'paid', review_due_at: null });
    expect(line.feedback).toEqual([
      {
        decision: 'approve',
        feedback_reasons: ['creativity', 'storytelling'],
        rating: 5,
        comment: 'Lovely light',
        video_version: 1,
        created_at: expect.any(String),
      },
    ]);
    const asCreator = (await getLine(creator.token, lineId)).json().data;
    expect(asCreator.feedback).toEqual(line.feedback);
    expect(asCreator.status).toBe('paid');
    const rows = await feedbackRows(lineId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authorUserId: brand.userId, videoVersion: 1 });
  });

  it('debriefs up to the revision cap, then refuses another with 409', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    const first = await reviewed(ctx, brand.token, lineId, debriefBody);
    expect(first).toMatchObject({
      status: 'debriefed',
      reason: 'Show the logo in the first seconds',
      revisions_used: 1,
    });
    const asCreator = (await getLine(creator.token, lineId)).json().data;
    expect(asCreator.allowed_transitions).toEqual(['submit']);
    expect(asCreator.feedback[0]).toMatchObject({
      decision: 'debrief',
      feedback_reasons: ['tone', 'brand_visibility'],
      rating: null,
      comment: 'Show the logo in the first seconds',
      video_version: 1,
    });

    await submitVersion(ctx, creator, lineId, 2);
    expect((await reviewed(ctx, brand.token, lineId, debriefBody)).revisions_used).toBe(2);
    await submitVersion(ctx, creator, lineId, 3);
    const capped = await review(ctx, brand.token, lineId, debriefBody);
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error.code).toBe('REVISION_CAP_REACHED');
    expect((await lineRow(ctx, lineId)).state).toBe('submitted');
    // Approving or rejecting the last version is still possible.
    const approved = await reviewed(ctx, brand.token, lineId, approveBody);
    expect(approved.feedback.map((f: { video_version: number }) => f.video_version)).toEqual([
      1, 2, 3,
    ]);
  });

  it('rejects with reasons: the creator may dispute', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    const line = await reviewed(ctx, brand.token, lineId, rejectBody);
    expect(line).toMatchObject({ status: 'rejected', reason: 'Not what the brief asked for' });
    expect(line.allowed_transitions).toEqual([]);
    const asCreator = (await getLine(creator.token, lineId)).json().data;
    expect(asCreator.allowed_transitions).toEqual(['dispute']);
    expect(asCreator.feedback[0]).toMatchObject({
      decision: 'reject',
      feedback_reasons: ['lack_of_creativity'],
    });
  });

  it('lets only the line’s advertiser review (others 401/403/404) and checks the body', async () => {
    const { creator, lineId } = await submittedLine(ctx);
    const stranger = await newBrand(ctx);
    const unauthenticated = await ctx.app.inject({
      method: 'POST',
      url: `/v2/content-request-influencers/${lineId}/review`,
      payload: approveBody,
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await review(ctx, creator.token, lineId, approveBody)).statusCode).toBe(404);
    expect((await review(ctx, stranger.token, lineId, approveBody)).statusCode).toBe(404);
    expect((await review(ctx, admin.token, lineId, approveBody)).statusCode).toBe(403);
    expect((await review(ctx, stranger.token, 99_999_999, approveBody)).statusCode).toBe(404);
    const own = await submittedLine(ctx);
    for (const body of [
      { ...approveBody, rating: 6 },
      { decision: 'approve', feedback_reasons: [] },
      { decision: 'debrief', feedback_reasons: [], comment: 'x' },
      { decision: 'reject', feedback_reasons: ['tone'] },
      { decision: 'approve', feedback_reasons: ['tone'], rating: 4 },
      { decision: 'publish' },
    ]) {
      const answer = await review(ctx, own.brand.token, own.lineId, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await lineRow(ctx, own.lineId)).state).toBe('submitted');
  });

  it('refuses a review in any state but submitted, and of a video not ready (409)', async () => {
    const accepted = await acceptedLine(ctx);
    for (const body of [approveBody, debriefBody, rejectBody]) {
      const answer = await review(ctx, accepted.brand.token, accepted.lineId, body);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('INVALID_TRANSITION');
    }

    const approved = await submittedLine(ctx);
    await reviewed(ctx, approved.brand.token, approved.lineId, approveBody);
    for (const body of [approveBody, debriefBody, rejectBody]) {
      expect((await review(ctx, approved.brand.token, approved.lineId, body)).statusCode).toBe(409);
    }

    const processing = await acceptedLine(ctx);
    await submitVersion(ctx, processing.creator, processing.lineId, 1, 'processing');
    const notReady = await review(ctx, processing.brand.token, processing.lineId, approveBody);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error.code).toBe('VIDEO_NOT_READY');
  });

  it('answers two reviews at once one after the other: one wins, one feedback row', async () => {
    const { brand, lineId } = await submittedLine(ctx);
    const answers = await Promise.all([
      review(ctx, brand.token, lineId, approveBody),
      review(ctx, brand.token, lineId, rejectBody),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await feedbackRows(lineId)).toHaveLength(1);
  });
});

describe('list filters on part-2 states', () => {
  it('lists a submitted line under To review / In review, then under Approved', async () => {
    const { brand, creator, lineId, contentRequestId } = await submittedLine(ctx);
    const advertiserIds = async (filter: string) =>
      (
        (await callAs(ctx, brand.token, 'GET', `/v2/content-requests?filter=${filter}`)).json()
          .data as { content_request_id: number }[]
      ).map((r) => r.content_request_id);
    const creatorIds = async (filter: string) =>
      (
        (
          await callAs(
            ctx,
            creator.token,
            'GET',
            `/v2/content-request-influencers?filter=${filter}`,
          )
        ).json().data as { content_request_influencer_id: number }[]
      ).map((l) => l.content_request_influencer_id);
    expect(await advertiserIds('to_review')).toContain(contentRequestId);
    expect(await advertiserIds('accepted')).not.toContain(contentRequestId);
    expect(await creatorIds('in_review')).toContain(lineId);
    await reviewed(ctx, brand.token, lineId, approveBody);
    expect(await advertiserIds('approved')).toContain(contentRequestId);
    expect(await advertiserIds('to_review')).not.toContain(contentRequestId);
    expect(await creatorIds('approved')).toContain(lineId);
    expect(await creatorIds('in_review')).not.toContain(lineId);
  });
});

describe('part-2 steps on the generic transitions route', () => {
  it('sends each step to its own route (409 INVALID_TRANSITION naming it)', async () => {
    const { brand, creator, lineId } = await submittedLine(ctx);
    const take = (token: string, transition: string) =>
      callAs(ctx, token, 'POST', `/v2/content-request-influencers/${lineId}/transitions`, {
        transition,
        reason: 'because',
      });
    for (const name of ['approve', 'debrief', 'reject']) {
      const answer = await take(brand.token, name);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('INVALID_TRANSITION');
      expect(answer.json().error.message).toContain('/review');
    }
    const submit = await take(creator.token, 'submit');
    expect(submit.statusCode).toBe(409);
    expect(submit.json().error.message).toContain('/v2/content-videos/uploads');
    const pay = await take(brand.token, 'mark_paid');
    expect(pay.json().error.message).toContain('/payment');
    // Dispute stays on the generic route: the creator's, on a rejected line only.
    const early = await take(creator.token, 'dispute');
    expect(early.statusCode).toBe(409);
  });
});

describe('automatic approval and the review reminder', () => {
  it('approves a video nobody reviewed when the window passes, records it and pays the hold', async () => {
    const { lineId } = await submittedLine(ctx);
    await runJobNow(ctx, 'workflow-timer', { subjectId: lineId, transition: 'auto_approve' });
    // Approved by the timer with a hold: the content fee is captured by the staged job.
    await waitFor(async () => (await lineRow(ctx, lineId)).state === 'paid', {
      what: 'the line approved automatically and paid',
    });
    const rows = await feedbackRows(lineId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      decision: 'auto_approve',
      videoVersion: 1,
      authorUserId: null,
      rating: null,
    });
  });

  it('does nothing once the advertiser has reviewed', async () => {
    const { brand, lineId } = await submittedLine(ctx);
    const version = (await lineRow(ctx, lineId)).version;
    await reviewed(ctx, brand.token, lineId, debriefBody);
    await runJobNow(ctx, 'workflow-timer', {
      subjectId: lineId,
      transition: 'auto_approve',
      version,
    });
    // The job has run (runJobNow waits for it) and left the line as it was.
    expect((await lineRow(ctx, lineId)).state).toBe('debriefed');
  });

  it('reminds the advertiser a day before the window ends, only while still to review', async () => {
    const { brand, lineId } = await submittedLine(ctx);
    const version = (await lineRow(ctx, lineId)).version;
    await runJobNow(ctx, 'content-request-review-reminder', { lineId, version });
    const [event] = await waitFor(async () => {
      const found = await eventsOfLine(ctx, 'content-request-line.reminder', lineId);
      return found.length > 0 && found;
    });
    expect(event).toMatchObject({ lineId, kind: 'review' });

    const other = await submittedLine(ctx);
    const otherVersion = (await lineRow(ctx, other.lineId)).version;
    await reviewed(ctx, other.brand.token, other.lineId, approveBody);
    await runJobNow(ctx, 'content-request-review-reminder', {
      lineId: other.lineId,
      version: otherVersion,
    });
    // The job has run (runJobNow waits for it) and reminded nobody.
    expect(await eventsOfLine(ctx, 'content-request-line.reminder', other.lineId)).toEqual([]);
    expect(brand.userId).toBeGreaterThan(0);
  });
});

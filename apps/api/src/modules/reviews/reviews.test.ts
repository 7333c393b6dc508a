import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import {
  acceptedLine,
  callAs,
  newBrand,
  newCreator,
} from '../content-requests/content-requests.test-support.js';
import {
  approveBody,
  eventsOfLine,
  reviewed,
  submittedLine,
} from '../content-requests/delivery/review.test-support.js';
import { waitFor } from '../../test/wait-for.js';
import { ratingSummariesOf } from './index.js';

/**
 * Written reviews (issue 27 §2): blind until both sides wrote or 7 days passed (the module's
 * clock moved), reasons and a comment at 2 stars or below, once per side, one reply, a contest
 * within 7 days that the team decides, and the rating summary other modules read.
 */

let ctx: TestContext;
let admin: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => {
  ctx.modules.reviews.clock.now = () => new Date();
});

/** Moves the reviews' clock `days` from the real now. */
const moveClock = (days: number) => {
  const at = Date.now() + days * DAY;
  ctx.modules.reviews.clock.now = () => new Date(at);
};

/** A line whose content fee is paid (approved with the fee reserved at sending). */
async function paidLine() {
  const line = await submittedLine(ctx);
  await reviewed(ctx, line.brand.token, line.lineId, approveBody);
  return line;
}

const advertiserReview = (rating = 5, extra: Record<string, unknown> = {}) => ({
  rating,
  criteria: {
    creativity: 5,
    brief_compliance: 4,
    on_time_submission: 5,
    production_quality: 4,
    communication: 5,
  },
  comment: 'Great work',
  ...extra,
});
const creatorReview = (rating = 4, extra: Record<string, unknown> = {}) => ({
  rating,
  criteria: { brief_clarity: 4, communication: 3, feedback_quality: 4, payment_timeliness: 5 },
  ...extra,
});

const write = (token: string, lineId: number, body: Record<string, unknown>) =>
  callAs(ctx, token, 'POST', '/v2/reviews', { content_request_influencer_id: lineId, ...body });
const lineReviews = (token: string, lineId: number) =>
  callAs(ctx, token, 'GET', `/v2/reviews/lines/${lineId}`);
const userReviews = (token: string, userId: number, query = '') =>
  callAs(ctx, token, 'GET', `/v2/users/${userId}/reviews${query}`);

describe('blind reviews', () => {
  it('hides the first review from the other side until they write theirs, then shows both at once', async () => {
    const { brand, creator, lineId } = await paidLine();
    const first = await write(brand.token, lineId, advertiserReview());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.mine.is_visible).toBe(false);
    expect(first.json().data.can_write).toBe(false);

    // The creator sees that a review exists, not what it says; the public list is empty.
    const seen = (await lineReviews(creator.token, lineId)).json().data;
    expect(seen.theirs).toBeNull();
    expect(seen.theirs_written).toBe(true);
    expect(seen.can_write).toBe(true);
    const stranger = await newBrand(ctx);
    expect((await userReviews(stranger.token, creator.userId)).json()).toMatchObject({
      data: [],
      summary: { count: 0, average: null },
    });

    const second = await write(creator.token, lineId, creatorReview());
    expect(second.statusCode, second.body).toBe(201);
    const creatorView = second.json().data;
    expect(creatorView.theirs).toMatchObject({
      rating: 5,
      comment: 'Great work',
      is_visible: true,
    });
    expect(creatorView.mine.is_visible).toBe(true);
    const brandView = (await lineReviews(brand.token, lineId)).json().data;
    expect(brandView.theirs).toMatchObject({ rating: 4, author_role: 'creator' });
    expect(brandView.mine.visible_from).toBe(brandView.theirs.visible_from);
    expect((await userReviews(stranger.token, creator.userId)).json().data).toHaveLength(1);

    const revealed = await eventsOfLine(ctx, 'reviews.revealed', lineId);
    expect(revealed).toHaveLength(2);
    expect(await eventsOfLine(ctx, 'reviews.written', lineId)).toHaveLength(2);
  });

  it('shows a lone review 7 days after it was written', async () => {
    const { brand, creator, lineId } = await paidLine();
    expect((await write(brand.token, lineId, advertiserReview(4))).statusCode).toBe(201);
    moveClock(6.9);
    expect((await lineReviews(creator.token, lineId)).json().data.theirs).toBeNull();
    moveClock(7.01);
    const seen = (await lineReviews(creator.token, lineId)).json().data;
    expect(seen.theirs).toMatchObject({ rating: 4, is_visible: true });
    expect(seen.can_reply).toBe(true);
    expect(seen.can_contest).toBe(true);
    expect((await userReviews(brand.token, creator.userId)).json().summary.count).toBe(1);
    // The daily job announces it once its 7 days are over (never before).
    moveClock(6.9);
    await ctx.modules.reviews.reveals.announceRevealed();
    expect(await eventsOfLine(ctx, 'reviews.revealed', lineId)).toEqual([]);
    moveClock(7.01);
    await ctx.modules.reviews.reveals.announceRevealed();
    expect(await eventsOfLine(ctx, 'reviews.revealed', lineId)).toEqual([
      expect.objectContaining({ subjectUserId: creator.userId }),
    ]);
  });
});

describe('writing', () => {
  it('refuses a rating of 2 or below without reasons and a comment, and foreign reasons', async () => {
    const { brand, lineId } = await paidLine();
    const bare = await write(brand.token, lineId, advertiserReview(2, { comment: '' }));
    expect(bare.statusCode).toBe(400);
    expect(
      bare
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['comment', 'reasons']);
    expect(bare.json().error.fields[0].message).toMatch(/reason|comment/i);
    const foreign = await write(
      brand.token,
      lineId,
      advertiserReview(1, { reasons: ['late_payment'] }),
    );
    expect(foreign.statusCode).toBe(400);
    const missing = await write(brand.token, lineId, { rating: 5, criteria: { creativity: 5 } });
    expect(missing.statusCode).toBe(400);
    const ok = await write(
      brand.token,
      lineId,
      advertiserReview(2, { reasons: ['late_delivery'] }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.mine).toMatchObject({ rating: 2, reasons: ['late_delivery'] });
  });

  it('takes one review per side (409 REVIEW_EXISTS)', async () => {
    const { brand, lineId } = await paidLine();
    expect((await write(brand.token, lineId, advertiserReview())).statusCode).toBe(201);
    const again = await write(brand.token, lineId, advertiserReview());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REVIEW_EXISTS');
  });

  it('refuses a line whose content fee is not paid (422) and answers 404 to non-parties', async () => {
    const { brand, creator, lineId } = await acceptedLine(ctx);
    const early = await write(brand.token, lineId, advertiserReview());
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('REVIEW_NOT_OPEN');
    expect((await lineReviews(creator.token, lineId)).json().data).toMatchObject({
      is_reviewable: false,
      can_write: false,
    });

    const paid = await paidLine();
    const otherBrand = await newBrand(ctx);
    const otherCreator = await newCreator(ctx);
    expect((await write(otherBrand.token, paid.lineId, advertiserReview())).statusCode).toBe(404);
    expect((await write(otherCreator.token, paid.lineId, creatorReview())).statusCode).toBe(404);
    expect((await lineReviews(otherCreator.token, paid.lineId)).statusCode).toBe(404);
    expect((await lineReviews(admin.token, paid.lineId)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/v2/reviews/lines/${lineId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reply and contest', () => {
  async function visibleReviewOfCreator() {
    const line = await paidLine();
    await write(line.brand.token, line.lineId, advertiserReview(2, { reasons: ['tone'] }));
    await write(line.creator.token, line.lineId, creatorReview());
    const view = (await lineReviews(line.creator.token, line.lineId)).json().data;
    return { ...line, reviewId: view.theirs.id as number };
  }

  it('lets the subject reply once; nobody else', async () => {
    const { brand, creator, reviewId } = await visibleReviewOfCreator();
    const byAuthor = await callAs(ctx, brand.token, 'POST', `/v2/reviews/${reviewId}/reply`, {
      reply: 'Me',
    });
    expect(byAuthor.statusCode).toBe(404);
    const empty = await callAs(ctx, creator.token, 'POST', `/v2/reviews/${reviewId}/reply`, {
      reply: '  ',
    });
    expect(empty.statusCode).toBe(400);
    const answer = await callAs(ctx, creator.token, 'POST', `/v2/reviews/${reviewId}/reply`, {
      reply: 'Thank you, noted.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.reply).toBe('Thank you, noted.');
    const again = await callAs(ctx, creator.token, 'POST', `/v2/reviews/${reviewId}/reply`, {
      reply: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REVIEW_REPLY_EXISTS');
  });

  it('takes a contest within 7 days of visibility, once, and refuses it after', async () => {
    const late = await visibleReviewOfCreator();
    moveClock(7.1);
    const tooLate = await callAs(
      ctx,
      late.creator.token,
      'POST',
      `/v2/reviews/${late.reviewId}/contest`,
      {
        reason: 'Unfair',
      },
    );
    expect(tooLate.statusCode).toBe(422);
    expect(tooLate.json().error.code).toBe('REVIEW_CONTEST_CLOSED');
    moveClock(0);

    const { creator, reviewId } = await visibleReviewOfCreator();
    moveClock(6.9);
    const contested = await callAs(ctx, creator.token, 'POST', `/v2/reviews/${reviewId}/contest`, {
      reason: 'The delivery was on time',
    });
    expect(contested.statusCode, contested.body).toBe(200);
    expect(contested.json().data.contest_state).toBe('open');
    const twice = await callAs(ctx, creator.token, 'POST', `/v2/reviews/${reviewId}/contest`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(422);
  });

  it('an admin removes a contested review: gone from lists and the summary, the author told', async () => {
    const { brand, creator, lineId, reviewId } = await visibleReviewOfCreator();
    const before = (await userReviews(brand.token, creator.userId)).json();
    expect(before.summary.count).toBe(1);
    await callAs(ctx, creator.token, 'POST', `/v2/reviews/${reviewId}/contest`, {
      reason: 'Not true',
    });
    const queue = await callAs(ctx, admin.token, 'GET', '/v2/admin/reviews?state=open');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((r: { id: number }) => r.id)).toContain(reviewId);
    expect((await callAs(ctx, brand.token, 'GET', '/v2/admin/reviews')).statusCode).toBe(403);

    const bad = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/reviews/${reviewId}/contest-decision`,
      { decision: 'maybe' },
    );
    expect(bad.statusCode).toBe(400);
    const removed = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/reviews/${reviewId}/contest-decision`,
      { decision: 'remove' },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.contest_state).toBe('removed');
    const after = (await userReviews(brand.token, creator.userId)).json();
    expect(after).toMatchObject({ data: [], summary: { count: 0, average: null } });
    expect((await lineReviews(creator.token, lineId)).json().data.theirs).toBeNull();
    // The author still sees theirs, marked removed.
    expect((await lineReviews(brand.token, lineId)).json().data.mine.contest_state).toBe('removed');
    expect(await eventsOfLine(ctx, 'reviews.contest-decided', lineId)).toEqual([
      expect.objectContaining({ decision: 'remove', authorUserId: brand.userId }),
    ]);
    const twice = await callAs(
      ctx,
      admin.token,
      'POST',
      `/v2/admin/reviews/${reviewId}/contest-decision`,
      { decision: 'uphold' },
    );
    expect(twice.statusCode).toBe(409);
  });
});

describe('summaries', () => {
  it('counts and averages visible reviews per user and criterion, pages newest first', async () => {
    const brand = await newBrand(ctx, 20_000_000);
    const first = await paidLine();
    const creator = first.creator;
    // Two more lines of the same creator, reviewed by other brands.
    await write(first.brand.token, first.lineId, advertiserReview(5));
    await write(creator.token, first.lineId, creatorReview());
    const second = await paidLine();
    await write(
      second.brand.token,
      second.lineId,
      advertiserReview(2, {
        reasons: ['tone'],
        criteria: {
          creativity: 2,
          brief_compliance: 2,
          on_time_submission: 3,
          production_quality: 2,
          communication: 2,
        },
      }),
    );
    // The second creator's review never came: still hidden, not counted.
    const summaries = await ratingSummariesOf(ctx.database.db, [
      creator.userId,
      second.creator.userId,
      brand.userId,
    ]);
    expect(summaries.get(creator.userId)).toEqual({
      count: 1,
      average: 5,
      criteria: {
        creativity: 5,
        brief_compliance: 4,
        on_time_submission: 5,
        production_quality: 4,
        communication: 5,
      },
    });
    expect(summaries.get(second.creator.userId)).toEqual({ count: 0, average: null, criteria: {} });
    // The profile pages ask by the creator's public id.
    const byProfile = await callAs(
      ctx,
      brand.token,
      'GET',
      `/v2/reviews/creators/${creator.influencerId}`,
    );
    expect(byProfile.json()).toMatchObject({
      summary: { count: 1, average: 5 },
      data: [{ rating: 5 }],
    });
    expect(
      (await callAs(ctx, brand.token, 'GET', '/v2/reviews/creators/2147483647')).statusCode,
    ).toBe(404);
    expect(summaries.get(brand.userId)?.count).toBe(0);
    // 7 days on, the second shows.
    const later = await ratingSummariesOf(
      ctx.database.db,
      [second.creator.userId],
      new Date(Date.now() + 7.1 * DAY),
    );
    expect(later.get(second.creator.userId)).toMatchObject({ count: 1, average: 2 });
    // The advertiser's summary from the creator's review.
    const ofAdvertiser = (await userReviews(creator.token, first.brand.userId)).json();
    expect(ofAdvertiser.summary).toEqual({
      count: 1,
      average: 4,
      criteria: { brief_clarity: 4, communication: 3, feedback_quality: 4, payment_timeliness: 5 },
    });
    expect(ofAdvertiser.data[0]).toMatchObject({ author_role: 'creator', rating: 4 });
    const paged = (await userReviews(creator.token, first.brand.userId, '?limit=1')).json();
    expect(paged.next_before).toBeNull();
    expect((await userReviews(creator.token, first.brand.userId, '?limit=0')).statusCode).toBe(400);
  });
});

describe('notifications', () => {
  interface Item {
    notification_type: string;
    content: string;
    redirection: string;
  }
  const notificationOf = (user: TestUser, type: string) =>
    waitFor(
      async () => {
        const answer = await callAs(ctx, user.token, 'GET', '/v2/notifications?page=1&limit=50');
        const items = answer.json().data as Item[];
        return items.find((item) => item.notification_type === type);
      },
      { what: `the ${type} notification` },
    );

  it('tells the other side a review was written (not what it says), both when shown, and the contest decision', async () => {
    const { brand, creator, lineId } = await paidLine();
    await write(brand.token, lineId, advertiserReview(3, { comment: 'Secret words' }));
    const written = await notificationOf(creator, 'review_written_talent');
    expect(written.content).not.toContain('Secret words');
    expect(written.redirection).toBe(`/make-content/${lineId}`);

    await write(creator.token, lineId, creatorReview());
    const shownToCreator = await notificationOf(creator, 'review_visible_talent');
    expect(shownToCreator.redirection).toBe(`/make-content/${lineId}`);
    expect((await notificationOf(brand, 'review_written_advertiser')).redirection).toBe(
      `/manage-content/${lineId}`,
    );
    await notificationOf(brand, 'review_visible_advertiser');

    const view = (await lineReviews(creator.token, lineId)).json().data;
    await callAs(ctx, creator.token, 'POST', `/v2/reviews/${view.theirs.id}/contest`, {
      reason: 'Not fair',
    });
    await callAs(ctx, admin.token, 'POST', `/v2/admin/reviews/${view.theirs.id}/contest-decision`, {
      decision: 'remove',
    });
    await notificationOf(brand, 'review_removed_advertiser');
    await notificationOf(creator, 'review_contest_decided_talent');
  });
});

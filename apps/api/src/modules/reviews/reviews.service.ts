import { isAdvertiserRole, type Role } from '@clipmarket/contracts/enums';
import {
  REVIEW_BLIND_DAYS,
  REVIEW_CONTEST_DAYS,
  reviewInputSchemaOf,
  reviewableLineStates,
  type AdminReview,
  type ContestBody,
  type ContestDecisionBody,
  type ContestState,
  type CreateReviewBody,
  type LineReviews,
  type ReplyBody,
  type Review,
  type ReviewAuthorRole,
  type UserReviews,
} from '@clipmarket/contracts/reviews';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { parseRequest } from '../../platform/http/validation.js';
import { describeLineParties } from '../content-requests/index.js';
import {
  describeNotificationSenders,
  userIdOfInfluencer,
  type NotificationSender,
} from '../users/index.js';
import type { ReviewsEvents } from './reviews.events.js';
import { reviewsRepository as repository, type ReviewRow } from './reviews.repository.js';
import { ratingSummariesOf, emptyRatingSummary } from './reviews.summaries.js';

export type Caller = { userId: number; role: Role };

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewsDeps {
  db: Db;
  events: EventEmitter<ReviewsEvents>;
  /** The clock of blindness and the contest window (tests move it). */
  clock: { now: () => Date };
}

const sideOf = (role: Role): ReviewAuthorRole | null =>
  role === 'TALENT' ? 'creator' : isAdvertiserRole(role) ? 'advertiser' : null;

const isReviewable = (state: string) => (reviewableLineStates as readonly string[]).includes(state);

/** Seen by the other side and the public: its time has come and the team did not remove it. */
const isVisible = (row: ReviewRow, now: Date) =>
  row.visibleFrom.getTime() <= now.getTime() && row.contestState !== 'removed';

const contestUntilOf = (row: ReviewRow) =>
  new Date(row.visibleFrom.getTime() + REVIEW_CONTEST_DAYS * DAY_MS);

function nameOf(sender: NotificationSender | undefined, role: ReviewAuthorRole): string {
  if (!sender) return '';
  const joined = (first: string | null, last: string | null) =>
    [first, last].filter((part) => part && part.trim() !== '').join(' ');
  return role === 'advertiser'
    ? sender.advertiserName || joined(sender.advertiserFirstName, sender.advertiserLastName)
    : sender.influencerName ||
        joined(sender.influencerFirstName, sender.influencerLastName) ||
        (sender.igUsername ?? '');
}

function toReview(row: ReviewRow, now: Date, names: Map<number, NotificationSender>): Review {
  return {
    id: row.id,
    content_request_influencer_id: row.lineId,
    author_role: row.authorRole,
    author_user_id: row.authorUserId,
    author_name: nameOf(names.get(row.authorUserId), row.authorRole),
    subject_user_id: row.subjectUserId,
    rating: row.rating,
    criteria: row.criteria,
    reasons: row.reasons,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    visible_from: row.visibleFrom.toISOString(),
    is_visible: isVisible(row, now),
    reply: row.reply,
    replied_at: row.repliedAt?.toISOString() ?? null,
    contest_state: row.contestState,
    contest_reason: row.contestReason,
    contested_at: row.contestedAt?.toISOString() ?? null,
  };
}

/**
 * Reviews (issue 27 §2): each side of a paid line reviews the other once, blind until both
 * wrote or 7 days passed; the subject replies once and may contest within 7 days of its
 * becoming visible; the team decides contests. The line is read (and locked while writing)
 * through content-requests' `describeLineParties`.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db, events, clock } = deps;

  async function namesOf(q: DbOrTx, rows: readonly ReviewRow[], extra: number[] = []) {
    const ids = new Set<number>(extra);
    for (const row of rows) ids.add(row.authorUserId).add(row.subjectUserId);
    return describeNotificationSenders(q, [...ids]);
  }

  /** The line and the caller's side on it; a line the caller is no party of is a 404. */
  async function partyLine(q: DbOrTx, caller: Caller, lineId: number) {
    const line = await describeLineParties(q, lineId);
    const side = sideOf(caller.role);
    if (!line || !side) throw notFound('Delivery line');
    const partyUserId = side === 'advertiser' ? line.advertiserUserId : line.influencerUserId;
    if (partyUserId !== caller.userId) throw notFound('Delivery line');
    const otherUserId = side === 'advertiser' ? line.influencerUserId : line.advertiserUserId;
    return { line, side, otherUserId };
  }

  async function lineReviews(caller: Caller, lineId: number): Promise<LineReviews> {
    const now = clock.now();
    const { line, side, otherUserId } = await partyLine(db, caller, lineId);
    const rows = await repository.ofLine(db, lineId);
    const mine = rows.find((row) => row.authorRole === side) ?? null;
    const theirsRow = rows.find((row) => row.authorRole !== side) ?? null;
    const theirs = theirsRow && isVisible(theirsRow, now) ? theirsRow : null;
    const names = await namesOf(db, rows, [otherUserId]);
    const reviewable = isReviewable(line.state);
    return {
      content_request_influencer_id: lineId,
      my_role: side,
      is_reviewable: reviewable,
      can_write: reviewable && !mine,
      mine: mine ? toReview(mine, now, names) : null,
      theirs: theirs ? toReview(theirs, now, names) : null,
      theirs_written: theirsRow !== null,
      can_reply: theirs !== null && theirs.reply === null,
      can_contest:
        theirs !== null &&
        theirs.contestState === null &&
        now.getTime() <= contestUntilOf(theirs).getTime(),
      contest_until: theirs ? contestUntilOf(theirs).toISOString() : null,
      other_name: nameOf(names.get(otherUserId), side === 'advertiser' ? 'creator' : 'advertiser'),
    };
  }

  async function write(caller: Caller, body: CreateReviewBody): Promise<LineReviews> {
    const lineId = Number(body.content_request_influencer_id);
    // The party check first: a stranger learns nothing of the line, not even its rules.
    const { side } = await partyLine(db, caller, lineId);
    const input = parseRequest(reviewInputSchemaOf(side), {
      rating: body.rating,
      criteria: body.criteria,
      reasons: body.reasons,
      comment: body.comment,
    });
    await inTransaction(db, async (tx) => {
      // The line locked: the two sides' reviews are written one after the other.
      const line = await describeLineParties(tx, lineId, { lock: tx });
      if (!line) throw notFound('Delivery line');
      if (!isReviewable(line.state)) {
        throw new AppError(
          'REVIEW_NOT_OPEN',
          'This collaboration can be reviewed once the content fee is paid',
        );
      }
      const rows = await repository.ofLine(tx, lineId);
      if (rows.some((row) => row.authorRole === side)) {
        throw new AppError('REVIEW_EXISTS', 'You have already reviewed this collaboration');
      }
      const other = rows.find((row) => row.authorRole !== side);
      const now = clock.now();
      const subjectUserId = side === 'advertiser' ? line.influencerUserId : line.advertiserUserId;
      const review = await repository.insert(tx, {
        lineId,
        authorUserId: caller.userId,
        authorRole: side,
        subjectUserId,
        rating: input.rating,
        criteria: input.criteria,
        reasons: input.reasons,
        comment: input.comment,
        createdAt: now,
        // The second side's review shows at once, together with the first one.
        visibleFrom: other ? now : new Date(now.getTime() + REVIEW_BLIND_DAYS * DAY_MS),
      });
      await events.emit(tx, 'reviews.written', {
        reviewId: review.id,
        lineId,
        authorUserId: caller.userId,
        authorRole: side,
        subjectUserId,
      });
      if (!other) return;
      await events.emit(tx, 'reviews.revealed', {
        reviewId: review.id,
        lineId,
        authorUserId: caller.userId,
        subjectUserId,
      });
      // The first review was hidden until now (unless its 7 days had passed already).
      if (await repository.revealOther(tx, other.id, now)) {
        await events.emit(tx, 'reviews.revealed', {
          reviewId: other.id,
          lineId,
          authorUserId: other.authorUserId,
          subjectUserId: other.subjectUserId,
        });
      }
    });
    return lineReviews(caller, lineId);
  }

  /** The review of which the caller is the subject, visible to them; else a 404. */
  async function lockSubjectReview(tx: Tx, caller: Caller, id: number) {
    const row = await repository.lock(tx, id);
    if (!row || row.subjectUserId !== caller.userId || !isVisible(row, clock.now())) {
      throw notFound('Review');
    }
    return row;
  }

  async function reply(caller: Caller, id: number, body: ReplyBody): Promise<Review> {
    const row = await inTransaction(db, async (tx) => {
      const review = await lockSubjectReview(tx, caller, id);
      if (review.reply !== null) {
        throw new AppError('REVIEW_REPLY_EXISTS', 'This review already has your reply');
      }
      return repository.update(tx, id, { reply: body.reply, repliedAt: clock.now() });
    });
    return toReview(row, clock.now(), await namesOf(db, [row]));
  }

  async function contest(caller: Caller, id: number, body: ContestBody): Promise<Review> {
    const row = await inTransaction(db, async (tx) => {
      const review = await lockSubjectReview(tx, caller, id);
      const now = clock.now();
      if (review.contestState !== null || now.getTime() > contestUntilOf(review).getTime()) {
        throw new AppError(
          'REVIEW_CONTEST_CLOSED',
          `A review can be contested once, within ${REVIEW_CONTEST_DAYS} days of its becoming visible`,
        );
      }
      return repository.update(tx, id, {
        contestReason: body.reason,
        contestedAt: now,
        contestState: 'open',
      });
    });
    return toReview(row, clock.now(), await namesOf(db, [row]));
  }

  async function decideContest(
    admin: Caller,
    id: number,
    body: ContestDecisionBody,
  ): Promise<Review> {
    const row = await inTransaction(db, async (tx) => {
      const review = await repository.lock(tx, id);
      if (!review) throw notFound('Review');
      if (review.contestState !== 'open') {
        throw new AppError('INVALID_TRANSITION', 'This review has no open contest');
      }
      const decided = await repository.update(tx, id, {
        contestState: body.decision === 'remove' ? 'removed' : 'upheld',
        contestDecidedByUserId: admin.userId,
        contestDecidedAt: clock.now(),
      });
      await events.emit(tx, 'reviews.contest-decided', {
        reviewId: id,
        lineId: review.lineId,
        authorUserId: review.authorUserId,
        subjectUserId: review.subjectUserId,
        decision: body.decision,
      });
      return decided;
    });
    return toReview(row, clock.now(), await namesOf(db, [row]));
  }

  async function reviewsOfUser(
    userId: number,
    page: { before?: number; limit: number },
  ): Promise<UserReviews> {
    const now = clock.now();
    const rows = await repository.visibleOfSubject(db, userId, now, page);
    const shown = rows.slice(0, page.limit);
    const names = await namesOf(db, shown);
    const summaries = await ratingSummariesOf(db, [userId], now);
    return {
      data: shown.map((row) => toReview(row, now, names)),
      next_before: rows.length > page.limit ? shown.at(-1)!.id : null,
      summary: summaries.get(userId) ?? emptyRatingSummary(),
    };
  }

  /** A creator's reviews by their public id (the profile pages know the influencer, not the user). */
  async function reviewsOfCreator(influencerId: number, page: { before?: number; limit: number }) {
    const userId = await userIdOfInfluencer(db, influencerId);
    if (userId === undefined) throw notFound('Creator');
    return reviewsOfUser(userId, page);
  }

  async function contestedReviews(query: {
    state: ContestState;
    before?: number;
    limit: number;
  }): Promise<{ data: AdminReview[]; next_before: number | null }> {
    const now = clock.now();
    const rows = await repository.contested(db, query.state, query);
    const shown = rows.slice(0, query.limit);
    const names = await namesOf(db, shown);
    const data: AdminReview[] = [];
    for (const row of shown) {
      const line = await describeLineParties(db, row.lineId);
      data.push({
        ...toReview(row, now, names),
        subject_name: nameOf(
          names.get(row.subjectUserId),
          row.authorRole === 'advertiser' ? 'creator' : 'advertiser',
        ),
        line_reference: line?.reference ?? '',
      });
    }
    return { data, next_before: rows.length > query.limit ? shown.at(-1)!.id : null };
  }

  return {
    lineReviews,
    write,
    reply,
    contest,
    decideContest,
    reviewsOfUser,
    reviewsOfCreator,
    contestedReviews,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

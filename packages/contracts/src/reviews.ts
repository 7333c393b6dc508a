import { z } from 'zod';
import { negativeFeedbackReasons } from './content-delivery.js';
import { idSchema, pageLimitSchema, safeText } from './primitives.js';
import type { ContentRequestLineState } from './workflows/content-request-line.js';

/**
 * Written reviews (issue 27 §2): after a delivery line's content fee is paid, each side reviews
 * the other once — blind: the other side and the public see a review 7 days after it was written,
 * or at once when the other side has written theirs. A rating of 2 or below needs reasons and a
 * comment. The reviewed party may reply once and contest it within 7 days of its becoming
 * visible; the team upholds or removes it.
 */

export const reviewAuthorRoles = ['advertiser', 'creator'] as const;
export type ReviewAuthorRole = (typeof reviewAuthorRoles)[number];

/** A line can be reviewed once the content fee is paid (spec: "after completion"). */
export const reviewableLineStates = [
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
] as const satisfies readonly ContentRequestLineState[];

/** Days a review stays hidden when the other side does not write theirs. */
export const REVIEW_BLIND_DAYS = 7;
/** Days the reviewed party has, from its becoming visible, to contest a review. */
export const REVIEW_CONTEST_DAYS = 7;
/** At this rating or below, reasons and a comment are required. */
export const REVIEW_LOW_RATING = 2;
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_CONTEST_REASON_MAX = 1000;

/** What an advertiser rates of the creator. */
export const creatorCriteria = [
  'creativity',
  'brief_compliance',
  'on_time_submission',
  'production_quality',
  'communication',
] as const;
/** What a creator rates of the advertiser. */
export const advertiserCriteria = [
  'brief_clarity',
  'communication',
  'feedback_quality',
  'payment_timeliness',
] as const;
export type ReviewCriterion =
  (typeof creatorCriteria)[number] | (typeof advertiserCriteria)[number];

/** The creator's reasons for a low rating of the advertiser. */
export const advertiserNegativeReasons = [
  'unclear_brief',
  'late_answers',
  'late_payment',
  'unfair_revisions',
  'rude_communication',
] as const;

/** The criteria and reasons an author of this role uses (they rate the other side). */
export const reviewRulesOf = (authorRole: ReviewAuthorRole) =>
  authorRole === 'advertiser'
    ? { criteria: creatorCriteria, reasons: negativeFeedbackReasons }
    : { criteria: advertiserCriteria, reasons: advertiserNegativeReasons };

const ratingSchema = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, message).max(5, message);

export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5 stars',
  criterion: 'Rate each point from 1 to 5',
  reasons: 'Choose at least one reason for a rating of 2 stars or below',
  comment: 'Explain a rating of 2 stars or below in a comment',
  commentMax: `The comment is at most ${REVIEW_COMMENT_MAX} characters`,
  reply: 'Write your reply',
  replyMax: `The reply is at most ${REVIEW_REPLY_MAX} characters`,
  contestReason: 'Say why this review should be removed',
  contestReasonMax: `The reason is at most ${REVIEW_CONTEST_REASON_MAX} characters`,
} as const;

/**
 * The review an author of `authorRole` writes: the form and the service use the same schema
 * (the route first reads the side-free body below, then the service this one).
 */
export function reviewInputSchemaOf(authorRole: ReviewAuthorRole) {
  const rules = reviewRulesOf(authorRole);
  const criteriaShape = Object.fromEntries(
    rules.criteria.map((criterion) => [criterion, ratingSchema(REVIEW_MESSAGES.criterion)]),
  ) as Record<string, ReturnType<typeof ratingSchema>>;
  return z
    .object({
      rating: ratingSchema(REVIEW_MESSAGES.rating),
      criteria: z.strictObject(criteriaShape),
      reasons: z
        .array(z.enum(rules.reasons as unknown as [string, ...string[]]))
        .max(rules.reasons.length)
        .refine((list) => new Set(list).size === list.length, 'A reason is chosen only once')
        .default([]),
      comment: safeText().trim().max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentMax).default(''),
    })
    .superRefine((value, context) => {
      if (value.rating > REVIEW_LOW_RATING) return;
      if (value.reasons.length === 0) {
        context.addIssue({ code: 'custom', path: ['reasons'], message: REVIEW_MESSAGES.reasons });
      }
      if (value.comment === '') {
        context.addIssue({ code: 'custom', path: ['comment'], message: REVIEW_MESSAGES.comment });
      }
    })
    .transform((value) => ({
      ...value,
      // Reasons explain a low rating only.
      reasons: value.rating <= REVIEW_LOW_RATING ? value.reasons : [],
    }));
}
export type ReviewInput = z.output<ReturnType<typeof reviewInputSchemaOf>>;

/** `POST /v2/reviews`: the side comes from the caller; the service checks the rest per side. */
export const createReviewBodySchema = z.object({
  content_request_influencer_id: idSchema,
  rating: z.unknown(),
  criteria: z.unknown().optional(),
  reasons: z.unknown().optional(),
  comment: z.unknown().optional(),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

export const replyBodySchema = z.object({
  reply: safeText()
    .trim()
    .min(1, REVIEW_MESSAGES.reply)
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyMax),
});
export type ReplyBody = z.input<typeof replyBodySchema>;

export const contestBodySchema = z.object({
  reason: safeText()
    .trim()
    .min(1, REVIEW_MESSAGES.contestReason)
    .max(REVIEW_CONTEST_REASON_MAX, REVIEW_MESSAGES.contestReasonMax),
});
export type ContestBody = z.input<typeof contestBodySchema>;

export const contestDecisions = ['uphold', 'remove'] as const;
export const contestDecisionBodySchema = z.object({
  decision: z.enum(contestDecisions),
  note: safeText().trim().max(REVIEW_CONTEST_REASON_MAX).optional(),
});
export type ContestDecisionBody = z.input<typeof contestDecisionBodySchema>;

export const contestStates = ['open', 'upheld', 'removed'] as const;
export type ContestState = (typeof contestStates)[number];

export const reviewSchema = z.object({
  id: z.number().int(),
  content_request_influencer_id: z.number().int(),
  author_role: z.enum(reviewAuthorRoles),
  author_user_id: z.number().int(),
  /** The author's public name (brand or creator name). */
  author_name: z.string(),
  subject_user_id: z.number().int(),
  rating: z.number().int(),
  criteria: z.record(z.string(), z.number().int()),
  reasons: z.array(z.string()),
  comment: z.string(),
  created_at: z.string(),
  visible_from: z.string(),
  /** Seen by the other side and the public (visible_from has passed and not removed). */
  is_visible: z.boolean(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  contest_state: z.enum(contestStates).nullable(),
  contest_reason: z.string().nullable(),
  contested_at: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingSummarySchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  criteria: z.record(z.string(), z.number()),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const lineReviewsParamsSchema = z.object({ content_request_influencer_id: idSchema });

/** `GET /v2/reviews/lines/{id}`: both sides' reviews as the caller may see them. */
export const lineReviewsResponseSchema = z.object({
  data: z.object({
    content_request_influencer_id: z.number().int(),
    /** The caller's side on this line (admins see the line as neither). */
    my_role: z.enum(reviewAuthorRoles),
    /** The line is paid or further on: reviews can be written. */
    is_reviewable: z.boolean(),
    can_write: z.boolean(),
    mine: reviewSchema.nullable(),
    /** The other side's review, once visible to the caller. */
    theirs: reviewSchema.nullable(),
    /** The other side has written theirs (shown or not yet). */
    theirs_written: z.boolean(),
    can_reply: z.boolean(),
    can_contest: z.boolean(),
    /** Until when the caller may contest theirs (null when not visible yet). */
    contest_until: z.string().nullable(),
    /** The other party's name, for "hidden until <other> writes theirs". */
    other_name: z.string(),
  }),
});
export type LineReviews = z.infer<typeof lineReviewsResponseSchema>['data'];

export const userReviewsParamsSchema = z.object({ user_id: idSchema });
export const creatorReviewsParamsSchema = z.object({ influencer_id: idSchema });
export const userReviewsQuerySchema = z.object({
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export const userReviewsResponseSchema = z.object({
  data: z.array(reviewSchema),
  next_before: z.number().int().nullable(),
  summary: ratingSummarySchema,
});
export type UserReviews = z.infer<typeof userReviewsResponseSchema>;

export const reviewParamsSchema = z.object({ review_id: idSchema });
export const reviewResponseSchema = z.object({ data: reviewSchema });

export const adminReviewsQuerySchema = z.object({
  state: z.enum(contestStates).default('open'),
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export const adminReviewSchema = reviewSchema.extend({
  subject_name: z.string(),
  line_reference: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsResponseSchema = z.object({
  data: z.array(adminReviewSchema),
  next_before: z.number().int().nullable(),
});

import { z } from 'zod';

/**
 * Measured reputation both ways (issue 27 §2, ADR 047): figures computed from what happened on
 * the platform — the line process's audit, the videos' reviews, payments, applications —, never
 * typed by anyone. Every figure covers the last `REPUTATION_WINDOW_MONTHS` months: a fact counts
 * when the thing it measures started in the window (a line opened, an application sent).
 *
 * A figure resting on fewer than `REPUTATION_MIN_FACTS` facts is `null` ("not enough history",
 * the web's "New on Clipmarket"), never a misleading 0. Rates are basis points (10000 = 100 %);
 * revisions per video are hundredths (40 = 0.40 revisions); durations are hours with one decimal.
 */

export const REPUTATION_WINDOW_MONTHS = 12;
export const REPUTATION_MIN_FACTS = 3;
/**
 * An approved line's content fee counts as paid on time when paid within this many hours of the
 * approval. No business setting holds this window (issue 27 §2 names 72 h), so it is a constant.
 */
export const PAID_ON_TIME_HOURS = 72;
/** At most this many advertisers per batched read (opportunity cards). */
export const REPUTATION_BATCH_MAX = 50;

const basisPoints = z.number().int().min(0).max(10_000);
const hours = z.number().min(0);

/** A creator's rating by the advertisers' approvals (spec §3 feedback: a 1–5 rating and reasons). */
export const creatorRatingsSchema = z.object({
  /** Approvals that carried a rating. */
  count: z.number().int(),
  /** Average rating in hundredths (460 = 4.60 of 5); null under the threshold. */
  average_hundredths: z.number().int().nullable(),
  /**
   * The positive feedback reasons (`positiveFeedbackReasons`) cited in approvals, most cited
   * first: the creator's ratings by criterion.
   */
  strengths: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});

/** Written reviews' summary (the reviews module's `ratingSummariesOf`), when that module exists. */
export const reviewSummarySchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  criteria: z.record(z.string(), z.number()),
});

/** `GET /v2/reputation/creators/{influencer_id}`. */
export const creatorReputationSchema = z.object({
  influencer_id: z.number().int(),
  window_months: z.number().int(),
  /**
   * Among lines whose first video was submitted and whose delivery is settled (the last version
   * was approved, auto-approved or rejected, or the line expired or was cancelled after a
   * submission, or the clock already ran past its allowance): the share delivered on time.
   * The creator's clock runs from acceptance to each submission and from each debrief to the
   * next submission; it stops while a version waits for the advertiser's review. On time when
   * the clock's total is at most the time from acceptance to the delivery deadline.
   */
  on_time_rate: basisPoints.nullable(),
  /** The lines `on_time_rate` measured. */
  on_time_facts: z.number().int(),
  /** Median hours from a request's line being sent to the creator's accept or decline. */
  median_hours_to_answer_request: hours.nullable(),
  /** Debriefs per line with a submitted video, in hundredths (40 = 0.40). */
  revisions_per_video_hundredths: z.number().int().nullable(),
  /**
   * Among lines whose review ended (approved — by the advertiser, automatically or by a dispute
   * settled for the creator — or rejected for good): the share approved.
   */
  approval_rate: basisPoints.nullable(),
  /** Lines completed (publication approved). */
  completed: z.number().int(),
  ratings: creatorRatingsSchema,
  /** Present only when the reviews module is part of the API. */
  reviews: reviewSummarySchema.optional(),
});
export type CreatorReputation = z.infer<typeof creatorReputationSchema>;

/** `GET /v2/reputation/advertisers/{user_id}`, and each entry of the batched read. */
export const advertiserReputationSchema = z.object({
  user_id: z.number().int(),
  window_months: z.number().int(),
  /** Median hours from an application to the advertiser's first answer (accept, debrief, decline). */
  median_hours_to_answer_application: hours.nullable(),
  /**
   * Median hours from a version's submission to its review (approve, debrief, reject); an
   * automatic approval counts as the whole review window (`review_window_days`).
   */
  median_hours_to_review: hours.nullable(),
  /**
   * Among approved lines, those whose content fee was paid within `PAID_ON_TIME_HOURS` of the
   * approval (an unpaid line counts once that window is over).
   */
  paid_on_time_rate: basisPoints.nullable(),
  /** Debriefs per line with a submitted video, in hundredths. */
  revisions_per_video_hundredths: z.number().int().nullable(),
  /** Disputes on the advertiser's lines decided for the creator, and their share of the decided. */
  disputes_lost: z.number().int(),
  disputes_decided: z.number().int(),
  disputes_lost_rate: basisPoints.nullable(),
  /** Applications closed or declined by the system without the advertiser ever answering. */
  unanswered_application_rate: basisPoints.nullable(),
  reviews: reviewSummarySchema.optional(),
});
export type AdvertiserReputation = z.infer<typeof advertiserReputationSchema>;

export const creatorReputationParamsSchema = z.object({
  influencer_id: z.coerce.number().int().positive(),
});
export const advertiserReputationParamsSchema = z.object({
  user_id: z.coerce.number().int().positive(),
});

/** `?ids=1,2,3`: distinct positive user ids, at most `REPUTATION_BATCH_MAX`. */
export const advertiserReputationBatchQuerySchema = z.object({
  ids: z
    .string({ error: 'Give the advertisers’ ids' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'Give the advertisers’ ids separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0), 'Give the advertisers’ ids separated by commas')
    .refine(
      (ids) => ids.length <= REPUTATION_BATCH_MAX,
      `At most ${REPUTATION_BATCH_MAX} advertisers at once`,
    ),
});

export const creatorReputationResponseSchema = z.object({ data: creatorReputationSchema });
export const advertiserReputationResponseSchema = z.object({ data: advertiserReputationSchema });
/** Only the ids that are advertisers are answered; others are left out. */
export const advertiserReputationBatchResponseSchema = z.object({
  data: z.array(advertiserReputationSchema),
});

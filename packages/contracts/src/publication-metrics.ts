import { z } from 'zod';
import { platforms } from './enums.js';
import { idParamSchema, idSchema, pageLimitSchema, safeText } from './primitives.js';

/**
 * Publication metrics (issue 24 §2): the figures of every approved publication link, read from
 * the platform's API of a connected account or submitted by the creator with a screenshot and
 * checked by the team; each figure says where it came from and when it was read.
 */

export type MetricPlatform = (typeof platforms)[number];

/** The fixed windows every publication is read at (after its approval), and the daily one. */
export const scheduledMetricWindows = ['24h', '72h', '7d', '30d'] as const;
export const metricWindows = [...scheduledMetricWindows, 'latest'] as const;
export type MetricWindow = (typeof metricWindows)[number];
export type ScheduledMetricWindow = (typeof scheduledMetricWindows)[number];

/** Hours after the approval of a link at which each window is read. */
export const metricWindowHours: Record<ScheduledMetricWindow, number> = {
  '24h': 24,
  '72h': 72,
  '7d': 7 * 24,
  '30d': 30 * 24,
};

/** Where a figure came from: the platform's API, or the creator's screenshot. */
export const metricSources = ['instagram_api', 'tiktok_api', 'creator'] as const;
export type MetricSource = (typeof metricSources)[number];

/** `reconnect_needed`: the platform refused the token (expired or revoked). */
export const socialAccountStatuses = ['connected', 'reconnect_needed'] as const;
export type SocialAccountStatus = (typeof socialAccountStatuses)[number];

export const socialAccountSchema = z.object({
  platform: z.enum(platforms),
  username: z.string(),
  status: z.enum(socialAccountStatuses),
  connected_at: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const socialAccountsResponseSchema = z.object({ data: z.array(socialAccountSchema) });

export const socialPlatformParamsSchema = z.object({ platform: z.enum(platforms) });

/** `POST /v2/social-accounts/{platform}/connect`: where the browser goes to allow the access. */
export const connectResponseSchema = z.object({
  data: z.object({ authorize_url: z.string() }),
});

/** What the platform sends back to the OAuth callback (a code, or an error), with our state. */
export const oauthCallbackQuerySchema = z.object({
  code: safeText().max(2000).optional(),
  state: safeText().max(1000).optional(),
  error: safeText().max(200).optional(),
  error_description: safeText().max(1000).optional(),
});

/** The largest count taken (a PostgreSQL integer; a post's views stay far below it). */
export const METRIC_COUNT_MAX = 2_000_000_000;
const count = (label: string) =>
  z
    .number({ error: `Enter the ${label} (a whole number)` })
    .int(`Enter the ${label} as a whole number`)
    .min(0, `The ${label} cannot be negative`)
    .max(METRIC_COUNT_MAX, `The ${label} is too large`);

export const metricLinkParamsSchema = idParamSchema('link_id');

/**
 * `POST /v2/publication-metrics/{link_id}/submissions` (creator, an approved link of their own
 * line on a platform with no connected account): the figures of the insights screenshot.
 */
export const metricSubmissionBodySchema = z.object({
  window: z.enum(metricWindows).default('latest'),
  views: count('views'),
  reach: count('reach').nullable().default(null),
  likes: count('likes'),
  comments: count('comments'),
  shares: count('shares'),
  saves: count('saves').nullable().default(null),
  watch_time_ms: count('watch time').nullable().default(null),
  /** An image the creator uploaded (media, purpose any): the insights screenshot. */
  screenshot_file_id: idSchema,
});
export type MetricSubmissionBody = z.input<typeof metricSubmissionBodySchema>;

export const metricSubmissionStates = ['submitted', 'approved', 'declined'] as const;
export type MetricSubmissionState = (typeof metricSubmissionStates)[number];

export const metricFiguresSchema = z.object({
  views: z.number().int().nullable(),
  reach: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  saves: z.number().int().nullable(),
  watch_time_ms: z.number().int().nullable(),
});
export type MetricFigures = z.infer<typeof metricFiguresSchema>;

export const metricSubmissionSchema = metricFiguresSchema.extend({
  submission_id: z.number().int(),
  link_id: z.number().int(),
  content_request_influencer_id: z.number().int(),
  platform: z.enum(platforms),
  url: z.string(),
  window: z.enum(metricWindows),
  screenshot_file_id: z.number().int(),
  state: z.enum(metricSubmissionStates),
  reason: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type MetricSubmission = z.infer<typeof metricSubmissionSchema>;

export const metricSubmissionResponseSchema = z.object({ data: metricSubmissionSchema });

/** `GET /v2/admin/metric-submissions`: by state (waiting first by default), keyset on the id. */
export const adminMetricSubmissionsQuerySchema = z.object({
  state: z.enum(metricSubmissionStates).default('submitted'),
  after: z.coerce.number().int().positive().optional(),
  limit: pageLimitSchema,
});

/** One submission in the team's queue, named by its delivery line as the rest of the admin is. */
export const adminMetricSubmissionSchema = metricSubmissionSchema.extend({
  creator_user_id: z.number().int(),
  /** The line's public reference, `CR-000010-1` (an opportunity's: `OP-000010-1`). */
  reference: z.string(),
  /** The request's (or opportunity's) title. */
  title: z.string(),
  creator_name: z.string(),
  advertiser_name: z.string(),
  /** The request of a request's line; null for an opportunity's. */
  content_request_id: z.number().int().nullable(),
  /** The opportunity of an opportunity's line; null for a request's. */
  content_opportunity_id: z.number().int().nullable(),
});
export type AdminMetricSubmission = z.infer<typeof adminMetricSubmissionSchema>;

export const adminMetricSubmissionsResponseSchema = z.object({
  data: z.array(adminMetricSubmissionSchema),
  next_after: z.number().int().nullable(),
});

export const metricSubmissionParamsSchema = idParamSchema('submission_id');

/** `POST /v2/admin/metric-submissions/{submission_id}`: the team's check of the screenshot. */
export const metricSubmissionDecisionBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('decline'),
    reason: safeText().trim().min(1, 'Say why the figures are declined').max(1000),
  }),
]);
export type MetricSubmissionDecision = z.infer<typeof metricSubmissionDecisionBodySchema>;

/** One set of figures with where it came from and when it was read. */
export const labelledFiguresSchema = metricFiguresSchema.extend({
  source: z.enum(metricSources),
  read_at: z.string(),
  /** For the creator's figures: whether the team checked them (null for the platform's). */
  checked: z.boolean().nullable(),
  /** Read after the post was deleted: no figures. */
  post_deleted: z.boolean(),
});
export type LabelledFiguresDto = z.infer<typeof labelledFiguresSchema>;

export const lineMetricsParamsSchema = idParamSchema('content_request_influencer_id');

/**
 * `GET /v2/publication-metrics/lines/{content_request_influencer_id}` (the line's creator or
 * advertiser, or an admin): each approved link's figures; for the creator, whether they may
 * submit figures (no account of the platform connected) and their submissions, newest first.
 */
export const lineMetricsResponseSchema = z.object({
  data: z.object({
    links: z.array(
      z.object({
        link_id: z.number().int(),
        platform: z.enum(platforms),
        url: z.string(),
        approved_at: z.string(),
        latest: labelledFiguresSchema.nullable(),
        windows: z.object({
          '24h': labelledFiguresSchema.nullable(),
          '72h': labelledFiguresSchema.nullable(),
          '7d': labelledFiguresSchema.nullable(),
          '30d': labelledFiguresSchema.nullable(),
        }),
        can_submit: z.boolean(),
        submissions: z.array(metricSubmissionSchema),
      }),
    ),
  }),
});
export type LineMetrics = z.infer<typeof lineMetricsResponseSchema>['data'];

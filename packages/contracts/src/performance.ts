import { z } from 'zod';
import { sharedFiguresSchema, sharedPointSchema } from './campaign-sharing.js';
import { campaignGoals, campaignItemKinds, type CampaignGoal } from './campaigns.js';
import { languages, platforms } from './enums.js';
import { idParamSchema } from './primitives.js';
import { metricSources } from './publication-metrics.js';

/**
 * Performance (issue 24 §3): what the advertiser's published videos brought, with the cost
 * taken from what was paid (the ledger), never from typed-in rates.
 *
 * Units: money in integer millimes; CPM, cost per view, cost per engagement and cost per click
 * are millimes rounded half up to the millime; the engagement rate is in basis points
 * (1 bp = 0.01 %, 412 = 4.12 %), rounded half up. A ratio is null when its divisor is 0 or
 * unknown. Engagements = likes + comments + shares + saves, of those the source gives.
 */

/** The figures a page can put first. */
export const performanceFigures = [
  'views',
  'cpm',
  'clicks',
  'cpc',
  'engagement_rate',
  'cost_per_engagement',
  'cost_per_view',
] as const;
export type PerformanceFigure = (typeof performanceFigures)[number];

/**
 * The campaign's goal picks its headline: reach goals read views and CPM; goals that send
 * people somewhere read the clicks of the tracked links and their cost; the others read how
 * much the audience engaged. Outside a campaign: views and CPM.
 */
export const headlineOfGoal: Record<CampaignGoal, readonly [PerformanceFigure, PerformanceFigure]> =
  {
    'brand-awareness': ['views', 'cpm'],
    'product-launch': ['views', 'cpm'],
    'store-opening': ['views', 'cpm'],
    traffic: ['clicks', 'cpc'],
    'app-install': ['clicks', 'cpc'],
    'purchases-sales': ['clicks', 'cpc'],
    'lead-generation': ['clicks', 'cpc'],
    engagement: ['engagement_rate', 'cost_per_engagement'],
    'customer-loyalty': ['engagement_rate', 'cost_per_engagement'],
  };
export const headlineWithoutGoal: readonly [PerformanceFigure, PerformanceFigure] = [
  'views',
  'cpm',
];

/** `GET /v2/campaigns/{campaign_id}/performance?view=`: which of its items the page reads. */
export const performanceViews = ['request', 'opportunity', 'mixed'] as const;
export type PerformanceView = (typeof performanceViews)[number];

export const campaignPerformanceQuerySchema = z.object({
  view: z.enum(performanceViews).default('mixed'),
});
export const campaignPerformanceParamsSchema = idParamSchema('campaign_id');

/**
 * `GET /v2/campaigns/{campaign_id}/report.pdf?language=`: the campaign's report as a PDF, in
 * this language (else the request's Accept-Language, else English).
 */
export const campaignReportQuerySchema = z.object({ language: z.enum(languages).optional() });
export const requestPerformanceParamsSchema = idParamSchema('content_request_id');
export const opportunityPerformanceParamsSchema = idParamSchema('content_opportunity_id');

const count = z.number().int().nonnegative();
const millimes = z.number().int();

/** The ratios of some cost over some figures (see the units above). */
export const performanceRatiosSchema = z.object({
  cpm: millimes.nullable(),
  cost_per_view: millimes.nullable(),
  cost_per_engagement: millimes.nullable(),
  /** Basis points: 412 = 4.12 %. */
  engagement_rate_bp: count.nullable(),
  cpc: millimes.nullable(),
});

/** Figures summed over videos (null: no video had that figure yet). */
export const performanceSumsSchema = z.object({
  views: count.nullable(),
  reach: count.nullable(),
  likes: count.nullable(),
  comments: count.nullable(),
  shares: count.nullable(),
  saves: count.nullable(),
  engagements: count.nullable(),
  /** People who followed a tracked link (bots and link previews left out). */
  clicks: count,
  /** Views at 7 days, summed over the videos that have them: the same footing for all. */
  views_7d: count.nullable(),
});

export type PerformanceSums = z.infer<typeof performanceSumsSchema>;

export const performanceTotalsSchema = performanceSumsSchema.extend({
  ...performanceRatiosSchema.shape,
  /**
   * Everything the items cost so far (platform fees and content fees paid), from the ledger,
   * including videos not published yet.
   */
  cost: millimes,
  /** Delivery lines (one video each), and those with an approved publication link. */
  videos: count,
  published: count,
  /** Published videos with figures read (or submitted) at least once. */
  with_figures: count,
  /** Where the figures of these totals come from, and when the newest and oldest were read. */
  sources: z.array(z.enum(metricSources)),
  newest_read_at: z.string().nullable(),
  oldest_read_at: z.string().nullable(),
  /** Videos whose figures include a creator's not checked by the team yet. */
  unchecked: count,
});
export type PerformanceTotals = z.infer<typeof performanceTotalsSchema>;

/**
 * One set of figures with where it came from and when it was read: the public report's own set
 * (a post's counts, nothing private), written once there; a figure only the advertiser may see
 * would extend it here, so that it never reaches the public report.
 */
export const labelledFiguresSchema = sharedFiguresSchema;
export type LabelledFiguresWire = z.infer<typeof labelledFiguresSchema>;

/** One approved publication link of a video. */
export const performancePublicationSchema = z.object({
  link_id: z.number().int(),
  platform: z.enum(platforms),
  url: z.string(),
  /** The newest figures (null: not read yet). */
  latest: labelledFiguresSchema.nullable(),
  /** The figures read 7 days after approval. */
  at_7d: labelledFiguresSchema.nullable(),
});
export type PerformancePublication = z.infer<typeof performancePublicationSchema>;

/** One video: a delivery line and its publications, its cost and figures. */
export const performanceVideoSchema = z.object({
  content_request_influencer_id: z.number().int(),
  kind: z.enum(campaignItemKinds),
  /** `CR-000010-1` or `OP-000010-1`. */
  reference: z.string(),
  title: z.string(),
  creator_name: z.string(),
  publications: z.array(performancePublicationSchema),
  /** The content fee once paid plus an equal share of its request's or opportunity's fee. */
  cost: millimes,
  ...performanceSumsSchema.shape,
  ...performanceRatiosSchema.shape,
});
export type PerformanceVideo = z.infer<typeof performanceVideoSchema>;

/**
 * One point of a chart: a window's figures summed over the videos that have it, and how many
 * videos had figures then. Counts only: the public report's point, written once there.
 */
export const performancePointSchema = sharedPointSchema;
export type PerformancePoint = z.infer<typeof performancePointSchema>;

export const performanceHeadlineSchema = z.object({
  goal: z.enum(campaignGoals).nullable(),
  figures: z.tuple([z.enum(performanceFigures), z.enum(performanceFigures)]),
});

const performanceBody = {
  headline: performanceHeadlineSchema,
  totals: performanceTotalsSchema,
  series: z.array(performancePointSchema),
};

/** A request's, an opportunity's or a campaign's page. */
export const performanceDetailSchema = z.object({
  subject: z.object({
    kind: z.enum(['campaign', ...campaignItemKinds]),
    id: z.number().int(),
    /** `CR-000010`, `OP-000010`, or null for a campaign. */
    reference: z.string().nullable(),
    title: z.string(),
    /** For a campaign: which of its items are read. */
    view: z.enum(performanceViews).nullable(),
  }),
  ...performanceBody,
  videos: z.array(performanceVideoSchema),
});
export type PerformanceDetail = z.infer<typeof performanceDetailSchema>;
export const performanceDetailResponseSchema = z.object({ data: performanceDetailSchema });

/** A row of the dashboard: a campaign, or a request or an opportunity in no campaign. */
export const performanceDashboardRowSchema = z.object({
  kind: z.enum(['campaign', ...campaignItemKinds]),
  id: z.number().int(),
  reference: z.string().nullable(),
  title: z.string(),
  goal: z.enum(campaignGoals).nullable(),
  headline: performanceHeadlineSchema.shape.figures,
  totals: performanceTotalsSchema,
});
export type PerformanceDashboardRow = z.infer<typeof performanceDashboardRowSchema>;

export const performanceDashboardSchema = z.object({
  ...performanceBody,
  rows: z.array(performanceDashboardRowSchema),
});
export type PerformanceDashboard = z.infer<typeof performanceDashboardSchema>;
export const performanceDashboardResponseSchema = z.object({ data: performanceDashboardSchema });

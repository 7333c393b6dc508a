import { z } from 'zod';
import { campaignGoals, campaignPhases } from './campaigns.js';
import { platforms } from './enums.js';
import { idParamSchema } from './primitives.js';
import { metricSources, scheduledMetricWindows } from './publication-metrics.js';

/**
 * A campaign's public report (issue 24 §4, spec §2 `/campaigns/{redirection}`): the advertiser
 * shares a link to a read-only page of the campaign's figures, and can revoke it. The page is
 * for anyone holding the link, so it says nothing private: no money at all (a cost, a CPM or a
 * budget would let a reader work out what creators were paid), no contact details, no ids of
 * people. Its schema lists each public field by name, apart from the advertiser's performance
 * schemas, so that a field added there never reaches visitors by default; the two sets those
 * pages show as they are (a post's figures, a chart's point) are written here, where every
 * field is public, and performance.ts reuses them.
 */

/** 32 random bytes in base64url: 43 characters of `A–Z a–z 0–9 - _`. */
export const SHARE_TOKEN_LENGTH = 43;
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The web page a share link opens (spec §2). */
export const sharedReportPath = (token: string) => `/campaigns/${token}`;

export const campaignShareParamsSchema = idParamSchema('campaign_id');

/** The campaign's active link, as its owner sees it. */
export const campaignShareLinkSchema = z.object({
  token: z.string(),
  /** The web app's page of the link (`/campaigns/{token}`), on the app's own address. */
  path: z.string(),
  created_at: z.string(),
  /** How many times the report was opened, and when last. */
  visits: z.number().int().nonnegative(),
  last_visited_at: z.string().nullable(),
});
export type CampaignShareLink = z.infer<typeof campaignShareLinkSchema>;

/** `GET`/`POST /v2/campaigns/{campaign_id}/share-link`: the active link (GET: null when none). */
export const campaignShareLinkResponseSchema = z.object({
  data: campaignShareLinkSchema.nullable(),
});
export const createdShareLinkResponseSchema = z.object({ data: campaignShareLinkSchema });

/**
 * `GET /v2/shared-campaigns/{token}`: any text up to Fastify's longest parameter (100); a token
 * that is not a live link is a 404.
 */
export const sharedCampaignParamsSchema = z.object({ token: z.string().max(100) });

const count = z.number().int().nonnegative();

/**
 * One set of figures of a post, with where it came from and when it was read: a post's public
 * counts only. The advertiser's pages show the same set (performance's `labelledFiguresSchema`
 * is this one): what they alone may show is added there, never here.
 */
export const sharedFiguresSchema = z.object({
  source: z.enum(metricSources),
  read_at: z.string(),
  /** For figures the creator submitted: whether the team checked them. */
  checked: z.boolean().nullable(),
  post_deleted: z.boolean(),
  views: count.nullable(),
  reach: count.nullable(),
  likes: count.nullable(),
  comments: count.nullable(),
  shares: count.nullable(),
  saves: count.nullable(),
  engagements: count.nullable(),
});
export type SharedFigures = z.infer<typeof sharedFiguresSchema>;

/** One published post of a video: its public address and figures. */
export const sharedPublicationSchema = z.object({
  platform: z.enum(platforms),
  url: z.string(),
  latest: sharedFiguresSchema.nullable(),
  at_7d: sharedFiguresSchema.nullable(),
});
export type SharedPublication = z.infer<typeof sharedPublicationSchema>;

/** The figures of a published video, summed over its posts. */
const sharedSumsFields = {
  views: count.nullable(),
  reach: count.nullable(),
  likes: count.nullable(),
  comments: count.nullable(),
  shares: count.nullable(),
  saves: count.nullable(),
  engagements: count.nullable(),
  /** Basis points: 412 = 4.12 %. */
  engagement_rate_bp: count.nullable(),
  /** People who followed the tracked links (bots and link previews left out). */
  clicks: count,
  views_7d: count.nullable(),
};

export const sharedVideoSchema = z.object({
  /** The creator's public name (their handle, else their name). */
  creator_name: z.string(),
  platforms: z.array(z.enum(platforms)),
  publications: z.array(sharedPublicationSchema),
  ...sharedSumsFields,
});
export type SharedVideo = z.infer<typeof sharedVideoSchema>;

export const sharedTotalsSchema = z.object({
  ...sharedSumsFields,
  /** Videos published, and those with figures read at least once. */
  published: count,
  with_figures: count,
  sources: z.array(z.enum(metricSources)),
  newest_read_at: z.string().nullable(),
  oldest_read_at: z.string().nullable(),
  /** Videos whose figures include a creator's not checked by the team yet. */
  unchecked: count,
});
export type SharedTotals = z.infer<typeof sharedTotalsSchema>;

/** One point of the chart (performance's `performancePointSchema` is this one). */
export const sharedPointSchema = z.object({
  window: z.enum(scheduledMetricWindows),
  views: count.nullable(),
  engagements: count.nullable(),
  /** How many videos had figures at this window. */
  videos: count,
});

export const sharedCampaignSchema = z.object({
  campaign: z.object({
    name: z.string(),
    /** The advertiser's public name. */
    brand_name: z.string(),
    goal: z.enum(campaignGoals),
    starts_on: z.string(),
    ends_on: z.string(),
    phase: z.enum(campaignPhases),
  }),
  totals: sharedTotalsSchema,
  series: z.array(sharedPointSchema),
  videos: z.array(sharedVideoSchema),
});
export type SharedCampaign = z.infer<typeof sharedCampaignSchema>;
export const sharedCampaignResponseSchema = z.object({ data: sharedCampaignSchema });

import { z } from 'zod';
import { platforms } from './enums.js';
import { idParamSchema } from './primitives.js';
import {
  contentRequestLineStates,
  type ContentRequestLineState,
} from './workflows/content-request-line.js';

/**
 * The creator's toolbox (issue 24 §5, spec `/toolbox`, `/toolbox/{session_id}`): for each of
 * their deliveries a readable short link per platform (`/l/{code}`) to the advertiser's page
 * with the campaign's UTM parameters, its QR code, where the link can go on each platform, and
 * the clicks our own redirect counted.
 */

/** The line states a toolbox lists: from the creator's acceptance onwards, not the ended ones. */
export const toolboxLineStates = [
  'accepted',
  'submitted',
  'debriefed',
  'rejected',
  'disputed',
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
] as const satisfies readonly ContentRequestLineState[];

export type LinkPlatform = (typeof platforms)[number];

/** A short link's code: lower-case ASCII words joined by dashes (`jasmin-amira`, `jasmin-amira-2`). */
export const TRACKED_LINK_CODE_MAX = 64;
export const trackedLinkCodePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Where a link can go on a platform, as codes the web words: `yes`, `no`, or `conditional`
 * with the condition's code (TikTok's bio link needs 1,000+ followers or a business account).
 */
export const placementPlaces = [
  'story_link_sticker',
  'reel_caption',
  'post_caption',
  'bio_link',
  'video_caption',
  'comments',
] as const;
export type PlacementPlace = (typeof placementPlaces)[number];
export const placementAnswers = ['yes', 'no', 'conditional'] as const;
export const placementConditions = ['followers_1000_or_business_account'] as const;

const placementHintSchema = z.object({
  place: z.enum(placementPlaces),
  answer: z.enum(placementAnswers),
  condition: z.enum(placementConditions).nullable(),
});
export type PlacementHint = z.infer<typeof placementHintSchema>;

/** The placement hints of each platform (the reference's §5.1, kept as data). */
export const placementHints = {
  instagram: [
    { place: 'story_link_sticker', answer: 'yes', condition: null },
    { place: 'bio_link', answer: 'yes', condition: null },
    { place: 'reel_caption', answer: 'no', condition: null },
    { place: 'post_caption', answer: 'no', condition: null },
  ],
  tiktok: [
    {
      place: 'bio_link',
      answer: 'conditional',
      condition: 'followers_1000_or_business_account',
    },
    { place: 'video_caption', answer: 'no', condition: null },
    { place: 'comments', answer: 'no', condition: null },
  ],
} as const satisfies Record<LinkPlatform, readonly PlacementHint[]>;

export const toolboxLineParamsSchema = idParamSchema('content_request_influencer_id');

/** One short link of a delivery on one platform, with what its redirect counted. */
export const trackedLinkSchema = z.object({
  platform: z.enum(platforms),
  code: z.string(),
  /** `https://…/l/{code}`: what the creator shares. */
  short_url: z.string(),
  /** The advertiser's page with the UTM parameters, where the short link leads. */
  target_url: z.string(),
  /** Visits of people (one per visitor per hour). */
  clicks: z.number().int(),
  /** Link-preview fetches (WhatsApp, Facebook, Slack…), counted apart. */
  previews: z.number().int(),
  last_click_at: z.string().nullable(),
});
export type TrackedLink = z.infer<typeof trackedLinkSchema>;

/**
 * Why a delivery has no link: the advertiser gave no page (no campaign page and no website).
 * Null when its links exist.
 */
export const toolboxMissingReasons = ['no_target_page'] as const;

export const toolboxLineSchema = z.object({
  content_request_influencer_id: z.number().int(),
  /** The line's public reference, `CR-000010-1` or `OP-000010-1`. */
  reference: z.string(),
  source_kind: z.enum(['content-request', 'opportunity']),
  title: z.string(),
  advertiser_name: z.string(),
  state: z.enum(contentRequestLineStates),
  platforms: z.array(z.enum(platforms)),
  campaign_name: z.string().nullable(),
  missing_reason: z.enum(toolboxMissingReasons).nullable(),
  links: z.array(trackedLinkSchema),
});
export type ToolboxLine = z.infer<typeof toolboxLineSchema>;

export const toolboxResponseSchema = z.object({ data: z.array(toolboxLineSchema) });
export type ToolboxResponse = z.infer<typeof toolboxResponseSchema>;

/** One delivery's toolbox: its links with their QR codes (SVG text) and the placement hints. */
export const toolboxLineDetailSchema = toolboxLineSchema.extend({
  links: z.array(trackedLinkSchema.extend({ qr_svg: z.string() })),
  hints: z.array(z.object({ platform: z.enum(platforms), places: z.array(placementHintSchema) })),
});
export type ToolboxLineDetail = z.infer<typeof toolboxLineDetailSchema>;

export const toolboxLineResponseSchema = z.object({ data: toolboxLineDetailSchema });
export type ToolboxLineResponse = z.infer<typeof toolboxLineResponseSchema>;

/** Lower-case ASCII words of a name for a link: accents dropped, anything else a dash. */
export function linkSlug(value: string, maxLength = 24): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}

import { z } from 'zod';
import { videoDurations } from './content-requests.js';
import { platforms, languageSchema } from './enums.js';
import { idSchema, safeText } from './primitives.js';
import { sharedFiguresSchema } from './campaign-sharing.js';

/**
 * The creator's media kit (issue 25, spec §2 `/media-kit`, `/media_kit/{influencer_name}`,
 * §7 `media_kit_is_ready`): a kit that fills itself from what Clipmarket knows — profile,
 * audience with each figure's source and date, the rate card, delivered work, the best
 * published videos their advertisers allowed showing — rendered by a job into a PDF and page
 * pictures, and shown to anyone on a public page with no navigation.
 *
 * What a visitor sees is the kit's last rendering (`content`), a snapshot taken by the render
 * job: the public page, its PDF and its link preview say the same thing, and what is private
 * (CIN, bank numbers, the e-mail and phone unless the creator shows the contact section) never
 * enters it.
 */

/** The spec's colour options (§9), the kit's theme. */
export const mediaKitThemes = ['purple', 'blue', 'pink', 'green', 'red', 'orange'] as const;
export type MediaKitTheme = (typeof mediaKitThemes)[number];

/** The kit's sections, in the order the kit shows them. The profile is always shown. */
export const mediaKitSections = [
  'profile',
  'audience',
  'rates',
  'track_record',
  'videos',
  'contact',
] as const;
export type MediaKitSection = (typeof mediaKitSections)[number];
export const hideableMediaKitSections = [
  'audience',
  'rates',
  'track_record',
  'videos',
  'contact',
] as const satisfies readonly MediaKitSection[];
export type HideableMediaKitSection = (typeof hideableMediaKitSections)[number];

/** At most this many featured videos (the kit's "best videos" page). */
export const MEDIA_KIT_MAX_FEATURED_VIDEOS = 6;
export const MEDIA_KIT_HEADLINE_MAX = 120;

/**
 * Where a kit's rendering stands: `none` before the first save, `rendering` while the job runs
 * (the previous rendering, if any, stays public meanwhile), `ready`, or `failed` (the job gave
 * up; saving again retries).
 */
export const mediaKitRenderStates = ['none', 'rendering', 'ready', 'failed'] as const;
export type MediaKitRenderState = (typeof mediaKitRenderStates)[number];

const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((values) => new Set(values).size === values.length, 'Each item may appear once');

/** `PUT /v2/media-kit`: what the creator chooses. Saving queues a rendering. */
export const mediaKitSettingsSchema = z.object({
  theme: z.enum(mediaKitThemes),
  /** The language the kit (page, PDF) is written in; tn is Arabic, right to left. */
  language: languageSchema,
  /** A short line under the name; null for none. */
  headline: safeText()
    .pipe(z.string().trim().max(MEDIA_KIT_HEADLINE_MAX, 'The headline is at most 120 characters'))
    .nullable(),
  /** A picture the creator uploaded (media purpose `media_kit_cover`); null for the theme's. */
  cover_file_id: idSchema.nullable(),
  hidden_sections: uniqueList(z.enum(hideableMediaKitSections), hideableMediaKitSections.length),
  /**
   * Delivery lines whose published video the kit features, in order; only lines of the creator
   * that are published and whose advertiser allowed showing them (else 422).
   */
  featured_line_ids: uniqueList(idSchema, MEDIA_KIT_MAX_FEATURED_VIDEOS),
  /** The public page is live (false: a visitor gets a 404, the creator still sees the preview). */
  is_published: z.boolean(),
});
export type MediaKitSettings = z.infer<typeof mediaKitSettingsSchema>;

const count = z.number().int().nonnegative();

/** A platform's audience in the kit, with where the figures came from and when. */
export const mediaKitAudienceSchema = z.object({
  platform: z.enum(platforms),
  username: z.string().nullable(),
  followers: count.nullable(),
  /** Engagement rate in basis points (1 % = 100), when known. */
  engagement_rate_bp: count.nullable(),
  /** Median views of the account's recent videos, when known. */
  median_views: count.nullable(),
  /** `api`: read from the connected account; `declared`: the creator's own figures. */
  source: z.enum(['api', 'declared']),
  /** When the figures were read or declared. */
  as_of: z.string().nullable(),
});
export type MediaKitAudience = z.infer<typeof mediaKitAudienceSchema>;

/** One featured video: where it was published and its figures at 7 days (or the latest). */
export const mediaKitVideoSchema = z.object({
  line_id: z.number().int(),
  /** The brief's content type key (contracts/content-types). */
  content_type: z.string().nullable(),
  video_duration: z.number().int().nullable(),
  /** The advertiser's brand name, shown as proof of partnership. */
  brand: z.string().nullable(),
  platform: z.enum(platforms),
  url: z.string(),
  /** The video's poster (a public picture of the kit's rendering), when there is one. */
  poster_url: z.string().nullable(),
  at_7d: sharedFiguresSchema.nullable(),
  latest: sharedFiguresSchema.nullable(),
});
export type MediaKitVideo = z.infer<typeof mediaKitVideoSchema>;

/** What a kit shows: its rendering's snapshot. Hidden sections are null. */
export const mediaKitContentSchema = z.object({
  profile: z.object({
    display_name: z.string(),
    influencer_name: z.string(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    /** Category names in the kit's language. */
    categories: z.array(z.string()),
    picture_url: z.string().nullable(),
    cover_url: z.string().nullable(),
  }),
  audience: z.array(mediaKitAudienceSchema).nullable(),
  rates: z
    .array(
      z.object({
        video_duration: z.union(videoDurations.map((d) => z.literal(d))),
        /** Millimes, whole dinars. */
        price: z.number().int(),
      }),
    )
    .nullable(),
  track_record: z
    .object({
      /** Deliveries approved by their advertiser on Clipmarket. */
      delivered: count,
      /** Of those, delivered by their deadline, in basis points; null before the first. */
      on_time_rate_bp: count.nullable(),
      /** Average of advertisers' ratings (1–5) in tenths (47 = 4.7); null when unrated. */
      average_rating_tenths: count.nullable(),
      ratings: count,
      /** Deliveries per content type key, most first. */
      by_content_type: z.array(z.object({ content_type: z.string(), count })),
    })
    .nullable(),
  videos: z.array(mediaKitVideoSchema).nullable(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  /** When the rendering read all this (the kit's footer date). */
  generated_at: z.string(),
});
export type MediaKitContent = z.infer<typeof mediaKitContentSchema>;

/** A rendering's files, on the app's own address. */
export const mediaKitRenderingSchema = z.object({
  pdf_url: z.string(),
  /** One picture per PDF page, in page order (the first is the link preview's image). */
  page_image_urls: z.array(z.string()),
  rendered_at: z.string(),
});

/** A video the creator may feature: their published deliveries, and whether it can be. */
export const mediaKitCandidateVideoSchema = z.object({
  line_id: z.number().int(),
  reference: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  platform: z.enum(platforms),
  url: z.string(),
  views_7d: count.nullable(),
  /** The advertiser allowed showing the video (else it cannot be featured). */
  showcase_allowed: z.boolean(),
});
export type MediaKitCandidateVideo = z.infer<typeof mediaKitCandidateVideoSchema>;

/** `GET`/`PUT /v2/media-kit`: the creator's kit, its preview and how it is doing. */
export const mediaKitResponseSchema = z.object({
  data: z.object({
    // The ids as plain numbers: an answer is encoded, and the input ids read strings too.
    settings: mediaKitSettingsSchema.extend({
      cover_file_id: z.number().int().nullable(),
      featured_line_ids: z.array(z.number().int()),
    }),
    render_state: z.enum(mediaKitRenderStates),
    /** Why the last rendering failed, as a code the web words. */
    render_error: z.string().nullable(),
    /** What the kit would show if rendered now, hidden sections included (the builder's preview). */
    preview: mediaKitContentSchema,
    rendering: mediaKitRenderingSchema.nullable(),
    candidate_videos: z.array(mediaKitCandidateVideoSchema),
    /** The public page (`/media_kit/{influencer_name}`), live when published and rendered. */
    public_path: z.string(),
    views: count,
    downloads: count,
  }),
});
export type MediaKitView = z.infer<typeof mediaKitResponseSchema>['data'];

/** The public page's address (spec §2). */
export const mediaKitPath = (influencerName: string) =>
  `/media_kit/${encodeURIComponent(influencerName)}`;

export const publicMediaKitParamsSchema = z.object({ influencer_name: z.string().min(1).max(100) });

/**
 * `GET /v2/media-kits/{influencer_name}`: a published, rendered kit for anyone (no sign-in).
 * A name the creator used before answers with the current one (`influencer_name`), which the
 * page moves to; a hidden kit, a deactivated account or an unknown name is a 404.
 */
export const publicMediaKitResponseSchema = z.object({
  data: z.object({
    influencer_id: z.number().int(),
    influencer_name: z.string(),
    theme: z.enum(mediaKitThemes),
    language: languageSchema,
    content: mediaKitContentSchema,
    rendering: mediaKitRenderingSchema,
    /** The page's address as a QR code (SVG markup). */
    qr_svg: z.string(),
  }),
});
export type PublicMediaKit = z.infer<typeof publicMediaKitResponseSchema>['data'];

/**
 * `PUT /v2/content-request-influencers/{content_request_influencer_id}/showcase` (beside the
 * line's other routes; answers the line, `lineResponseSchema`): the advertiser
 * allows (or stops allowing) the creator to show the line's published video in their media kit
 * and in Get inspired. Stopping takes it out of the kit at its next rendering.
 */
export const lineShowcaseBodySchema = z.object({ allowed: z.boolean() });

/**
 * `PUT /v2/admin/creators/{user_id}/media-kit`: an admin turns a creator's media kit on or off
 * (`is_show_media_kit`); off hides the public page at once.
 */
export const adminMediaKitFlagBodySchema = z.object({ is_show_media_kit: z.boolean() });
export const adminMediaKitFlagResponseSchema = z.object({
  data: z.object({ user_id: z.number().int(), is_show_media_kit: z.boolean() }),
});

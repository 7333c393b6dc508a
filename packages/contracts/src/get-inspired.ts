import { z } from 'zod';
import { sharedFiguresSchema } from './campaign-sharing.js';
import { videoDurations } from './content-requests.js';
import { contentTypes } from './content-types.js';
import { platforms } from './enums.js';
import { idSchema, keysetPageSchema, pageLimitSchema } from './primitives.js';

/**
 * Get inspired (issue 25 §3, spec §2 `/get-inspired`): a gallery of published videos whose
 * creator and advertiser both allowed showing them, for signed-in creators and advertisers.
 * The advertiser's consent is the line's `showcase_allowed` (also the media kit's), the
 * creator's its `creator_showcase_allowed`; withdrawing either removes the video and its poster.
 */

/** `PUT /v2/content-request-influencers/{id}/inspiration`: the line's creator's consent. */
export const lineInspirationBodySchema = z.object({ allowed: z.boolean() });
export type LineInspirationBody = z.infer<typeof lineInspirationBodySchema>;

/** `GET /v2/get-inspired`: newest first, keyset on the line id; every filter optional. */
export const getInspiredQuerySchema = z.object({
  /** One of the creator's categories (reference-data's category id). */
  category_id: idSchema.optional(),
  /** The brief's content type key. */
  content_type: z.enum(contentTypes.map((type) => type.key)).optional(),
  /** A platform the video was published on. */
  platform: z.enum(platforms).optional(),
  /** The length ordered, in seconds. */
  video_duration: z.coerce
    .number()
    .pipe(z.union(videoDurations.map((duration) => z.literal(duration))))
    .optional(),
  /** Keyset pagination: the last `line_id` of the previous page. */
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export type GetInspiredQuery = z.input<typeof getInspiredQuerySchema>;
/** The query as the server reads it (defaults applied). */
export type GetInspiredQueryParsed = z.output<typeof getInspiredQuerySchema>;

/** One video of the gallery. */
export const inspirationVideoSchema = z.object({
  line_id: z.number().int(),
  creator: z.object({
    influencer_id: z.number().int(),
    influencer_name: z.string(),
    /** The profile picture's address on the app; null when none. */
    picture_url: z.string().nullable(),
  }),
  /** The brief's content type key; null when none was given. */
  content_type: z.string().nullable(),
  /** The length ordered, in seconds; null when none was given. */
  video_duration: z.number().int().nullable(),
  /** Each approved publication (oldest first) with its figures 7 days after approval. */
  publications: z.array(
    z.object({
      platform: z.enum(platforms),
      url: z.string(),
      at_7d: sharedFiguresSchema.nullable(),
    }),
  ),
  /** `GET /v2/get-inspired/{line_id}/poster` (no sign-in, while both consents hold). */
  poster_url: z.string(),
});
export type InspirationVideo = z.infer<typeof inspirationVideoSchema>;

export const getInspiredResponseSchema = keysetPageSchema(inspirationVideoSchema);
export type GetInspiredPage = z.infer<typeof getInspiredResponseSchema>;

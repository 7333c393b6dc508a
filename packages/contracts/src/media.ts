import { z } from 'zod';
import { idSchema } from './primitives.js';
import { efileSchema } from './users.js';

export { efileSchema, type Efile } from './users.js';

/**
 * What an upload is for. It decides the accepted types and who may read the file:
 * `cin` scans and `metric_screenshot`s (a post's insights, issue 24 §2) are private (owner and
 * admins, DESIGN §3), the others public by unguessable token.
 */
export const mediaPurposes = [
  'profile',
  'cin',
  'document',
  'metric_screenshot',
  /** The cover picture of a creator's media kit (issue 25): public, on the kit's pages. */
  'media_kit_cover',
] as const;
export type MediaPurpose = (typeof mediaPurposes)[number];

/** Purposes whose files only their owner and admins may read. */
export const privateMediaPurposes: readonly MediaPurpose[] = ['cin', 'metric_screenshot'];

/** Sizes of the read URL /v2/media/{size}/{token}.{ext}; non-images have one size only. */
export const mediaSizes = ['thumb', 'medium', 'full'] as const;
export type MediaSize = (typeof mediaSizes)[number];

/** Longest side in pixels of each image variant; `full` keeps the original dimensions. */
export const imageVariantWidths = { thumb: 160, medium: 640 } as const;

/** Images with more pixels are refused before decoding (IMAGE_TOO_LARGE). */
export const MAX_IMAGE_MEGAPIXELS = 25;

/** Extensions stored (after detection from content), by kind. */
export const imageExtensions = ['jpg', 'png', 'webp', 'gif'] as const;
export const documentExtensions = ['pdf'] as const;

/** Upload error texts: spec §8 "Invalid file type..." written out like the video message of §5. */
export const uploadMessages = {
  invalidImage: 'Invalid file type. Allowed types are: jpg, png, webp, gif.',
  invalidDocument: 'Invalid file type. Allowed types are: pdf, jpg, png, webp, gif.',
  invalidPdf: 'Invalid file type. Allowed type is: pdf.',
  tooLarge: 'Sorry! File too large.',
  tooManyPixels: `Sorry! This image is too large: at most ${MAX_IMAGE_MEGAPIXELS} megapixels (e.g. 6000 × 4000 pixels).`,
  fileRequired: 'The file field is required',
  empty: 'This file is empty (0 bytes). Please choose another file.',
  queueFull: 'Your previous images are still being processed. Please wait a moment and try again.',
  interrupted: 'The upload was interrupted or malformed, please try again.',
} as const;

/** POST /v2/media/upload?purpose=… (and /media/uploadV2); `profile` when absent. */
export const uploadQuerySchema = z.object({
  purpose: z.enum(mediaPurposes).default('profile'),
});

/** Spec §7: status 200 with data.data = { file_id, token, file_extension, original_name }. */
export const uploadResponseSchema = z.object({ data: efileSchema });

export const mediaReadParamsSchema = z.object({
  size: z.enum(mediaSizes),
  /** `{token}.{ext}` */
  file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/, 'Unknown file'),
});

const mediaActionSchema = z.enum(['view', 'download']);

/**
 * Private files are read with the bearer header, or through a short-lived signed URL (from
 * GET /v2/media/private-url) for <img> tags that cannot send one. No access token ever travels
 * in a URL.
 */
export const mediaReadQuerySchema = z.object({
  /** `download` answers with Content-Disposition attachment and the original name. */
  action: mediaActionSchema.optional(),
  /** Accepted for the spec's URLs (`quality=high`); every variant is already served at its best. */
  quality: z.string().max(16).optional(),
  /** Signed URL: unix seconds after which it no longer works. */
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Signed URL: the user it was made for. */
  user: idSchema.optional(),
  /** Signed URL: HMAC of the file, `expires` and `user`. */
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid signature')
    .optional(),
});

/** GET /v2/media/private-url?file_id=&size=: a read URL of a file the caller may read. */
export const privateUrlQuerySchema = z.object({
  file_id: idSchema,
  size: z.enum(mediaSizes).default('medium'),
  action: mediaActionSchema.optional(),
});
export const privateUrlResponseSchema = z.object({
  data: z.object({
    /** Path of the read URL, signed when the file is private. */
    url: z.string(),
    /** When a signed URL stops working (ISO time); null for a public file. */
    expires_at: z.string().nullable(),
  }),
});
export type PrivateUrl = z.infer<typeof privateUrlResponseSchema>['data'];
